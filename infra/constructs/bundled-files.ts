/**
 * Files a handler module reads at run time besides its code (a font, say): esbuild bundles code
 * only, so each Lambda whose module is listed here gets them copied beside its bundle.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path/posix';
import { RECEIPT_FONT_BUNDLED, RECEIPT_FONT_MODULE } from '../../functions/services/billing/receipt-font.js';

/** `from`: an absolute path; `to`: where the module finds it, relative to its bundle's entry file. */
export type BundledFile = { from: string; to: string };

const resolvePackageFile = createRequire(import.meta.url).resolve;

/** The receipt PDF's font (functions/services/billing/receipt-pdf.ts). */
export const RECEIPT_FONT_FILE: BundledFile = { from: resolvePackageFile(RECEIPT_FONT_MODULE), to: RECEIPT_FONT_BUNDLED };

/** By handler module path (infra/constructs/handler-entry.ts): the modules that render receipts. */
export const BUNDLED_FILES: Readonly<Record<string, readonly BundledFile[]>> = {
  'functions/api/payments.ts': [RECEIPT_FONT_FILE],
};

/** The shell commands that copy `files` into a bundle's output folder, as NodejsFunction's afterBundling hook runs them. */
export function copyCommands(files: readonly BundledFile[], outputDir: string): string[] {
  return files.map((file) => `mkdir -p "${outputDir}/${dirname(file.to)}" && cp "${file.from}" "${outputDir}/${file.to}"`);
}

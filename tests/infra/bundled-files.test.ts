/**
 * Files a handler reads at run time reach its Lambda bundle: the receipt font is copied beside
 * the payments Lambda's code by the bundling hook every platform function is built with.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECEIPT_FONT_BUNDLED } from '../../functions/services/billing/receipt-font.js';
import { BUNDLED_FILES, RECEIPT_FONT_FILE } from '../../infra/constructs/bundled-files.js';
import { REPO_ROOT } from '../../infra/constructs/handler-entry.js';
import { platformBundling } from '../../infra/constructs/handler-function.js';
import { createTestApp, FIXTURE_HANDLER, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { resourcesOfType } from './support/template.js';

describe('bundled files', () => {
  it('gives the module that renders receipts the receipt font', () => {
    expect(BUNDLED_FILES['functions/api/payments.ts']).toEqual([RECEIPT_FONT_FILE]);
    expect(RECEIPT_FONT_FILE.to).toBe(RECEIPT_FONT_BUNDLED);
    expect(existsSync(RECEIPT_FONT_FILE.from)).toBe(true);
  });

  it(
    'copies a listed file beside the bundle of a function built with the platform bundling',
    () => {
      // Prepare
      const app = createTestApp();
      const stack = new Stack(app, 'Bundled');
      new NodejsFunction(stack, 'Receipts', {
        entry: FIXTURE_HANDLER,
        runtime: Runtime.NODEJS_22_X,
        projectRoot: REPO_ROOT,
        depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
        bundling: platformBundling([RECEIPT_FONT_FILE]),
      });

      // Act
      const template = Template.fromStack(stack);
      app.synth({ force: true });

      // Assess: the function's code asset is the bundle folder, and the font sits where the renderer looks.
      const [code] = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).map((resource) => resource.Properties?.Code as { S3Key: string });
      const assetDir = join(app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
      expect(existsSync(join(assetDir, 'index.mjs'))).toBe(true);
      expect(statSync(join(assetDir, RECEIPT_FONT_BUNDLED)).size).toBe(statSync(RECEIPT_FONT_FILE.from).size);
    },
    SYNTH_TIMEOUT_MS,
  );
});

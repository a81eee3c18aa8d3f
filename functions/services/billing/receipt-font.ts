/**
 * The font receipts are set in: Noto Sans SC Regular (SIL OFL 1.1), which covers simplified and
 * traditional Chinese and Latin, so one font prints every language and any billed-to name. The
 * Lambdas that render receipts get the file beside their bundle (infra/constructs/bundled-files.ts);
 * tests and the local host read it from node_modules. Pure data: CDK imports it.
 */

/** The font file inside its npm package (@expo-google-fonts/noto-sans-sc, pinned in package.json). */
export const RECEIPT_FONT_MODULE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** Where the font sits relative to a Lambda bundle's entry file. */
export const RECEIPT_FONT_BUNDLED = 'fonts/NotoSansSC-Regular.ttf';

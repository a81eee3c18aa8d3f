/**
 * Builds the platform for CDK tests: cdk.json's context (so feature flags match the CLI), every
 * function pointed at one fixture handler, and the fixture web build.
 */
import { App } from 'aws-cdk-lib';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPlatform, type Platform, type PlatformOptions } from '../../../infra/stacks/platform.js';

export const FIXTURE_HANDLER = fileURLToPath(new URL('../fixtures/handler.ts', import.meta.url));
export const FIXTURE_SITE = fileURLToPath(new URL('../fixtures/web-dist', import.meta.url));
export const TEST_MAIL_FROM = 'Campaign Platform <no-reply@mail.example.com>';

/** For beforeAll hooks that synthesize: bundling on a busy 2-core machine can take a while. */
export const SYNTH_TIMEOUT_MS = 120_000;

const CDK_JSON = fileURLToPath(new URL('../../../cdk.json', import.meta.url));

type CdkJson = { context?: Record<string, unknown> };

export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson: CdkJson = JSON.parse(readFileSync(CDK_JSON, 'utf8'));
  return cdkJson.context ?? {};
}

/**
 * A fresh App with cdk.json's context. CloudFormation's built-in template validation is off unless
 * asked for: it triples synthesis time and the real synth runs it anyway.
 */
export function createTestApp(options: { cloudFormationValidation?: boolean } = {}): App {
  return new App({ context: cdkJsonContext(), builtinCloudFormationValidation: options.cloudFormationValidation ?? false });
}

export function createTestPlatform(app: App = createTestApp(), options: Partial<PlatformOptions> = {}): Platform {
  return createPlatform(app, {
    isProduction: false,
    mailFrom: TEST_MAIL_FROM,
    entryResolver: () => FIXTURE_HANDLER,
    siteAssetsPath: FIXTURE_SITE,
    ...options,
  });
}

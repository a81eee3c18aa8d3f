import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerModulePath, missingHandlerModules, requiredHandlerModules, resolveHandlerEntry } from '../../infra/constructs/handler-entry.js';
import { createTestApp, createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription } from './support/template.js';

describe('handler modules', () => {
  it('expects one module per API group, the WebSocket handler, and each worker and job', () => {
    // Act
    const paths = requiredHandlerModules().map(handlerModulePath);

    // Assess: the set matters, not the order the groups are declared in
    expect([...paths].sort()).toEqual([
      'functions/api/auth.ts',
      'functions/api/config.ts',
      'functions/api/user.ts',
      'functions/api/account.ts',
      'functions/api/dashboard.ts',
      'functions/api/notifications.ts',
      'functions/api/announcements.ts',
      'functions/api/admin.ts',
      'functions/api/shopping-cart.ts',
      'functions/api/payments.ts',
      'functions/api/billing.ts',
      'functions/api/contacts.ts',
      'functions/api/groups.ts',
      'functions/api/imports.ts',
      'functions/api/exports.ts',
      'functions/api/templates.ts',
      'functions/api/file-manager.ts',
      'functions/api/search.ts',
      'functions/api/campaigns.ts',
      'functions/api/campaign-reports.ts',
      'functions/api/tracking.ts',
      'functions/api/sms-settings.ts',
      'functions/api/developers.ts',
      'functions/api/sender-identities.ts',
      'functions/ws/connection.ts',
      'functions/workers/outbound-mail.ts',
      'functions/workers/contact-import.ts',
      'functions/workers/export.ts',
      'functions/workers/campaign-plan.ts',
      'functions/workers/campaign-delivery.ts',
      'functions/workers/delivery-events.ts',
      'functions/workers/inbound-sms.ts',
      'functions/workers/webhook-deliveries.ts',
      'functions/workers/account-housekeeping.ts',
      'functions/workers/campaign-purge.ts',
      'functions/workers/campaign-scheduler.ts',
    ].sort());
  });

  it(
    'synthesizes the real handler modules as ESM bundles',
    () => {
      expect(missingHandlerModules()).toEqual([]);
      // Prepare
      const app = createTestApp({ cloudFormationValidation: true });
      const platform = createTestPlatform(app, { entryResolver: resolveHandlerEntry });

      // Act
      const assembly = app.synth();
      const [, auth] = functionByDescription(Template.fromStack(platform.api), 'API group auth ');
      const assetHash = String((auth.Code as { S3Key: unknown }).S3Key).replace(/\.zip$/, '');
      const bundle = join(assembly.directory, `asset.${assetHash}`, 'index.mjs');

      // Assess
      expect(existsSync(bundle)).toBe(true);
      expect(readFileSync(bundle, 'utf8')).toMatch(/^import\{createRequire\}from"module"|^import \{ createRequire \} from 'module'/);
    },
    // Bundles every Lambda one after another (about 1.5 s each on a quiet machine, 34 of them).
    SYNTH_TIMEOUT_MS * 2.5,
  );
});

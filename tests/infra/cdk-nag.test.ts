import { Stack, Validations, type App } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';

type ValidationReport = {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity?: string; violatingConstructs: { constructPath: string }[] }[] }[];
};

/**
 * Synthesizes with the AwsSolutions pack on the whole app and lists its unacknowledged findings,
 * errors and warnings alike, as `rule severity at construct path`.
 */
function awsSolutionsFindings(app: App): string[] {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let failure: unknown;
  try {
    app.synth();
  } catch (error) {
    failure = error;
  }
  // Validation runs after synthesis and always writes its report; without one, synthesis itself failed.
  const reportPath = join(app.outdir, 'validation-report.json');
  if (!existsSync(reportPath)) {
    if (failure) throw failure;
    return [];
  }
  const report: ValidationReport = JSON.parse(readFileSync(reportPath, 'utf8'));
  return report.pluginReports
    .filter((plugin) => plugin.pluginName === 'AwsSolutions')
    .flatMap((plugin) => plugin.violations)
    .flatMap((violation) => violation.violatingConstructs.map((construct) => `${violation.ruleName} ${violation.severity} at ${construct.constructPath}`));
}

describe('cdk-nag AwsSolutions', () => {
  it(
    'finds nothing unacknowledged in any stack, site deployment included',
    () => {
      // Prepare
      const app = createTestApp();
      createTestPlatform(app);

      // Act
      const findings = awsSolutionsFindings(app);

      // Assess
      expect(findings).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it('reports a finding when there is one (the check is live)', () => {
    // Prepare
    const app = createTestApp();
    new Bucket(new Stack(app, 'Careless'), 'OpenBucket');

    // Act
    const findings = awsSolutionsFindings(app);

    // Assess
    expect(findings).toContain('AwsSolutions-S10 error at Careless/OpenBucket/Resource');
  });
});

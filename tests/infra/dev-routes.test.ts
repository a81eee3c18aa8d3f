/**
 * The local host's dev pages and actions (/dev/*), its S3 pass-through, its SES stand-in and its stand-in for the
 * WebSocket management API exist nowhere in AWS: no route, no CloudFront path, no function, and no
 * deployed handler's code reaches the local host or the dev-only seed module.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerModulePath, REPO_ROOT, requiredHandlerModules, type HandlerModule } from '../../infra/constructs/handler-entry.js';
import { createTestApp, createTestPlatform, FIXTURE_HANDLER, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { resourcesOfType } from './support/template.js';

/** Paths of the local host only. */
const LOCAL_ONLY_PATH = /^\/(dev|_ws|_s3|_ses)(\/|$)/;
/** Modules that serve the dev routes: the local host and the demo seeding its dev actions call. */
const LOCAL_ONLY_MODULE = /^(infra\/local\/|functions\/services\/seed\.ts$)/;

let templates: Template[];
const deployedModules: HandlerModule[] = [];

beforeAll(() => {
  const app = createTestApp();
  const platform = createTestPlatform(app, {
    entryResolver: (module) => {
      deployedModules.push(module);
      return FIXTURE_HANDLER;
    },
  });
  templates = [platform.data, platform.messaging, platform.httpGateway, platform.web, platform.content, platform.realtime, platform.api, platform.workers].map((stack) =>
    Template.fromStack(stack),
  );
}, SYNTH_TIMEOUT_MS);

describe('dev routes in the stacks', () => {
  it('declares no /dev, /_ws or /_s3 route and no CloudFront behavior for them', () => {
    // Act
    const routeKeys = templates.flatMap((template) => Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).map((route) => String(route.Properties?.RouteKey)));
    const pathPatterns = templates.flatMap((template) =>
      Object.values(resourcesOfType(template, 'AWS::CloudFront::Distribution')).flatMap((distribution) => {
        const config = distribution.Properties?.DistributionConfig as { CacheBehaviors?: { PathPattern: string }[] };
        return (config.CacheBehaviors ?? []).map((behavior) => behavior.PathPattern);
      }),
    );

    // Assess
    expect(routeKeys.length).toBeGreaterThan(0);
    expect(routeKeys.filter((key) => LOCAL_ONLY_PATH.test(key.split(' ')[1] ?? ''))).toEqual([]);
    expect(pathPatterns.length).toBeGreaterThan(0);
    expect(pathPatterns.filter((pattern) => LOCAL_ONLY_PATH.test(pattern))).toEqual([]);
  });

  it('deploys exactly the route table’s handler modules, and none of them reaches a dev-only module', async () => {
    // Prepare
    const entries = requiredHandlerModules().map(handlerModulePath);

    // Act: the modules each deployed bundle is built from.
    const bundle = await build({
      entryPoints: entries.map((entry) => join(REPO_ROOT, entry)),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir: join(REPO_ROOT, 'cdk.out', 'dev-routes-check'),
      logLevel: 'silent',
    });
    const bundledModules = Object.keys(bundle.metafile.inputs);

    // Assess
    expect(deployedModules.map(handlerModulePath).sort()).toEqual([...new Set(entries)].sort());
    expect(entries.filter((entry) => LOCAL_ONLY_MODULE.test(entry))).toEqual([]);
    expect(bundledModules.length).toBeGreaterThan(entries.length);
    expect(bundledModules.filter((module) => LOCAL_ONLY_MODULE.test(module))).toEqual([]);
  });

  it('gives no function a DEV_ROUTES variable', () => {
    // Act
    const variables = templates.flatMap((template) =>
      Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).flatMap((lambda) =>
        Object.keys((lambda.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}),
      ),
    );

    // Assess
    expect(variables).not.toContain('DEV_ROUTES');
  });
});

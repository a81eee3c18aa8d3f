import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_GROUPS, ROUTES, routeKeyOf } from '../../functions/routes.js';
import { HTTP_INTEGRATION_LIMIT_SECONDS, apiGroupTimeoutSeconds } from '../../infra/constructs/api-group-function.js';
import { HTTP_API_THROTTLE } from '../../infra/stacks/http-gateway-stack.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS, TEST_MAIL_FROM } from './support/platform.js';
import { functionByDescription, platformFunctions, resourcesOfType } from './support/template.js';

/** Exactly the variables functions/lib/config.ts reads in AWS, plus the source-map runtime flag. */
const LAMBDA_ENVIRONMENT_KEYS = [
  'APP_URL',
  'CAMPAIGN_SEND_RATE',
  'CONTENT_BUCKET',
  'CONTENT_PUBLIC_URL',
  'DATA_BUCKET',
  'IDLE_TIME_MS',
  'JWT_SECRET_ARN',
  'MAIL_FROM',
  'NODE_OPTIONS',
  'ORIGIN_VERIFY_SECRET',
  'POWERTOOLS_LOG_LEVEL',
  'QUEUE_URL_CAMPAIGN_DELIVERY',
  'QUEUE_URL_CAMPAIGN_PLAN',
  'QUEUE_URL_CONTACT_IMPORT',
  'QUEUE_URL_DELIVERY_EVENTS',
  'QUEUE_URL_EXPORT',
  'QUEUE_URL_OUTBOUND_MAIL',
  'QUEUE_URL_WEBHOOK_DELIVERIES',
  'SES_CONFIGURATION_SET',
  'SMS_CONFIGURATION_SET',
  'SMS_SEND_RATE',
  'STAGE',
  'STRIPE_SECRET_KEY_ARN',
  'STRIPE_WEBHOOK_SECRET_ARN',
  'SUPPORT_EMAIL',
  'SUPPORT_PHONE',
  'TABLE_NAME',
  'WEBSOCKET_MANAGEMENT_URL',
  'WEBSOCKET_URL',
];

let api: Template;
let gateway: Template;
let allFunctionTemplates: Template[];

beforeAll(() => {
  const platform = createTestPlatform();
  api = Template.fromStack(platform.api);
  gateway = Template.fromStack(platform.httpGateway);
  allFunctionTemplates = [api, Template.fromStack(platform.realtime), Template.fromStack(platform.workers)];
}, SYNTH_TIMEOUT_MS);

describe('HTTP routes', () => {
  it('declares one route per route-table entry, keyed METHOD /path', () => {
    // Prepare
    const expectedKeys = ROUTES.map(routeKeyOf).sort();

    // Act
    const routeKeys = Object.values(resourcesOfType(api, 'AWS::ApiGatewayV2::Route')).map((route) => route.Properties?.RouteKey);

    // Assess
    expect(routeKeys.sort()).toEqual(expectedKeys);
  });

  it("integrates every route with its own group's function", () => {
    // Prepare
    const functionIdOfGroup = new Map(API_GROUPS.map((group) => [group, functionByDescription(api, `API group ${group} `)[0]]));
    const functionIdOfIntegration = new Map(
      Object.entries(resourcesOfType(api, 'AWS::ApiGatewayV2::Integration')).map(([id, integration]) => [
        id,
        (integration.Properties?.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
      ]),
    );

    // Act
    const functionIdOfRouteKey = new Map(
      Object.values(resourcesOfType(api, 'AWS::ApiGatewayV2::Route')).map((route) => {
        const target = JSON.stringify(route.Properties?.Target);
        const integrationId = [...functionIdOfIntegration.keys()].find((id) => target.includes(`"${id}"`));
        return [route.Properties?.RouteKey, integrationId && functionIdOfIntegration.get(integrationId)];
      }),
    );

    // Assess
    for (const route of ROUTES) expect(functionIdOfRouteKey.get(routeKeyOf(route)), routeKeyOf(route)).toBe(functionIdOfGroup.get(route.group));
  });

  it('serves each API group from exactly one function and one Lambda proxy integration', () => {
    // Act
    const groupFunctions = Object.values(resourcesOfType(api, 'AWS::Lambda::Function'));
    const integrations = Object.values(resourcesOfType(api, 'AWS::ApiGatewayV2::Integration'));

    // Assess
    expect(groupFunctions).toHaveLength(API_GROUPS.length);
    expect(integrations).toHaveLength(API_GROUPS.length);
    for (const integration of integrations) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it("stops each group's function before the 30 s integration limit, at its longest client timeout", () => {
    for (const group of API_GROUPS) {
      // Prepare
      const routes = ROUTES.filter((route) => route.group === group);

      // Act
      const [, properties] = functionByDescription(api, `API group ${group} `);

      // Assess
      expect(properties.Timeout).toBe(apiGroupTimeoutSeconds(routes));
      expect(properties.Timeout).toBeLessThanOrEqual(HTTP_INTEGRATION_LIMIT_SECONDS);
    }
  });

  it('caps a group timeout at 29 s and keeps shorter client timeouts', () => {
    // Act & Assess
    expect(apiGroupTimeoutSeconds([{ clientTimeoutMs: 50_000 }, { clientTimeoutMs: 30_000 }])).toBe(29);
    expect(apiGroupTimeoutSeconds([{ clientTimeoutMs: 10_000 }, { clientTimeoutMs: 5_500 }])).toBe(10);
  });
});

describe('function runtime and configuration', () => {
  it('runs every API function on Node 20, arm64, 512–1024 MB, as an ESM bundle', () => {
    for (const resource of Object.values(resourcesOfType(api, 'AWS::Lambda::Function'))) {
      // Assess
      expect(resource.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(resource.Properties?.MemorySize).toBeGreaterThanOrEqual(512);
      expect(resource.Properties?.MemorySize).toBeLessThanOrEqual(1024);
    }
  });

  it('gives every platform function exactly the configuration variables, in AWS mode', () => {
    for (const template of allFunctionTemplates) {
      for (const [id, resource] of Object.entries(platformFunctions(template))) {
        // Act
        const variables = (resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;

        // Assess
        expect(Object.keys(variables).sort(), id).toEqual(LAMBDA_ENVIRONMENT_KEYS);
        expect(variables, id).toMatchObject({ STAGE: 'production', POWERTOOLS_LOG_LEVEL: 'INFO', MAIL_FROM: TEST_MAIL_FROM });
        expect(JSON.stringify(variables.APP_URL), id).toContain('https://');
      }
    }
  });

  it("never opens any function's page fetch to private addresses (the test-only PAGE_FETCH_TEST_HOSTS)", () => {
    for (const template of allFunctionTemplates) {
      for (const [id, resource] of Object.entries(platformFunctions(template))) {
        // Act
        const variables = (resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;

        // Assess
        expect(variables, id).not.toHaveProperty('PAGE_FETCH_TEST_HOSTS');
        expect(variables.STAGE, id).toBe('production');
      }
    }
  });

  it('gives each function its own log group with a retention', () => {
    // Act
    const logGroups = Object.values(resourcesOfType(api, 'AWS::Logs::LogGroup'));

    // Assess
    expect(logGroups).toHaveLength(API_GROUPS.length);
    for (const logGroup of logGroups) expect(logGroup.Properties?.RetentionInDays).toBeGreaterThan(0);
  });
});

describe('HTTP API stage', () => {
  it('serves the $default stage with auto-deploy, throttling and access logs', () => {
    // Assess
    gateway.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: HTTP_API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: HTTP_API_THROTTLE.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"routeKey":"\\$context.routeKey"') },
    });
  });
});

import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_ROUTES } from '../../functions/routes.js';
import { WEBSOCKET_STAGE_NAME, WEBSOCKET_THROTTLE } from '../../infra/stacks/realtime-stack.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription, platformFunctions, resourcesOfType } from './support/template.js';

let realtime: Template;
let api: Template;

beforeAll(() => {
  const platform = createTestPlatform();
  realtime = Template.fromStack(platform.realtime);
  api = Template.fromStack(platform.api);
}, SYNTH_TIMEOUT_MS);

describe('WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the one connection function', () => {
    // Prepare
    const [functionId] = functionByDescription(realtime, 'WebSocket ');
    const [integrationId] = Object.keys(resourcesOfType(realtime, 'AWS::ApiGatewayV2::Integration'));

    // Act
    const routes = Object.values(resourcesOfType(realtime, 'AWS::ApiGatewayV2::Route'));

    // Assess
    expect(routes.map((route) => route.Properties?.RouteKey).sort()).toEqual([...WEBSOCKET_ROUTES].sort());
    for (const route of routes) expect(JSON.stringify(route.Properties?.Target)).toContain(`"${integrationId}"`);
    const integration = resourcesOfType(realtime, 'AWS::ApiGatewayV2::Integration')[integrationId].Properties;
    expect(integration?.IntegrationType).toBe('AWS_PROXY');
    expect(JSON.stringify(integration?.IntegrationUri)).toContain(`"${functionId}"`);
  });

  it('relays the return value of $default only (ping answers), through a route response', () => {
    // Act
    const routes = Object.values(resourcesOfType(realtime, 'AWS::ApiGatewayV2::Route'));
    const withResponse = routes.filter((route) => route.Properties?.RouteResponseSelectionExpression === '$default');

    // Assess
    expect(withResponse.map((route) => route.Properties?.RouteKey)).toEqual(['$default']);
    realtime.resourceCountIs('AWS::ApiGatewayV2::RouteResponse', 1);
  });

  it('deploys a throttled, access-logged stage, with the account logging role in place first', () => {
    // Assess
    realtime.hasResource('AWS::ApiGatewayV2::Stage', {
      Properties: Match.objectLike({
        StageName: WEBSOCKET_STAGE_NAME,
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: WEBSOCKET_THROTTLE.rateLimit, ThrottlingBurstLimit: WEBSOCKET_THROTTLE.burstLimit },
        AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('connectionId') }),
      }),
      DependsOn: Match.arrayWith([Match.stringLikeRegexp('^ApiGatewayLoggingAccount')]),
    });
    realtime.hasResource('AWS::IAM::Role', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })] }) }),
    });
  });

  it('publishes a policy that manages only the connections of this API stage', () => {
    // Assess
    realtime.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Allow',
            Action: 'execute-api:ManageConnections',
            Resource: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(`/${WEBSOCKET_STAGE_NAME}/POST/@connections/\\*$`)])] },
          },
        ],
      },
    });
  });
});

describe('socket endpoints in every function', () => {
  it('passes the wss URL and the https management URL of the stage', () => {
    for (const template of [realtime, api]) {
      for (const [id, resource] of Object.entries(platformFunctions(template))) {
        // Act
        const variables = (resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
        const url = JSON.stringify(variables.WEBSOCKET_URL);
        const managementUrl = JSON.stringify(variables.WEBSOCKET_MANAGEMENT_URL);

        // Assess
        expect(url, id).toMatch(/"wss:\/\/".*execute-api.*"\/live"/);
        expect(managementUrl, id).toMatch(/"https:\/\/".*execute-api.*"\/live"/);
      }
    }
  });
});

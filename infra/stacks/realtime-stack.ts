/**
 * The WebSocket API of spec §7's socket events: $connect, $disconnect and $default all reach one
 * function. Also publishes the managed policy that lets other functions post to connections.
 */
import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketRoute, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { WEBSOCKET_ROUTES } from '../../functions/routes.js';
import { ApiGatewayLoggingRole } from '../constructs/api-gateway-logging-role.js';
import { acknowledgeWildcardResource } from '../constructs/nag.js';
import { FUNCTION_ACCESS, FunctionConfig, type FunctionConfigProps, type RealtimeEndpoints } from '../constructs/function-config.js';
import { GatewayAccessLog } from '../constructs/gateway-access-log.js';
import type { EntryResolver } from '../constructs/handler-entry.js';
import { HandlerFunction } from '../constructs/handler-function.js';

export const WEBSOCKET_STAGE_NAME = 'live';

/** Per-stage limits on messages and connects per second; far below the account's 10,000. */
export const WEBSOCKET_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** A handshake and a short message exchange: well under API Gateway's 29 s integration cap. */
const CONNECTION_FUNCTION_TIMEOUT = Duration.seconds(10);

export type RealtimeStackProps = StackProps & {
  /** Every other input of the function configuration; this stack adds its own endpoints. */
  functionResources: Omit<FunctionConfigProps, 'realtime'>;
  entryResolver: EntryResolver;
};

export class RealtimeStack extends Stack {
  readonly endpoints: RealtimeEndpoints;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);

    const api = new WebSocketApi(this, 'WebSocketApi', { description: 'Campaign platform socket events' });
    const stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: api,
      stageName: WEBSOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      accessLogSettings: new GatewayAccessLog(this, 'AccessLog', {
        connectionId: '$context.connectionId',
        eventType: '$context.eventType',
        integrationError: '$context.integration.error',
      }).settings,
    });
    // Unlike HTTP APIs, WebSocket stages log through the account's API Gateway CloudWatch role.
    stage.node.addDependency(new ApiGatewayLoggingRole(this, 'ApiGatewayLogging'));

    const publishPolicy = new ManagedPolicy(this, 'PublishToSocketsPolicy', {
      description: 'Post to and close connections of the campaign platform WebSocket API',
      statements: [new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn(api, stage)] })],
    });
    acknowledgeWildcardResource(
      publishPolicy,
      connectionsArn(api, stage),
      'Connection ids exist only at run time; the wildcard is limited to @connections of this API and stage.',
    );

    this.endpoints = { url: stage.url, managementUrl: stage.callbackUrl, publishPolicy };
    const connection = new HandlerFunction(this, 'Connection', {
      entry: props.entryResolver({ kind: 'websocket' }),
      description: 'WebSocket $connect, $disconnect and $default',
      timeout: CONNECTION_FUNCTION_TIMEOUT,
      config: new FunctionConfig({ ...props.functionResources, realtime: this.endpoints }),
      capabilities: FUNCTION_ACCESS.websocket,
    });

    const integration = new WebSocketLambdaIntegration('ConnectionIntegration', connection.function);
    for (const routeKey of WEBSOCKET_ROUTES) {
      // $default answers pings in its return value, which API Gateway relays only with a route response.
      const returnResponse = routeKey === '$default';
      const route = new WebSocketRoute(this, `Route${routeKey}`, { webSocketApi: api, routeKey, integration, returnResponse });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          '$connect verifies the session token itself (browsers cannot send an Authorization header on a WebSocket); $disconnect and $default act only on the connection it stored.',
      });
    }
  }
}

/** execute-api ARN of every connection of the stage's `@connections` API. */
function connectionsArn(api: WebSocketApi, stage: WebSocketStage): string {
  return Stack.of(api).formatArn({ service: 'execute-api', resource: api.apiId, resourceName: `${stage.stageName}/POST/@connections/*` });
}

/**
 * The HTTP API and its stage, without routes. CloudFront fronts this API and every function's
 * APP_URL names CloudFront, so the API must exist before the web stack, and the route functions
 * after it: ApiStack attaches the routes.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { GatewayAccessLog } from '../constructs/gateway-access-log.js';

/**
 * Steady requests per second and burst for the whole stage: far below the account's 10,000, so a
 * runaway client cannot starve other APIs in the account; raise with real traffic numbers.
 */
export const HTTP_API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

export class HttpGatewayStack extends Stack {
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);

    // No CORS: browsers call the API through CloudFront on the web app's own origin.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Campaign platform HTTP API', createDefaultStage: false });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      // $default serves paths as declared in the route table, with no stage prefix.
      stageName: '$default',
      autoDeploy: true,
      throttle: HTTP_API_THROTTLE,
      accessLogSettings: new GatewayAccessLog(this, 'AccessLog', {
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }).settings,
    });
  }
}

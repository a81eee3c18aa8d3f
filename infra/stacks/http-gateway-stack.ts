/**
 * The HTTP API and its stage, without routes. CloudFront fronts this API and every function's
 * APP_URL names CloudFront, so the API must exist before the web stack, and the route functions
 * after it: ApiStack attaches the routes.
 */
import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GatewayAccessLog } from '../constructs/gateway-access-log.js';

/**
 * Steady requests per second and burst for the whole stage: far below the account's 10,000, so a
 * runaway client cannot starve other APIs in the account; raise with real traffic numbers.
 */
export const HTTP_API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

export class HttpGatewayStack extends Stack {
  readonly httpApi: HttpApi;
  /**
   * Generated per stack: CloudFront sends it to the API as ORIGIN_VERIFY_HEADER, so the API can
   * tell a request that came through the distribution (and its viewer address) from a direct one.
   */
  readonly originVerifySecret: Secret;

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

    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: 'Sent by CloudFront to the HTTP API with every request: proves the viewer address header is CloudFront\'s',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront and the functions receive the value at deploy time; a rotation takes effect with the next deploy of both, so it is rotated by redeploying, not by a rotation Lambda.',
    });
  }
}

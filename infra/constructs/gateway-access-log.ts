/**
 * Access logs of an API Gateway stage: a log group of our own and one JSON line per request, so
 * CloudWatch Logs Insights can filter by route, status and integration error.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, type IAccessLogSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LOG_RETENTION } from './handler-function.js';

/** `$context` variables both HTTP and WebSocket APIs define. */
const COMMON_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  status: '$context.status',
  error: '$context.error.message',
};

export class GatewayAccessLog extends Construct {
  readonly settings: IAccessLogSettings;

  /** `extraFields` adds `$context` variables of one API kind (integration errors are named differently per kind). */
  constructor(scope: Construct, id: string, extraFields: Readonly<Record<string, string>> = {}) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.settings = {
      destination: new LogGroupLogDestination(logGroup),
      format: AccessLogFormat.custom(JSON.stringify({ ...COMMON_FIELDS, ...extraFields })),
    };
  }
}

/**
 * One API group of the route table: one Lambda serving all of the group's routes, and one HTTP API
 * route per entry, keyed `METHOD /path` exactly as the handler sees it in `event.routeKey`.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { ApiGroup, RouteDefinition } from '../../functions/routes.js';
import { FUNCTION_ACCESS, type FunctionConfig } from './function-config.js';
import { HandlerFunction } from './handler-function.js';

/** HTTP API integrations end at 30 s; the function stops first so the client gets our answer. */
export const HTTP_INTEGRATION_LIMIT_SECONDS = 29;

/** The group's time limit: its longest client timeout (spec §9), capped by the integration limit. */
export function apiGroupTimeoutSeconds(routes: readonly Pick<RouteDefinition, 'clientTimeoutMs'>[]): number {
  const longestClientTimeout = Math.max(...routes.map((route) => Math.ceil(route.clientTimeoutMs / 1000)));
  return Math.min(HTTP_INTEGRATION_LIMIT_SECONDS, longestClientTimeout);
}

export type ApiGroupFunctionProps = {
  group: ApiGroup;
  routes: readonly RouteDefinition[];
  httpApi: IHttpApi;
  entry: string;
  config: FunctionConfig;
};

export class ApiGroupFunction extends Construct {
  readonly handler: HandlerFunction;

  constructor(scope: Construct, id: string, props: ApiGroupFunctionProps) {
    super(scope, id);

    this.handler = new HandlerFunction(this, 'Handler', {
      entry: props.entry,
      description: `API group ${props.group} (${props.routes.length} routes)`,
      timeout: Duration.seconds(apiGroupTimeoutSeconds(props.routes)),
      config: props.config,
      capabilities: FUNCTION_ACCESS.api[props.group],
    });

    // One invoke permission for the API rather than one per route keeps the function's resource
    // policy far below its 20 KB limit as the group grows.
    const integration = new HttpLambdaIntegration('Integration', this.handler.function, { scopePermissionToRoute: false });
    for (const route of props.routes) {
      const httpRoute = new HttpRoute(this, `Route${route.method}${route.path.replace(/[^A-Za-z0-9]/g, '')}`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization is per route in the handler middleware (functions/lib/http.ts): it verifies the session token and the access the route table declares; public routes are public by design.',
      });
    }
  }
}

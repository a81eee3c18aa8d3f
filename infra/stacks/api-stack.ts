/**
 * The HTTP routes of the route table: one function per API group, attached to the HTTP API of
 * HttpGatewayStack.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { API_GROUPS, ROUTES, type ApiGroup } from '../../functions/routes.js';
import { ApiGroupFunction } from '../constructs/api-group-function.js';
import type { FunctionConfig } from '../constructs/function-config.js';
import type { EntryResolver } from '../constructs/handler-entry.js';
import { pascalCase } from '../constructs/naming.js';

export type ApiStackProps = StackProps & {
  httpApi: IHttpApi;
  config: FunctionConfig;
  entryResolver: EntryResolver;
};

export class ApiStack extends Stack {
  readonly groups: ReadonlyMap<ApiGroup, ApiGroupFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.groups = new Map(
      API_GROUPS.map((group) => [
        group,
        new ApiGroupFunction(this, `${pascalCase(group)}Api`, {
          group,
          routes: ROUTES.filter((route) => route.group === group),
          httpApi: props.httpApi,
          entry: props.entryResolver({ kind: 'api', group }),
          config: props.config,
        }),
      ]),
    );
  }
}

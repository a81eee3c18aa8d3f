import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { once } from './clients.js';

/** The `@connections` management client of a WebSocket API stage. */
export function managementClient(endpoint: string): ApiGatewayManagementApiClient {
  return once(`ws:${endpoint}`, () => new ApiGatewayManagementApiClient({ endpoint }));
}

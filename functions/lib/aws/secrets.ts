import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { once } from './clients.js';

export function secretsClient(): SecretsManagerClient {
  return once('secrets', () => new SecretsManagerClient({}));
}

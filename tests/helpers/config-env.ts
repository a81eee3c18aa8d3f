/**
 * The variables the product's configuration cannot do without, for code that runs without a host
 * (unit tests, benchmarks that call no queue): every queue of the route table gets a URL nothing
 * answers, so a queue added to the table needs no change here.
 */
import { QUEUES } from '../../functions/routes.js';
import { queueUrlEnvName } from '../../infra/local/emulators.js';

export function requiredConfigEnv(values: Record<string, string> = {}): Record<string, string> {
  return {
    TABLE_NAME: 'unit-table',
    DATA_BUCKET: 'unit-data',
    APP_URL: 'http://127.0.0.1',
    ...Object.fromEntries(QUEUES.map((queue) => [queueUrlEnvName(queue.name), `http://127.0.0.1:1/${queue.name}`])),
    ...values,
  };
}

/**
 * Invokes a handler module with a sample event, as Lambda would, and prints its answer:
 *
 *   npx tsx events/invoke.ts functions/api/user.ts events/api/get-user.json
 *
 * The handler reads its configuration from the environment (functions/lib/config.ts), so run it
 * with the variables the local host uses, or your own, set.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modulePath, eventPath] = process.argv.slice(2);
if (!modulePath || !eventPath) {
  console.error('usage: npx tsx events/invoke.ts <handler module> <event json>');
  process.exit(2);
}

const { handler } = await import(pathToFileURL(resolve(modulePath)).href);
const event = JSON.parse(readFileSync(eventPath, 'utf8'));
const timeoutMs = 29_000;
const startedAt = Date.now();
// The parts of Lambda's context that middleware and the batch processor read.
const context = {
  functionName: `local-${basename(modulePath, '.ts')}`,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${basename(modulePath, '.ts')}`,
  memoryLimitInMB: '1024',
  awsRequestId: randomUUID(),
  logGroupName: 'local',
  logStreamName: 'local',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - startedAt)),
};

console.log(JSON.stringify(await handler(event, context), null, 2));

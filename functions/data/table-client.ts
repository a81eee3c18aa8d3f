import { config } from '../lib/config.js';
import { documentClient } from '../lib/aws/dynamodb.js';

/** The document client and table name every repository uses. */
export function table() {
  return { db: documentClient(), name: config().TABLE_NAME };
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

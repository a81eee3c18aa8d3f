/** The account's billing info (billing §3): name, company and address, one item per account. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BillingInfo } from '../../shared/domain/billing-details.js';
import { keys } from './keys.js';
import { table } from './table-client.js';

// Access pattern: the account's billing info, or null before it was given.
export async function getBillingInfo(tuid: string): Promise<BillingInfo | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.billingInfo(tuid) }));
  if (!answer.Item) return null;
  return { name: answer.Item.name as string, company: answer.Item.company as string, addressOne: answer.Item.addressOne as string };
}

/** Writes the whole billing info: every field is required, so there is nothing to merge here. */
export async function saveBillingInfo(tuid: string, info: BillingInfo, now: Date): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.billingInfo(tuid), ...info, updateTime: now.toISOString() } }));
}

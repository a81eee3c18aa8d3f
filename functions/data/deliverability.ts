/**
 * An account's delivery outcomes per UTC day and family (docs/data-model.md "Deliverability"):
 * one item per day, changed only by ADD inside the transaction that records the event it counts,
 * so each outcome is counted once. The dashboard's 30-day rates read 60 small items with one query.
 */
import { type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import type { DeliverabilityDay, OutcomeCounts } from '../../shared/domain/deliverability-guard.js';
import { keys } from './keys.js';
import { queryPages, table, ttlSeconds } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const OUTCOMES = ['delivered', 'hardBounces', 'softBounces', 'failed', 'complaints', 'unsubscribes'] as const satisfies ReadonlyArray<keyof OutcomeCounts>;

/** Days are kept a little past the window the dashboard reads; TTL removes them later. */
const KEEP_DAYS = 40;

/** The day's ADD of an event's outcome counts as a transaction item, or null when it counts none. */
export function deliverabilityDayUpdate(tuid: string, family: CampaignFamily, time: string, delta: Partial<OutcomeCounts>): TransactItem | null {
  const adds = OUTCOMES.filter((name) => (delta[name] ?? 0) !== 0);
  if (adds.length === 0) return null;
  const day = time.slice(0, 10);
  return {
    Update: {
      TableName: table().name,
      Key: keys.deliverabilityDay(tuid, family, day),
      UpdateExpression: `ADD ${adds.map((name) => `#${name} :${name}`).join(', ')} SET expiresAt = if_not_exists(expiresAt, :expires)`,
      ExpressionAttributeNames: Object.fromEntries(adds.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: { ...Object.fromEntries(adds.map((name) => [`:${name}`, delta[name]])), ':expires': ttlSeconds(new Date(`${day}T00:00:00.000Z`)) + KEEP_DAYS * 86_400 },
    },
  };
}

// Access pattern: the account's days from `firstDay` to `lastDay` (inclusive, YYYY-MM-DD), both families.
export async function listDeliverabilityDays(tuid: string, firstDay: string, lastDay: string): Promise<DeliverabilityDay[]> {
  const days: DeliverabilityDay[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
    ExpressionAttributeValues: { ':pk': keys.deliverabilityPartition(tuid), ':first': `DAY#${firstDay}#`, ':last': `DAY#${lastDay}#~` },
  })) {
    for (const item of page) {
      const [, day, family] = String(item.SK).split('#');
      if (family !== 'email' && family !== 'sms') continue;
      const count = (name: (typeof OUTCOMES)[number]) => Number(item[name] ?? 0);
      days.push({ day, family, delivered: count('delivered'), hardBounces: count('hardBounces'), softBounces: count('softBounces'), failed: count('failed'), complaints: count('complaints'), unsubscribes: count('unsubscribes') });
    }
  }
  return days;
}

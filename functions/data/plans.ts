/** Plans: what each paid order line gave the account (shared/domain/plans.ts), under the account. */
import { UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TPlan } from '../../shared/schemas/payments.js';
import { keys } from './keys.js';
import { queryPages, table } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type PlanRecord = TPlan & {
  /** The card a monthly plan renews with (billing §4: a card with plans cannot be deleted). */
  paymentMethodId: string;
};

/** A new plan's write, once: the order's settlement puts it in the same transaction as its credits. */
export function planPut(tuid: string, plan: PlanRecord): TransactItem {
  return { Put: { TableName: table().name, Item: { ...keys.plan(tuid, plan.planId), ...plan }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

// Access pattern: every plan of an account, oldest first.
export async function listPlans(tuid: string): Promise<PlanRecord[]> {
  const plans: PlanRecord[] = [];
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.planPrefix } })) {
    for (const { PK: _pk, SK: _sk, ...plan } of page) plans.push(plan as PlanRecord);
  }
  return plans;
}

/** Plans that still charge `paymentMethodId`: auto-renewing ones not yet expired (billing §3 `orderCount`). */
export function plansChargingCard(plans: readonly PlanRecord[], paymentMethodId: string, now: Date): PlanRecord[] {
  return plans.filter((plan) => plan.paymentMethodId === paymentMethodId && plan.autoRenew && Date.parse(plan.expiryTime) > now.getTime());
}

/** A replaced card (billing §7 card/update): the plans it paid for renew with the new one. */
export async function moveRenewals(tuid: string, plans: readonly PlanRecord[], paymentMethodId: string): Promise<void> {
  const { db, name } = table();
  for (const plan of plans) {
    await db.send(new UpdateCommand({ TableName: name, Key: keys.plan(tuid, plan.planId), UpdateExpression: 'SET paymentMethodId = :pm', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':pm': paymentMethodId } }));
  }
}

/** Shopping cart items, under the buying account. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table } from './table-client.js';

export type CartItemRecord = {
  id: string;
  itemType: 'email' | 'attachment' | 'dynamicattachment' | 'sms' | 'filestorage' | 'team' | 'ip' | 'dns';
  planType: 'monthly' | 'refill' | 'others';
  quantity: number;
  paymentCycle: 'monthly' | 'quarterly' | 'annually' | 'oneoff';
  /** Minor units of the cart's currency. */
  price: number;
  currency: string;
  additionalInfo?: { domain?: string };
};

// Access pattern: every item in an account's cart.
export async function listCartItems(tuid: string): Promise<CartItemRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.cartItemPrefix },
    }),
  );
  return (answer.Items ?? []) as CartItemRecord[];
}

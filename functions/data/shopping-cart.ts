/** Shopping cart items and the cart's options, under the buying account. */
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentCycle, ProductKind } from '../../shared/domain/pricing.js';
import { keys } from './keys.js';
import { table, transactWrite } from './table-client.js';

export type CartItemRecord = {
  id: string;
  itemType: ProductKind;
  planType: 'monthly' | 'refill' | 'others';
  quantity: number;
  paymentCycle: PaymentCycle;
  /** Minor units of the cart's currency: what the line charges now, its cycle's discount taken off. */
  price: number;
  currency: string;
  /** Epoch ms the line was first added: lines of one kind keep that order. */
  addedAt: number;
  additionalInfo?: { domain?: string };
};

export type CartOptions = { currency: string; payCycle: Exclude<PaymentCycle, 'oneoff'> };

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
  return (answer.Items ?? []).map(({ PK: _pk, SK: _sk, ...item }) => item as CartItemRecord);
}

/** The cart's options, or null before the account has chosen any. */
export async function getCartOptions(tuid: string): Promise<CartOptions | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.cartOptions(tuid) }));
  return answer.Item ? { currency: answer.Item.currency as string, payCycle: answer.Item.payCycle as CartOptions['payCycle'] } : null;
}

/** Writes the options and the given lines (new or re-priced) in one transaction, so a cart is never priced in two currencies. */
export async function saveCart(tuid: string, options: CartOptions, items: readonly CartItemRecord[]): Promise<void> {
  const { name } = table();
  await transactWrite([
    { Put: { TableName: name, Item: { ...keys.cartOptions(tuid), ...options } } },
    ...items.map((item) => ({ Put: { TableName: name, Item: { ...keys.cartItem(tuid, item.id), ...item } } })),
  ]);
}

export async function deleteCartItem(tuid: string, id: string): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.cartItem(tuid, id) }));
}

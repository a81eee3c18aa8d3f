/**
 * Unique names (templates, campaigns): a name item per name key, claimed in the same transaction
 * as the record it names and released in the same transaction as a rename or delete, so two
 * records of a kind never share a name and a crash never leaves a name half moved.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, table, transactWrite } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type ItemKey = { PK: string; SK: string };

/** Claims a name for `ownerId` (kept under `ownerAttribute`); fails when the name is taken. */
export function nameClaimItem(key: ItemKey, ownerAttribute: string, ownerId: string): TransactItem {
  return { Put: { TableName: table().name, Item: { ...key, [ownerAttribute]: ownerId }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Releases a name, only if `ownerId` holds it. */
export function nameReleaseItem(key: ItemKey, ownerAttribute: string, ownerId: string): TransactItem {
  return {
    Delete: {
      TableName: table().name,
      Key: key,
      ConditionExpression: '#owner = :id',
      ExpressionAttributeNames: { '#owner': ownerAttribute },
      ExpressionAttributeValues: { ':id': ownerId },
    },
  };
}

/**
 * Runs a transaction; the name claim at `nameClaimIndex` failing throws `nameTaken()`. False when
 * another condition failed (the caller re-reads to see which).
 */
export async function writeClaimingName(items: TransactItem[], nameClaimIndex: number, nameTaken: () => Error): Promise<boolean> {
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (nameClaimIndex >= 0 && codes[nameClaimIndex] === 'ConditionalCheckFailed') throw nameTaken();
    if (codes.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/**
 * Pricebooks in the table: each version once (a version never changes once written), and the
 * pointer to the one in force. Orders record the version they were priced with, so a version
 * stays readable after a newer one takes over.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Pricebook } from '../../shared/domain/pricing.js';
import { keys } from './keys.js';
import { table, unlessConditionFails } from './table-client.js';

/** Writes `book` as a version (one already written is left as it is), then makes it current unless a later version is. */
export async function savePricebook(book: Pricebook, now: Date): Promise<void> {
  const { db, name } = table();
  await unlessConditionFails(
    db.send(new PutCommand({ TableName: name, Item: { ...keys.pricebookVersion(book.version), book, loadTime: now.toISOString() }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
  await unlessConditionFails(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.currentPricebook, version: book.version },
        // Versions are dated (2026-12), so a later one sorts after.
        ConditionExpression: 'attribute_not_exists(PK) OR version < :version',
        ExpressionAttributeValues: { ':version': book.version },
      }),
    ),
  );
}

export async function getPricebook(version: string): Promise<Pricebook | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.pricebookVersion(version) }));
  return (answer.Item?.book as Pricebook | undefined) ?? null;
}

/** The pricebook in force, or null before any was loaded. */
export async function getCurrentPricebook(): Promise<Pricebook | null> {
  const { db, name } = table();
  const pointer = await db.send(new GetCommand({ TableName: name, Key: keys.currentPricebook }));
  return pointer.Item ? getPricebook(pointer.Item.version as string) : null;
}

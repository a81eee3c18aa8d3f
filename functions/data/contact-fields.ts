/**
 * The account's custom contact fields: one item holding the whole list (at most 50) and the next
 * field number, so a field id is never reused and unique names hold under a version condition.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TFieldSchema } from '../../shared/schemas/contacts.js';
import { keys } from './keys.js';
import { conditionHeld, table } from './table-client.js';

export type FieldList = {
  fields: TFieldSchema[];
  /** Number of the next field id (`f<n>`). */
  nextField: number;
  /** Bumped by every write; a write names the version it read. 0: never stored. */
  version: number;
};

/** The stored list, or null while the account still has the default fields. */
export async function getFieldList(tuid: string): Promise<FieldList | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.contactFields(tuid) }));
  if (!answer.Item) return null;
  return { fields: answer.Item.fields as TFieldSchema[], nextField: Number(answer.Item.nextField), version: Number(answer.Item.version) };
}

/** Stores the list if nobody changed it since `version` was read; false when someone did. */
export async function saveFieldList(tuid: string, list: FieldList): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.contactFields(tuid), fields: list.fields, nextField: list.nextField, version: list.version + 1 },
        ConditionExpression: list.version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
        ExpressionAttributeValues: list.version === 0 ? undefined : { ':version': list.version },
      }),
    ),
  );
}

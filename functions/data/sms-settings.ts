/**
 * An account's SMS settings (docs/data-model.md "SMS settings"): the country calling codes its SMS
 * campaigns may send to, one item per code, so "already on the list" is a write condition.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { conditionHeld, queryPages, table } from './table-client.js';

export type SmsSettings = { allowedCallingCodes: string[] };

// Access pattern: the account's SMS settings (the campaign planner checks destinations against them).
export async function getSmsSettings(tuid: string): Promise<SmsSettings> {
  const codes: string[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.smsCallingCodePrefix },
    ProjectionExpression: 'callingCode',
  })) {
    codes.push(...page.map((item) => String(item.callingCode)));
  }
  return { allowedCallingCodes: codes.sort((a, b) => Number(a) - Number(b)) };
}

/** Adds a calling code to the allowed list; false when it is already there. */
export async function addAllowedCallingCode(tuid: string, code: string, addTime: string): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(new PutCommand({ TableName: name, Item: { ...keys.smsCallingCode(tuid, code), callingCode: code, addTime }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
}

/** Removes a calling code from the allowed list; false when it was not there. */
export async function removeAllowedCallingCode(tuid: string, code: string): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(new DeleteCommand({ TableName: name, Key: keys.smsCallingCode(tuid, code), ConditionExpression: 'attribute_exists(PK)' })),
  );
}

/**
 * Invoice recipients (billing §3): the addresses besides the login email that get the account's
 * receipts. Each address is a recipient of the account once: an email claim item is written in the
 * same transaction as the recipient, and finds the recipient a bounce names.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RecipientStatus } from '../../shared/domain/billing-details.js';
import { getAccount } from './accounts.js';
import { keys } from './keys.js';
import { cancellationCodes, conditionHeld, isConditionFailure, table, transactWrite, updateFields } from './table-client.js';

export type InvoiceRecipientRecord = { id: string; name: string; email: string; status: RecipientStatus; createTime: string };

/** What a write that claims an address answers: done, the address is another recipient's, or the recipient is gone. */
export type RecipientWrite = 'done' | 'emailTaken' | 'notFound';

const RECIPIENT_EXISTS = 'attribute_exists(PK)';
const CLAIM_FREE = 'attribute_not_exists(PK)';

// Access pattern: every recipient of an account, oldest first (ids are time-ordered).
export async function listInvoiceRecipients(tuid: string): Promise<InvoiceRecipientRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.invoiceRecipientPrefix },
    }),
  );
  return (answer.Items ?? []).map(({ id, name: recipientName, email, status, createTime }) => ({ id, name: recipientName, email, status, createTime }) as InvoiceRecipientRecord);
}

// Access pattern: one recipient by id.
export async function getInvoiceRecipient(tuid: string, id: string): Promise<InvoiceRecipientRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.invoiceRecipient(tuid, id) }));
  if (!answer.Item) return null;
  const { id: recipientId, name: recipientName, email, status, createTime } = answer.Item;
  return { id: recipientId, name: recipientName, email, status, createTime } as InvoiceRecipientRecord;
}

/** The claim is the transaction's first item: its failure is the address being taken. */
function claimFailed(error: unknown): boolean {
  return cancellationCodes(error)[0] === 'ConditionalCheckFailed';
}

export async function addInvoiceRecipient(tuid: string, recipient: InvoiceRecipientRecord): Promise<RecipientWrite> {
  const { name } = table();
  try {
    await transactWrite([
      { Put: { TableName: name, Item: { ...keys.invoiceRecipientEmail(tuid, recipient.email), id: recipient.id }, ConditionExpression: CLAIM_FREE } },
      { Put: { TableName: name, Item: { ...keys.invoiceRecipient(tuid, recipient.id), ...recipient } } },
    ]);
    return 'done';
  } catch (error) {
    if (isConditionFailure(error) && claimFailed(error)) return 'emailTaken';
    throw error;
  }
}

/**
 * Changes a recipient's name and email. A new address is claimed and the old one released in the
 * same transaction, and the recipient is valid again: a suspension was the old address's.
 */
export async function changeInvoiceRecipient(tuid: string, current: InvoiceRecipientRecord, next: { name: string; email: string }): Promise<RecipientWrite> {
  const { db, name } = table();
  const stillThere = { expression: `${RECIPIENT_EXISTS} AND #email = :oldEmail`, names: { '#email': 'email' }, values: { ':oldEmail': current.email } };
  if (next.email === current.email) {
    const held = await conditionHeld(db.send(new UpdateCommand({ TableName: name, Key: keys.invoiceRecipient(tuid, current.id), ...updateFields({ name: next.name }, { condition: stillThere }) })));
    return held ? 'done' : 'notFound';
  }
  try {
    await transactWrite([
      { Put: { TableName: name, Item: { ...keys.invoiceRecipientEmail(tuid, next.email), id: current.id }, ConditionExpression: CLAIM_FREE } },
      { Delete: { TableName: name, Key: keys.invoiceRecipientEmail(tuid, current.email) } },
      { Update: { TableName: name, Key: keys.invoiceRecipient(tuid, current.id), ...updateFields({ name: next.name, email: next.email, status: 'valid' }, { condition: stillThere }) } },
    ]);
    return 'done';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return claimFailed(error) ? 'emailTaken' : 'notFound';
  }
}

/** Removes the recipient and releases its address; false when it was gone already. */
export async function deleteInvoiceRecipient(tuid: string, recipient: InvoiceRecipientRecord): Promise<boolean> {
  const { name } = table();
  return conditionHeld(
    transactWrite([
      { Delete: { TableName: name, Key: keys.invoiceRecipient(tuid, recipient.id), ConditionExpression: RECIPIENT_EXISTS } },
      { Delete: { TableName: name, Key: keys.invoiceRecipientEmail(tuid, recipient.email) } },
    ]),
  );
}

/** Sets the status of the recipient `id` while its address is still `email`; false when it is not. */
export async function setInvoiceRecipientStatus(tuid: string, id: string, email: string, status: RecipientStatus): Promise<boolean> {
  const { db, name } = table();
  const condition = { expression: `${RECIPIENT_EXISTS} AND #email = :email`, names: { '#email': 'email' }, values: { ':email': email } };
  return conditionHeld(db.send(new UpdateCommand({ TableName: name, Key: keys.invoiceRecipient(tuid, id), ...updateFields({ status }, { condition }) })));
}

/**
 * A receipt mailed to `email` hard-bounced: the recipient with that address is suspended, so no
 * receipt goes there until the user resets it. Answers whether one was; the login email is no
 * recipient item and is never suspended here.
 */
export async function suspendInvoiceRecipient(tuid: string, email: string): Promise<boolean> {
  const { db, name } = table();
  const claim = await db.send(new GetCommand({ TableName: name, Key: keys.invoiceRecipientEmail(tuid, email) }));
  const id = claim.Item?.id as string | undefined;
  return id ? setInvoiceRecipientStatus(tuid, id, email, 'suspended') : false;
}

/** The addresses a receipt of the account is mailed to: the login email, then every valid recipient. */
export async function receiptRecipients(tuid: string): Promise<string[]> {
  const [account, recipients] = await Promise.all([getAccount(tuid), listInvoiceRecipients(tuid)]);
  const valid = recipients.filter((recipient) => recipient.status === 'valid').map((recipient) => recipient.email);
  return [...new Set([...(account ? [account.login] : []), ...valid])];
}

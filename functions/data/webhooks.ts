/**
 * Webhook endpoints (one item per endpoint under the account) and their delivery logs (a partition
 * per endpoint, one item per delivery holding its latest attempt; items expire after
 * WEBHOOK_LOG_RETENTION_DAYS). The endpoint's signing secret is stored as it is: signing needs
 * the secret itself, not a hash (docs/security.md "Webhooks").
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEventType } from '../../shared/domain/webhooks.js';
import { keys } from './keys.js';
import { batchGet, conditionHeld, deletePartition, queryPages, table, unlessConditionFails, updateFields } from './table-client.js';

export type WebhookEndpointRecord = {
  tuid: string;
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  /** `whsec_` and the base64 of 24 random bytes (the Standard Webhooks form). */
  secret: string;
  status: 'enabled' | 'disabled';
  createdAt: string;
  disabledAt: string | null;
};

export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export type WebhookDeliveryRecord = {
  tuid: string;
  endpointId: string;
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The JSON body as sent, so retries and resends sign the same bytes. */
  body: string;
  status: WebhookDeliveryStatus;
  /** Attempts made; an attempt is recorded only when it is the next one (redelivered messages change nothing). */
  attempts: number;
  statusCode: number | null;
  durationMs: number | null;
  response: string;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** Epoch seconds (the table's TTL). */
  expiresAt: number;
};

export async function putWebhookEndpoint(record: WebhookEndpointRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.webhookEndpoint(record.tuid, record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

// Access pattern: one endpoint by account and id (each delivery, each settings call).
export async function getWebhookEndpoint(tuid: string, id: string): Promise<WebhookEndpointRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.webhookEndpoint(tuid, id), ConsistentRead: true }));
  return (answer.Item as WebhookEndpointRecord | undefined) ?? null;
}

// Access pattern: the account's endpoints, oldest first (settings, and the event fan-out's cache).
export async function listWebhookEndpoints(tuid: string): Promise<WebhookEndpointRecord[]> {
  const records: WebhookEndpointRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.webhookEndpointPrefix },
  })) {
    records.push(...(page as WebhookEndpointRecord[]));
  }
  return records;
}

/**
 * Moves an endpoint to a status; answers the endpoint as stored afterwards, and whether this call
 * changed it (so only one of two workers that exhaust its deliveries notifies), or null when the
 * account has no such endpoint.
 */
export async function setWebhookEndpointStatus(
  tuid: string,
  id: string,
  status: WebhookEndpointRecord['status'],
  at: Date,
): Promise<{ endpoint: WebhookEndpointRecord; changed: boolean } | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.webhookEndpoint(tuid, id),
        ...updateFields(
          { status, disabledAt: status === 'disabled' ? at.toISOString() : null },
          { condition: { expression: 'attribute_exists(PK) AND #status <> :status', names: { '#status': 'status' }, values: { ':status': status } } },
        ),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (answer) return { endpoint: answer.Attributes as WebhookEndpointRecord, changed: true };
  const endpoint = await getWebhookEndpoint(tuid, id);
  return endpoint ? { endpoint, changed: false } : null;
}

/** Deletes an endpoint and its log; answers false when the account has no such endpoint. */
export async function deleteWebhookEndpoint(tuid: string, id: string): Promise<boolean> {
  const { db, name } = table();
  const deleted = await conditionHeld(db.send(new DeleteCommand({ TableName: name, Key: keys.webhookEndpoint(tuid, id), ConditionExpression: 'attribute_exists(PK)' })));
  if (!deleted) return false;
  await deletePartition(keys.webhookDeliveryPartition(tuid, id));
  return true;
}

/** Stores a delivery's first entry; a redelivered first message finds it there and changes nothing. */
export async function putWebhookDeliveryIfAbsent(record: WebhookDeliveryRecord): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(new PutCommand({ TableName: name, Item: { ...keys.webhookDelivery(record.tuid, record.endpointId, record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
}

export async function getWebhookDelivery(tuid: string, endpointId: string, id: string): Promise<WebhookDeliveryRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.webhookDelivery(tuid, endpointId, id), ConsistentRead: true }));
  return (answer.Item as WebhookDeliveryRecord | undefined) ?? null;
}

type WaitingLogRead = { key: { PK: string; SK: string }; settle: Array<{ resolve: (record: WebhookDeliveryRecord | null) => void; reject: (error: unknown) => void }> };
let waitingLogReads: Map<string, WaitingLogRead> | null = null;

async function readWaitingLogs(): Promise<void> {
  const waiting = waitingLogReads!;
  waitingLogReads = null;
  try {
    const found = new Map((await batchGet([...waiting.values()].map((read) => read.key), { consistent: true })).map((item) => [`${item.PK}\n${item.SK}`, item as WebhookDeliveryRecord]));
    for (const [id, read] of waiting) read.settle.forEach(({ resolve }) => resolve(found.get(id) ?? null));
  } catch (error) {
    for (const read of waiting.values()) read.settle.forEach(({ reject }) => reject(error));
  }
}

/**
 * A delivery's log entry, as getWebhookDelivery answers it, read together with the others asked
 * for in the same turn of the event loop (one consistent BatchGetItem): a worker's batch of
 * attempts reads its entries in one call instead of one each.
 */
export function getWebhookDeliveryBatched(tuid: string, endpointId: string, id: string): Promise<WebhookDeliveryRecord | null> {
  const key = keys.webhookDelivery(tuid, endpointId, id);
  if (!waitingLogReads) {
    waitingLogReads = new Map();
    setImmediate(() => void readWaitingLogs());
  }
  const keyText = `${key.PK}\n${key.SK}`;
  const read = waitingLogReads.get(keyText) ?? { key, settle: [] };
  waitingLogReads.set(keyText, read);
  return new Promise((resolve, reject) => read.settle.push({ resolve, reject }));
}

// Access pattern: an endpoint's latest deliveries, newest first.
export async function listWebhookDeliveries(tuid: string, endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.webhookDeliveryPartition(tuid, endpointId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (answer.Items ?? []) as WebhookDeliveryRecord[];
}

/**
 * Logs attempt number `record.attempts` with its outcome, in one write, when the delivery's last
 * logged attempt is the one before it (for the first attempt: no entry yet, or the pending entry a
 * settings call wrote); answers false when it is not (a redelivered message whose attempt is
 * already logged). The whole entry is written each time: the queue message carries all of it.
 */
export async function recordWebhookAttempt(record: WebhookDeliveryRecord): Promise<boolean> {
  const { db, name } = table();
  const isNext = 'attempts = :previous';
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.webhookDelivery(record.tuid, record.endpointId, record.id), ...record },
        ConditionExpression: record.attempts === 1 ? `attribute_not_exists(PK) OR ${isNext}` : isNext,
        ExpressionAttributeValues: { ':previous': record.attempts - 1 },
      }),
    ),
  );
}

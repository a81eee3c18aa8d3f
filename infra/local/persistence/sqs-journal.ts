/**
 * fauxqs keeps queues in memory only. The journal snapshots every message of our queues (ready,
 * delayed and in flight, dead-letter queues included) to DATA_DIR/sqs/journal.json shortly after
 * each SQS call that changes them and once more at shutdown; the next start sends them again.
 * What a restart changes: message ids and receipt handles are new and ApproximateReceiveCount
 * starts over (workers are idempotent, so redelivery is safe).
 */
import { join } from 'node:path';
import { SendMessageBatchCommand, type MessageAttributeValue, type SQSClient } from '@aws-sdk/client-sqs';
import type { EmulatorRequest } from '../fauxqs-server.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { type Log } from '../log.js';

type JournalMessage = {
  body: string;
  messageAttributes: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }>;
  /** Epoch ms before which the message stays hidden (SQS DelaySeconds). */
  delayUntil?: number;
};
type Journal = { savedAt: string; queues: Record<string, JournalMessage[]> };

/** The slice of fauxqs's `/_fauxqs/queues/{name}` inspection answer the journal reads. */
type QueueInspection = {
  messages: {
    ready: JournalMessage[];
    delayed: JournalMessage[];
    inflight: Array<{ message: JournalMessage }>;
  };
};

/** SQS calls that change which messages a queue holds (a receive may move one to the DLQ). */
const CHANGING_CALLS = new Set(
  ['SendMessage', 'SendMessageBatch', 'DeleteMessage', 'DeleteMessageBatch', 'PurgeQueue', 'ReceiveMessage'].map(
    (action) => `AmazonSQS.${action}`,
  ),
);
const SNAPSHOT_DELAY_MS = 200;
/** SQS's DelaySeconds maximum. */
const MAX_DELAY_SECONDS = 900;

export type SqsJournal = {
  /** Re-sends the journal's messages to the queues of the same names; answers how many. */
  restore(queueUrlsByName: Record<string, string>): Promise<number>;
  /** Feed of fauxqs requests; snapshots are taken only after `restore`. */
  observe(request: EmulatorRequest): void;
  /** Takes a final snapshot and stops observing. */
  close(): Promise<void>;
};

export function createSqsJournal(options: {
  dataDir: string;
  sqs: SQSClient;
  /** fauxqs endpoint, for its non-destructive inspection API. */
  endpoint: string;
  log: Log;
}): SqsJournal {
  const file = join(options.dataDir, 'sqs', 'journal.json');
  let queueNames: string[] = [];
  let active = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const snapshot = (): Promise<void> => {
    // One snapshot at a time, in order, so an older one never overwrites a newer one.
    writing = writing.then(async () => {
      const queues: Journal['queues'] = {};
      for (const name of queueNames) {
        const response = await fetch(`${options.endpoint}/_fauxqs/queues/${encodeURIComponent(name)}`);
        if (!response.ok) continue;
        const { messages } = (await response.json()) as QueueInspection;
        queues[name] = [...messages.ready, ...messages.delayed, ...messages.inflight.map((entry) => entry.message)].map(
          ({ body, messageAttributes, delayUntil }) => ({ body, messageAttributes, ...(delayUntil ? { delayUntil } : {}) }),
        );
      }
      await writeJsonFile(file, { savedAt: new Date().toISOString(), queues } satisfies Journal);
    }).catch((error: unknown) => options.log(`SQS journal snapshot failed: ${String(error)}`));
    return writing;
  };

  return {
    async restore(queueUrlsByName) {
      queueNames = Object.keys(queueUrlsByName);
      const journal = await readJsonFile<Journal>(file);
      let restored = 0;
      for (const [name, messages] of Object.entries(journal?.queues ?? {})) {
        const queueUrl = queueUrlsByName[name];
        if (!queueUrl) continue;
        for (let i = 0; i < messages.length; i += 10) {
          await options.sqs.send(
            new SendMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: messages.slice(i, i + 10).map((message, index) => ({
                Id: String(index),
                MessageBody: message.body,
                MessageAttributes: toSdkAttributes(message.messageAttributes),
                DelaySeconds: remainingDelaySeconds(message.delayUntil),
              })),
            }),
          );
        }
        restored += messages.length;
      }
      active = true;
      return restored;
    },
    observe(request) {
      if (!active || !request.amzTarget || !CHANGING_CALLS.has(request.amzTarget) || timer) return;
      // Throttled, not debounced: steady traffic still gets a snapshot every SNAPSHOT_DELAY_MS.
      timer = setTimeout(() => {
        timer = undefined;
        void snapshot();
      }, SNAPSHOT_DELAY_MS);
    },
    async close() {
      if (!active) return;
      active = false;
      clearTimeout(timer);
      await snapshot();
    },
  };
}

function toSdkAttributes(attributes: JournalMessage['messageAttributes']): Record<string, MessageAttributeValue> | undefined {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, value]) => [
      name,
      {
        DataType: value.DataType,
        ...(value.StringValue !== undefined ? { StringValue: value.StringValue } : {}),
        ...(value.BinaryValue !== undefined ? { BinaryValue: Buffer.from(value.BinaryValue, 'base64') } : {}),
      },
    ]),
  );
}

function remainingDelaySeconds(delayUntil: number | undefined): number {
  if (!delayUntil) return 0;
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((delayUntil - Date.now()) / 1000)));
}

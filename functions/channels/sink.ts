/**
 * The local mail and SMS sink: messages are appended as JSON lines under SINK_DIR, where the
 * local host's dev mailbox page and the tests read them. Nothing leaves the machine.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGroupCommit } from '../lib/concurrency.js';

export type SinkKind = 'mail' | 'sms';

export type SinkMail = {
  id: string;
  kind: 'mail';
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: string;
  /** Campaign mail: the whole RFC 5322 message as sent, and the tags SES would carry (tuid, campaignId, contactId). */
  raw?: string;
  tags?: Record<string, string>;
};

export type SinkSms = {
  id: string;
  kind: 'sms';
  to: string;
  from: string;
  text: string;
  createdAt: string;
  /** Campaign SMS and MMS: what End User Messaging would carry (the subject is the sink's only; MMS has media). */
  subject?: string | null;
  media?: Array<{ url: string; contentType?: string; name?: string }>;
  tags?: Record<string, string>;
  /** Message parts the text is billed as (an MMS is one message). */
  segments?: number;
};

export type SinkRecord = SinkMail | SinkSms;

function sinkFile(dir: string, kind: SinkKind): string {
  return join(dir, `${kind}.jsonl`);
}

// One appender per file: a campaign sends many messages at once, and one append of many lines
// costs about what one line does.
const appenders = new Map<string, (line: string) => Promise<void>>();

function appenderOf(dir: string, kind: SinkKind): (line: string) => Promise<void> {
  const file = sinkFile(dir, kind);
  let append = appenders.get(file);
  if (!append) {
    append = createGroupCommit<string>(async (lines) => {
      await mkdir(dir, { recursive: true });
      await appendFile(file, lines.join(''), 'utf8');
    });
    appenders.set(file, append);
  }
  return append;
}

/** Resolves once the record is in the sink's file. */
export async function appendToSink(dir: string, record: SinkRecord): Promise<void> {
  await appenderOf(dir, record.kind)(`${JSON.stringify(record)}\n`);
}

/** Newest first; `to` filters on the recipient (case-insensitive). */
export async function readSink<K extends SinkKind>(
  dir: string,
  kind: K,
  filter: { to?: string; limit?: number } = {},
): Promise<Array<Extract<SinkRecord, { kind: K }>>> {
  let text: string;
  try {
    text = await readFile(sinkFile(dir, kind), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const wanted = filter.to?.trim().toLowerCase();
  const records = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Extract<SinkRecord, { kind: K }>)
    .filter((record) => !wanted || record.to.toLowerCase() === wanted)
    .reverse();
  return records.slice(0, filter.limit ?? 200);
}

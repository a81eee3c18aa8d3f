/**
 * The local mail and SMS sink: messages are appended as JSON lines under SINK_DIR, where the
 * local host's dev mailbox page and the tests read them. Nothing leaves the machine.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

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
};

export type SinkSms = {
  id: string;
  kind: 'sms';
  to: string;
  from: string;
  text: string;
  createdAt: string;
};

export type SinkRecord = SinkMail | SinkSms;

function sinkFile(dir: string, kind: SinkKind): string {
  return join(dir, `${kind}.jsonl`);
}

export async function appendToSink(dir: string, record: SinkRecord): Promise<void> {
  await mkdir(dir, { recursive: true });
  await appendFile(sinkFile(dir, record.kind), `${JSON.stringify(record)}\n`, 'utf8');
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

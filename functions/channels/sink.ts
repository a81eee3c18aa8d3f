/**
 * The local mail and SMS sink: messages are appended as JSON lines under SINK_DIR, where the
 * local host's dev mailbox page and the tests read them. Nothing leaves the machine.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
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
  /** Campaign SMS and MMS: what End User Messaging got, an MMS's media as its s3:// URIs and the Context as tags. */
  mediaUrls?: string[];
  tags?: Record<string, string>;
  /** Message parts the text is billed as (an MMS is one message). */
  segments?: number;
};

export type SinkRecord = SinkMail | SinkSms;

/** A message's fields without the sink's own (id, kind, time). */
export type SinkMessage<R extends SinkRecord> = Omit<R, 'id' | 'kind' | 'createdAt'>;

/**
 * A campaign mail as the sink keeps it: as SES got it (the raw MIME and its tags), cheap to write
 * at sending speed; readSink reads it into parts.
 */
export type SinkRawMail = Pick<SinkMail, 'id' | 'kind' | 'to' | 'createdAt'> & { raw: string; tags: Record<string, string> };

type SinkLine = SinkRecord | SinkRawMail;

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
      const text = lines.join('');
      try {
        await appendFile(file, text, 'utf8');
      } catch (error) {
        // The folder is made when the first append finds it missing, not checked at every append.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await appendFile(file, text, 'utf8');
      }
    });
    appenders.set(file, append);
  }
  return append;
}

/** Resolves once the record is in the sink's file. */
export async function appendToSink(dir: string, record: SinkLine): Promise<void> {
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
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SinkLine)
    .filter((record) => !wanted || record.to.toLowerCase() === wanted)
    .reverse()
    .slice(0, filter.limit ?? 200);
  return (await Promise.all(lines.map(readLine))) as Array<Extract<SinkRecord, { kind: K }>>;
}

async function readLine(line: SinkLine): Promise<SinkRecord> {
  if (line.kind === 'sms' || 'subject' in line) return line;
  const parsed = await PostalMime.parse(line.raw);
  const from = parsed.from?.address ?? '';
  return {
    ...line,
    from: parsed.from?.name ? `${parsed.from.name} <${from}>` : from,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html ?? '',
    headers: rawHeaderFields(line.raw),
  };
}

/** A raw message's header fields under their names as written, unfolded (RFC 5322 §2.2), values not decoded. */
export function rawHeaderFields(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const section = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const fields: Record<string, string> = {};
  for (const line of section.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}

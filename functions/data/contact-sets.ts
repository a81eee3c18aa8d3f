/**
 * Sets of contacts as bitmaps over contact numbers: a snapshot group's members (and, later, a
 * campaign's audience). One chunk item holds 65,536 numbers in 8 KiB, so a set over a million
 * contacts is 16 small items, and union, difference and membership cost no contact reads.
 * A chunk is rewritten under a version condition; its member count changes in the same
 * transaction as whatever counter the caller keeps (a group's memberCount).
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { deletePartition, isConditionFailure, queryPages, table, transactWrite } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const SET_CHUNK_SIZE = 65_536;
const CHUNK_BYTES = SET_CHUNK_SIZE / 8;

/** Membership of a set, read once and tested many times. */
export class ContactSet {
  constructor(private readonly chunks: ReadonlyMap<number, Uint8Array>) {}

  /** A set held only in memory (a campaign recovery's "already reached"), built as its ids stream in; never stored. */
  static async fromBatches(batches: AsyncIterable<readonly number[]>): Promise<ContactSet> {
    const chunks = new Map<number, Uint8Array>();
    for await (const ids of batches) {
      for (const id of ids) {
        const chunk = Math.floor(id / SET_CHUNK_SIZE);
        let bits = chunks.get(chunk);
        if (!bits) chunks.set(chunk, (bits = new Uint8Array(CHUNK_BYTES)));
        const offset = id % SET_CHUNK_SIZE;
        bits[offset >> 3]! |= 1 << (offset & 7);
      }
    }
    return new ContactSet(chunks);
  }

  has(id: number): boolean {
    const bits = this.chunks.get(Math.floor(id / SET_CHUNK_SIZE));
    if (!bits) return false;
    const offset = id % SET_CHUNK_SIZE;
    return (bits[offset >> 3]! & (1 << (offset & 7))) !== 0;
  }

  /** Member numbers in increasing order. */
  *ids(): Generator<number> {
    for (const chunk of [...this.chunks.keys()].sort((a, b) => a - b)) {
      const bits = this.chunks.get(chunk)!;
      for (let byte = 0; byte < bits.length; byte += 1) {
        if (bits[byte] === 0) continue;
        for (let bit = 0; bit < 8; bit += 1) if (bits[byte]! & (1 << bit)) yield chunk * SET_CHUNK_SIZE + byte * 8 + bit;
      }
    }
  }

  get isEmpty(): boolean {
    return [...this.chunks.values()].every((bits) => bits.every((byte) => byte === 0));
  }
}

function popcount(bits: Uint8Array): number {
  let count = 0;
  for (let byte of bits) {
    while (byte) {
      byte &= byte - 1;
      count += 1;
    }
  }
  return count;
}

/** A whole set: one query over its chunks. */
export async function getContactSet(tuid: string, setId: string): Promise<ContactSet> {
  const chunks = new Map<number, Uint8Array>();
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.contactSetPartition(tuid, setId) } })) {
    for (const item of page) chunks.set(Number(String(item.SK).slice(keys.contactSetChunkPrefix.length)), item.bits as Uint8Array);
  }
  return new ContactSet(chunks);
}

const WRITE_ATTEMPTS = 10;

/**
 * Adds and removes members, chunk by chunk. `counter(delta)` is the caller's item that counts the
 * members, written in each chunk's transaction; its condition failing (the group is gone) ends
 * the change with `false`. Idempotent: adding a member twice counts it once.
 */
export async function changeContactSet(options: {
  tuid: string;
  setId: string;
  add: readonly number[];
  remove: readonly number[];
  counter(delta: number): TransactItem;
}): Promise<{ applied: boolean; delta: number }> {
  const { tuid, setId } = options;
  const { db, name } = table();
  const touched = new Map<number, { add: number[]; remove: number[] }>();
  const entry = (id: number) => {
    const chunk = Math.floor(id / SET_CHUNK_SIZE);
    if (!touched.has(chunk)) touched.set(chunk, { add: [], remove: [] });
    return touched.get(chunk)!;
  };
  for (const id of options.add) entry(id).add.push(id % SET_CHUNK_SIZE);
  for (const id of options.remove) entry(id).remove.push(id % SET_CHUNK_SIZE);

  let total = 0;
  for (const [chunk, change] of touched) {
    for (let attempt = 1; ; attempt += 1) {
      const key = keys.contactSetChunk(tuid, setId, chunk);
      const answer = await db.send(new GetCommand({ TableName: name, Key: key, ConsistentRead: true }));
      const version = Number(answer.Item?.version ?? 0);
      const bits = answer.Item ? new Uint8Array(answer.Item.bits as Uint8Array) : new Uint8Array(CHUNK_BYTES);
      const before = popcount(bits);
      for (const offset of change.add) bits[offset >> 3]! |= 1 << (offset & 7);
      for (const offset of change.remove) bits[offset >> 3]! &= ~(1 << (offset & 7));
      const delta = popcount(bits) - before;
      // Adding members already in and removing members already out changes nothing: no write.
      if (delta === 0 && (answer.Item ? Buffer.from(answer.Item.bits as Uint8Array).equals(bits) : true)) break;
      try {
        await transactWrite([
          {
            Put: {
              TableName: name,
              Item: { ...key, bits, version: version + 1 },
              ConditionExpression: version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
              ExpressionAttributeValues: version === 0 ? undefined : { ':version': version },
            },
          },
          options.counter(delta),
        ]);
        total += delta;
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= WRITE_ATTEMPTS) throw error;
        // Either the chunk moved on (read it again) or the counter's owner is gone.
        const owner = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons?.[1]?.Code;
        if (owner === 'ConditionalCheckFailed') return { applied: false, delta: total };
      }
    }
  }
  return { applied: true, delta: total };
}

/** Removes a whole set. */
export async function deleteContactSet(tuid: string, setId: string): Promise<void> {
  await deletePartition(keys.contactSetPartition(tuid, setId));
}

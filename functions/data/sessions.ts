/**
 * Sessions: one item per sign-in, under the signed-in user's account. Tokens are short-lived;
 * a refresh succeeds only while the session item says the session is open.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { batchDelete, conditionHeld, queryPages, table, ttlSeconds } from './table-client.js';

export type SessionRecord = {
  sid: string;
  loginTuid: string;
  /** The account this session acts on (differs from loginTuid when connected to another account). */
  tuid: string;
  createdAt: string;
  lastActiveAt: string;
  ip: string;
  userAgent: string;
  /** Epoch seconds after which the session is over (also the TTL attribute). */
  expiresAt: number;
};

export async function putSession(session: SessionRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.session(session.loginTuid, session.sid), ...session } }));
}

// Access pattern: a session by user and session id; an expired one reads as absent.
export async function getOpenSession(loginTuid: string, sid: string, now: Date): Promise<SessionRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.session(loginTuid, sid), ConsistentRead: true }));
  const session = answer.Item as SessionRecord | undefined;
  return session && session.expiresAt > ttlSeconds(now) ? session : null;
}

/** Marks activity and pushes the expiry out; answers false if the session is already gone. */
export async function touchSession(loginTuid: string, sid: string, now: Date, expiresAt: Date): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.session(loginTuid, sid),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        UpdateExpression: 'SET lastActiveAt = :at, expiresAt = :expires',
        ExpressionAttributeValues: { ':now': ttlSeconds(now), ':at': now.toISOString(), ':expires': ttlSeconds(expiresAt) },
      }),
    ),
  );
}

export async function deleteSession(loginTuid: string, sid: string): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.session(loginTuid, sid) }));
}

/** Deletes every session of a user except `keepSid` (if given); answers how many ended. */
export async function deleteSessions(loginTuid: string, options: { keepSid?: string } = {}): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(loginTuid), ':prefix': keys.sessionPrefix },
    ProjectionExpression: 'PK, SK, sid',
    ConsistentRead: true,
  })) {
    const ending = (page as Array<{ PK: string; SK: string; sid: string }>).filter((item) => item.sid !== options.keepSid);
    await batchDelete(ending);
    deleted += ending.length;
  }
  return deleted;
}

// Access pattern: every open session of a user.
export async function listOpenSessions(loginTuid: string, now: Date): Promise<SessionRecord[]> {
  const open: SessionRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(loginTuid), ':prefix': keys.sessionPrefix },
    ConsistentRead: true,
  })) {
    open.push(...(page as SessionRecord[]).filter((session) => session.expiresAt > ttlSeconds(now)));
  }
  return open;
}

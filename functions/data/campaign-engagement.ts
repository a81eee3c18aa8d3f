/**
 * The report's items of a campaign, in the campaign's own partition (docs/data-model.md "Tracking
 * and reports"): one engagement item per recipient, one entry per recipient and report list (so
 * each list view pages by one key range), the list totals with each link's clicks, and one item
 * per hour of opens and clicks. An event's writes are one transaction guarded by the engagement's
 * version, with the counter ADD in it: what the event counts is counted exactly once.
 */
import { BatchGetCommand, GetCommand, QueryCommand, ScanCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { timelineHour, type Engagement, type EngagementChange, type ReportListName } from '../../shared/domain/campaign-engagement.js';
import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import { counterUpdateItem } from './campaign-counters.js';
import { deliverabilityDayUpdate } from './deliverability.js';
import { keys } from './keys.js';
import { cancellationCodes, queryPages, table, transactWrite } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An engagement as read, with the version its next write must still find. */
export type StoredEngagement = { engagement: Engagement; version: number };

export type ReportEntry = { contactId: number; time: string };

export type ReportTotals = {
  links: Map<number, { clicks: number; uniqueClicks: number }>;
  /** Failed recipients by the provider's code, most first. */
  failureReasons: Array<{ reason: string; count: number }>;
};

/** Totals item attributes counting failures by status code: `r_INVALID`. */
const FAILURE_REASON = 'r_';

const ENGAGEMENT_FIELDS = [
  'address',
  'status',
  'statusTime',
  'deliveredTime',
  'bounceType',
  'bounceReason',
  'bounceCode',
  'bounceTime',
  'failureReason',
  'skipReason',
  'outcomeTime',
  'complaintTime',
  'opens',
  'machineOpens',
  'firstOpen',
  'lastOpen',
  'clicks',
  'firstClick',
  'lastClick',
  'linkClicks',
  'unsubscribeTime',
  'recentEventIds',
] as const satisfies ReadonlyArray<keyof Engagement>;

function toStored(item: Record<string, unknown>): StoredEngagement {
  // Written only by recordEngagementChange from an Engagement.
  const engagement = Object.fromEntries(ENGAGEMENT_FIELDS.map((field) => [field, item[field]])) as Engagement;
  // Items written before SMS kept the address as `email`.
  engagement.address ??= typeof item.email === 'string' ? item.email : null;
  // Items written before outcomes and machine opens were kept have none.
  engagement.failureReason ??= null;
  engagement.skipReason ??= null;
  engagement.outcomeTime ??= null;
  engagement.machineOpens ??= 0;
  engagement.bounceCode ??= null;
  return { engagement, version: Number(item.v) };
}

const contactIdOfKey = (sk: unknown) => Number(String(sk).slice(String(sk).lastIndexOf('#') + 1));

// Access pattern: one recipient's engagement (consistent: the next write is judged on it).
export async function getEngagement(tuid: string, campaignId: string, contactId: number): Promise<StoredEngagement | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignEngagement(tuid, campaignId, contactId), ConsistentRead: true }));
  return answer.Item ? toStored(answer.Item) : null;
}

// Access pattern: the engagements of a page of recipients (a list view's rows).
export async function getEngagements(tuid: string, campaignId: string, contactIds: readonly number[]): Promise<Map<number, Engagement>> {
  const { db, name } = table();
  const result = new Map<number, Engagement>();
  for (let i = 0; i < contactIds.length; i += 100) {
    let request: Record<string, { Keys: Array<Record<string, unknown>> }> | undefined = {
      [name]: { Keys: [...new Set(contactIds.slice(i, i + 100))].map((id) => keys.campaignEngagement(tuid, campaignId, id)) },
    };
    while (request && Object.keys(request).length > 0) {
      const answer = await db.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of answer.Responses?.[name] ?? []) result.set(contactIdOfKey(item.SK), toStored(item).engagement);
      request = answer.UnprocessedKeys as typeof request;
    }
  }
  return result;
}

function totalsItem(tuid: string, campaignId: string, change: EngagementChange): TransactItem | null {
  const { linkClicks, failureReasons } = change.totals;
  const adds: Array<[string, number]> = [];
  if (linkClicks) adds.push([`c${linkClicks.link}`, linkClicks.clicks], [`u${linkClicks.link}`, linkClicks.uniqueClicks]);
  for (const [code, delta] of Object.entries(failureReasons ?? {})) if (delta !== 0) adds.push([`${FAILURE_REASON}${code}`, delta]);
  if (adds.length === 0) return null;
  return {
    Update: {
      TableName: table().name,
      Key: keys.campaignReportTotals(tuid, campaignId),
      UpdateExpression: `ADD ${adds.map((_, n) => `#t${n} :t${n}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(adds.map(([attribute], n) => [`#t${n}`, attribute])),
      ExpressionAttributeValues: Object.fromEntries(adds.map(([, value], n) => [`:t${n}`, value])),
    },
  };
}

function timelineItem(tuid: string, campaignId: string, time: string, timeline: NonNullable<EngagementChange['timeline']>): TransactItem {
  return {
    Update: {
      TableName: table().name,
      Key: keys.campaignTimelineHour(tuid, campaignId, timelineHour(time)),
      UpdateExpression: 'ADD opens :opens, clicks :clicks',
      ExpressionAttributeValues: { ':opens': timeline.opens, ':clicks': timeline.clicks },
    },
  };
}

/**
 * Writes what one event changed, provided the engagement is still the version it was judged on
 * (null: none yet). False when another event of the same recipient got there first: read again.
 * `family`: the channel family the event's message went on, whose account day counts its outcome.
 */
export async function recordEngagementChange(options: {
  tuid: string;
  campaignId: string;
  contactId: number;
  version: number | null;
  change: EngagementChange;
  time: string;
  family?: CampaignFamily | null;
}): Promise<boolean> {
  const { tuid, campaignId, contactId, version, change, time } = options;
  const { name } = table();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: name,
        Item: { ...keys.campaignEngagement(tuid, campaignId, contactId), ...change.next, v: (version ?? 0) + 1 },
        ConditionExpression: version === null ? 'attribute_not_exists(PK)' : 'v = :v',
        ...(version === null ? {} : { ExpressionAttributeValues: { ':v': version } }),
      },
    },
    ...change.joins.map((list): TransactItem => ({ Put: { TableName: name, Item: { ...keys.campaignReportEntry(tuid, campaignId, list, time, contactId), contactId } } })),
    ...change.leaves.map((left): TransactItem => ({ Delete: { TableName: name, Key: keys.campaignReportEntry(tuid, campaignId, left.list, left.time, contactId) } })),
  ];
  const counters = counterUpdateItem(tuid, campaignId, change.counters);
  const totals = totalsItem(tuid, campaignId, change);
  if (counters) items.push(counters);
  if (totals) items.push(totals);
  if (change.timeline) items.push(timelineItem(tuid, campaignId, time, change.timeline));
  const accountDay = options.family ? deliverabilityDayUpdate(tuid, options.family, time, change.counters) : null;
  if (accountDay) items.push(accountDay);
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

export async function getReportTotals(tuid: string, campaignId: string): Promise<ReportTotals> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignReportTotals(tuid, campaignId), ConsistentRead: true }));
  const item = answer.Item ?? {};
  const links = new Map<number, { clicks: number; uniqueClicks: number }>();
  for (const [attribute, value] of Object.entries(item)) {
    const match = /^([cu])(\d+)$/.exec(attribute);
    if (!match) continue;
    const link = Number(match[2]);
    const entry = links.get(link) ?? { clicks: 0, uniqueClicks: 0 };
    if (match[1] === 'c') entry.clicks = Number(value);
    else entry.uniqueClicks = Number(value);
    links.set(link, entry);
  }
  const failureReasons = Object.entries(item)
    .filter(([attribute, value]) => attribute.startsWith(FAILURE_REASON) && Number(value) > 0)
    .map(([attribute, value]) => ({ reason: attribute.slice(FAILURE_REASON.length), count: Number(value) }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { links, failureReasons };
}

// Access pattern: the campaign's timeline, oldest hour first.
export async function listTimeline(tuid: string, campaignId: string): Promise<Array<{ time: string; opens: number; clicks: number }>> {
  const points: Array<{ time: string; opens: number; clicks: number }> = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignDataPartition(tuid, campaignId), ':prefix': keys.campaignTimelinePrefix },
  })) {
    for (const item of page) points.push({ time: String(item.SK).slice(keys.campaignTimelinePrefix.length), opens: Number(item.opens ?? 0), clicks: Number(item.clicks ?? 0) });
  }
  return points;
}

function listQuery(tuid: string, campaignId: string, list: ReportListName): Omit<QueryCommandInput, 'TableName'> {
  return {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignDataPartition(tuid, campaignId), ':prefix': keys.campaignReportListPrefix(list) },
    // Newest first: who opened or bounced last is what a report reader looks for.
    ScanIndexForward: false,
  };
}

const toEntry = (item: Record<string, unknown>): ReportEntry => ({ contactId: Number(item.contactId), time: keys.reportEntryTimeOf(String(item.SK)) });

// Access pattern: one page of a report list, newest first. The entries before the page are only counted, never returned.
export async function listReportEntries(options: { tuid: string; campaignId: string; list: ReportListName; offset: number; limit: number }): Promise<ReportEntry[]> {
  const { db, name } = table();
  const query = listQuery(options.tuid, options.campaignId, options.list);
  let startKey: Record<string, unknown> | undefined;
  for (let skipped = 0; skipped < options.offset; ) {
    const answer = await db.send(new QueryCommand({ ...query, TableName: name, Select: 'COUNT', Limit: options.offset - skipped, ExclusiveStartKey: startKey }));
    skipped += answer.Count ?? 0;
    startKey = answer.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const entries: ReportEntry[] = [];
  while (entries.length < options.limit) {
    const answer = await db.send(new QueryCommand({ ...query, TableName: name, Limit: options.limit - entries.length, ExclusiveStartKey: startKey }));
    entries.push(...(answer.Items ?? []).map(toEntry));
    startKey = answer.LastEvaluatedKey;
    if (!startKey) break;
  }
  return entries;
}

// Access pattern: a whole report list, page by page, newest first (the CSV export).
export async function* reportEntryPages(tuid: string, campaignId: string, list: ReportListName): AsyncGenerator<ReportEntry[]> {
  for await (const page of queryPages(listQuery(tuid, campaignId, list))) yield page.map(toEntry);
}

/** A recipient's engagement found by a table scan, with where it lives. */
export type ScannedEngagement = { tuid: string; campaignId: string; contactId: number; stored: StoredEngagement };

/**
 * Access pattern (migrations only): one page of a scan of the whole table for engagements that
 * hold a bounce, any account's, from `startKey`; `nextKey` undefined after the last page.
 */
export async function scanBouncedEngagements(startKey?: Record<string, unknown>): Promise<{ engagements: ScannedEngagement[]; nextKey?: Record<string, unknown> }> {
  const { db, name } = table();
  const answer = await db.send(
    new ScanCommand({
      TableName: name,
      FilterExpression: 'begins_with(SK, :engagement) AND attribute_type(bounceType, :string)',
      ExpressionAttributeValues: { ':engagement': keys.campaignEngagementPrefix, ':string': 'S' },
      ExclusiveStartKey: startKey,
    }),
  );
  const engagements = (answer.Items ?? []).flatMap((item): ScannedEngagement[] => {
    const campaign = keys.campaignOfDataPartition(String(item.PK));
    return campaign ? [{ ...campaign, contactId: contactIdOfKey(item.SK), stored: toStored(item) }] : [];
  });
  return { engagements, nextKey: answer.LastEvaluatedKey };
}

/** When each recipient of a report list joined it (its entry's key time), by contact. */
export async function listEntryTimes(tuid: string, campaignId: string, list: ReportListName): Promise<Map<number, string>> {
  const times = new Map<number, string>();
  for await (const page of reportEntryPages(tuid, campaignId, list)) for (const entry of page) times.set(entry.contactId, entry.time);
  return times;
}

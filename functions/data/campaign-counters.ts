/**
 * A campaign's report counters, and the links its message tracks. The counters are one item in
 * the campaign's own partition, changed only by ADD, so concurrent workers never lose each
 * other's counts. Callers keep counts idempotent by adding in the same transaction as the write
 * that records what they count (a batch's completion, an event's first sight).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type CampaignCounters, EMPTY_COUNTERS } from '../../shared/domain/campaign-report.js';
import { keys } from './keys.js';
import { batchGet, conditionHeld, table } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type CounterDelta = Partial<CampaignCounters> & {
  /** Messages sent and credits spent per destination country (ISO alpha-2), kept as attributes of their own. */
  countries?: ReadonlyMap<string, { sent: number; credits: number }>;
};

/** Per-country attributes of the counters item: `country_HK` (messages sent), `countryCredits_HK`. */
const COUNTRY_SENT = 'country_';
const COUNTRY_CREDITS = 'countryCredits_';

function toCounters(item: Record<string, unknown> | undefined): CampaignCounters {
  const counters = { ...EMPTY_COUNTERS };
  if (!item) return counters;
  for (const name of Object.keys(counters) as Array<keyof CampaignCounters>) counters[name] = Number(item[name] ?? 0);
  return counters;
}

function addExpression(delta: CounterDelta): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, number> } | null {
  const { countries, ...totals } = delta;
  const perCountry = [...(countries ?? [])].flatMap(([country, { sent, credits }]): Array<[string, number]> =>
    /^[A-Z]{2}$/.test(country) ? [[`${COUNTRY_SENT}${country}`, sent], [`${COUNTRY_CREDITS}${country}`, credits]] : [],
  );
  const entries = [...Object.entries(totals), ...perCountry].filter(([, value]) => value !== undefined && value !== 0) as Array<[string, number]>;
  if (entries.length === 0) return null;
  return {
    UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
  };
}

/**
 * The links a campaign's message tracks, by index (shared/domain/personalization.ts TrackedLink):
 * written by the planner before the first message goes, read by the click redirect, which never
 * sends anyone anywhere else.
 */
export async function putTrackedLinks(tuid: string, campaignId: string, runId: string, urls: readonly string[]): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.campaignTrackedLinks(tuid, campaignId), runId, urls: [...urls] } }));
}

/**
 * Registers a campaign's short-link code (functions/lib/short-links.ts), once: written again by a
 * later run, it changes nothing; a code another campaign holds (a 47-bit collision) is an error.
 */
export async function registerShortLinkCode(code: string, tuid: string, campaignId: string): Promise<void> {
  const { db, name } = table();
  const applied = await conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.shortLinkCode(code), tuid, campaignId },
        ConditionExpression: 'attribute_not_exists(PK) OR (tuid = :tuid AND campaignId = :campaignId)',
        ExpressionAttributeValues: { ':tuid': tuid, ':campaignId': campaignId },
      }),
    ),
  );
  if (!applied) throw new Error(`short-link code ${code} already belongs to another campaign`);
}

/** Removes a deleted campaign's short-link code, if it is that campaign's. */
export async function deleteShortLinkCode(code: string, tuid: string, campaignId: string): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(
      new DeleteCommand({
        TableName: name,
        Key: keys.shortLinkCode(code),
        ConditionExpression: 'tuid = :tuid AND campaignId = :campaignId',
        ExpressionAttributeValues: { ':tuid': tuid, ':campaignId': campaignId },
      }),
    ),
  );
}

// Access pattern: the campaign of a short link (the public redirect).
export async function findShortLinkCampaign(code: string): Promise<{ tuid: string; campaignId: string } | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.shortLinkCode(code) }));
  return answer.Item ? { tuid: String(answer.Item.tuid), campaignId: String(answer.Item.campaignId) } : null;
}

export async function getTrackedLinks(tuid: string, campaignId: string): Promise<string[]> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignTrackedLinks(tuid, campaignId) }));
  return (answer.Item?.urls as string[] | undefined) ?? [];
}

/** The counters' update as a transaction item, or null when the delta adds nothing. */
export function counterUpdateItem(tuid: string, campaignId: string, delta: CounterDelta): TransactItem | null {
  const expression = addExpression(delta);
  return expression ? { Update: { TableName: table().name, Key: keys.campaignCounters(tuid, campaignId), ...expression } } : null;
}

export async function addCampaignCounters(tuid: string, campaignId: string, delta: CounterDelta): Promise<void> {
  const expression = addExpression(delta);
  if (!expression) return;
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: keys.campaignCounters(tuid, campaignId), ...expression }));
}

export async function getCampaignCounters(tuid: string, campaignId: string): Promise<CampaignCounters> {
  return (await getCampaignCountersWithCountries(tuid, campaignId)).counters;
}

export type CountryCount = { country: string; sent: number; credits: number };

/** The counters and the per-country tallies (SMS and MMS), busiest country first. */
export async function getCampaignCountersWithCountries(tuid: string, campaignId: string): Promise<{ counters: CampaignCounters; countries: CountryCount[] }> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignCounters(tuid, campaignId), ConsistentRead: true }));
  const item = answer.Item ?? {};
  const countries = Object.keys(item)
    .filter((attribute) => attribute.startsWith(COUNTRY_SENT))
    .map((attribute) => {
      const country = attribute.slice(COUNTRY_SENT.length);
      return { country, sent: Number(item[attribute] ?? 0), credits: Number(item[`${COUNTRY_CREDITS}${country}`] ?? 0) };
    })
    .sort((a, b) => b.sent - a.sent || a.country.localeCompare(b.country));
  return { counters: toCounters(answer.Item), countries };
}

/** Counters of several campaigns (a list page), by campaign id. */
export async function getCountersOf(tuid: string, campaignIds: readonly string[]): Promise<Map<string, CampaignCounters>> {
  const found = new Map((await batchGet(campaignIds.map((id) => keys.campaignCounters(tuid, id)))).map((item) => [String(item.PK), toCounters(item)]));
  return new Map(campaignIds.map((id) => [id, found.get(keys.campaignCounters(tuid, id).PK) ?? { ...EMPTY_COUNTERS }]));
}

/**
 * Property-based fuzzing of every route: bodies, queries and path ids built from each route's
 * contract so that they are bad input (the schema, or the control-character rule, refuses them), sent
 * through the real handlers. Every answer is below 500, every error is in the spec's shape, and the
 * table holds exactly what it held before. A fixed seed keeps runs repeatable; FUZZ_SEED and
 * FUZZ_RUNS override it, and a failure names the seed and the request.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { table } from '../../../functions/data/table-client.js';
import { signToken } from '../../../functions/lib/jwt.js';
import { ROUTE_CONTRACTS } from '../../../shared/contracts/index.js';
import { NOT_JSON, type RouteContract } from '../../../shared/contracts/route.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import { parseRequestInput } from '../../../shared/validation.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { signUpAs } from '../../helpers/seed/accounts.js';
import { emailCommand, seedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContact, seedGroup } from '../../helpers/seed/contacts.js';
import { emailContent, seedTemplate } from '../../helpers/seed/templates.js';

const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 450);

let api: ApiClient;
let token: string;
let supportToken: string;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  const me = await signUpAs(api, 'Fuzz Target');
  token = me.token;
  supportToken = await signToken(ZTokenClaims.parse({ ...decodeJwt(token), admin: true }));
  // Something of each kind for a bad request to spoil.
  await seedContact(api, me, { email: 'kept@example.com', fields: { f1: 'Kept' } });
  await seedGroup(api, me, { type: 'S', name: 'Kept group' });
  await seedTemplate(api, me, { name: 'Kept template', content: emailContent('<p>kept</p>') });
  await seedCampaign(api, me, 'Kept campaign', emailCommand(me.email));
}, 60_000);
afterAll(() => api.close());

/** Every item of the test's table, in key order. */
async function tableItems(): Promise<Record<string, unknown>[]> {
  const { db, name } = table();
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: name, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const keyOf = (item: Record<string, unknown>) => `${String(item.PK)}\u0000${String(item.SK)}`;
  return items.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

// Ending the session is the point of logout (tests/integration/api/sessions.test.ts).
const isFuzzable = (route: RouteContract) => route.path !== '/auth/logout' && (route.body !== undefined || route.query !== undefined || route.path.includes('{'));
const FUZZED_ROUTES = ROUTE_CONTRACTS.filter(isFuzzable);

/** The keys a schema's objects name, through optionals, unions, pipes and the like. */
function keysOf(schema: z.ZodType): string[] {
  const keys = new Set<string>();
  const pending: unknown[] = [schema];
  for (let depth = 0; pending.length > 0 && depth < 50; depth += 1) {
    const def = (pending.pop() as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    if (def.type === 'object') Object.keys(def.shape as object).forEach((key) => keys.add(key));
    else if (def.type === 'union') pending.push(...(def.options as unknown[]));
    else if (def.type === 'intersection') pending.push(def.left, def.right);
    else if (def.type === 'pipe') pending.push(def.in);
    else if (def.type === 'lazy') pending.push((def.getter as () => unknown)());
    else if ('innerType' in def) pending.push(def.innerType);
  }
  return [...keys];
}

// Texts that have broken parsers before: controls, odd Unicode, paths, numbers as text, sizes.
const nastyText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u007f', '\u0085', '\u202e', '\ufeff', 'Cafe\u0301', '😀', '\ud83d', '../../etc/passwd', '%00', '%', '__proto__', 'constructor', '{{ field:f1 }}', '<script>x</script>', "' OR 1=1 --", '=1+1', '-1', '0', '1e309', 'NaN', 'null', 'true', '[]', '{}', 'x'.repeat(5000)),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 4 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** What the handler sees of a JSON body: undefined dropped, NaN and Infinity as null. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
/** A query as the handler sees it: one string per name, lone surrogates replaced. */
const queryOverTheWire = (query: Record<string, string>) => Object.fromEntries(new URLSearchParams(new URLSearchParams(query).toString()));
const isRefused = (schema: z.ZodType, value: unknown) => {
  try {
    parseRequestInput(schema, value);
    return false;
  } catch {
    return true;
  }
};

/** An object with some of the schema's keys (and maybe one it does not know), each holding anything. */
const objectLike = (keys: string[]) =>
  fc
    .tuple(fc.subarray(keys), fc.option(nastyText, { nil: undefined }))
    .chain(([chosen, extra]) => fc.tuple(...[...chosen, ...(extra === undefined ? [] : [extra])].map((key) => fc.tuple(fc.constant(key), anyValue))))
    .map((entries) => Object.fromEntries(entries));

const badBody = (schema: z.ZodType) => fc.oneof(objectLike(keysOf(schema)), anyValue).map(overTheWire).filter((body) => isRefused(schema, body));
const badQuery = (schema: z.ZodType) =>
  fc
    .tuple(fc.subarray(keysOf(schema)), fc.array(nastyText, { maxLength: 2 }))
    .chain(([keys, extra]) => fc.tuple(...[...keys, ...extra].map((key) => fc.tuple(fc.constant(key), fc.oneof(nastyText, fc.constant('-1'), fc.constant('99999999'))))))
    .map((entries) => queryOverTheWire(Object.fromEntries(entries)))
    .filter((query) => isRefused(schema, query));

/** A path segment of anything but well-formed UTF-16, which no URL can carry. */
const pathId = nastyText.map((text) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ''));

type FuzzRequest = { route: RouteContract; path: string; query: Record<string, string>; body: unknown };

/** A request to `route` with random path ids and at least one part its contract refuses. */
function badRequest(route: RouteContract): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const ids = fc.tuple(...names.map(() => pathId)).map((values) => Object.fromEntries(names.map((name, n) => [name, values[n]!])));
  const badParams = route.params ? ids.filter((params) => isRefused(route.params!, params)) : ids;
  const parts: fc.Arbitrary<{ params: Record<string, string>; query: Record<string, string>; body: unknown }>[] = [];
  if (names.length > 0) parts.push(fc.record({ params: badParams, query: fc.constant({}), body: fc.constant(undefined) }));
  if (route.query) parts.push(fc.record({ params: ids, query: badQuery(route.query), body: fc.constant(undefined) }));
  if (route.body) parts.push(fc.record({ params: ids, query: fc.constant({}), body: badBody(route.body) }));
  return fc.oneof(...parts).map(({ params, query, body }) => ({
    route,
    path: route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)),
    query,
    body,
  }));
}

const describeRequest = ({ route, path, query, body }: FuzzRequest) => `${route.method} ${path}?${new URLSearchParams(query)} ${JSON.stringify(body)?.slice(0, 300)}`;

describe('fuzzing every route with bad input', () => {
  it(`answers below 500, in the error shape, and changes nothing (seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs)`, async () => {
    // Prepare
    const before = await tableItems();
    const requests = fc.constantFrom(...FUZZED_ROUTES).chain(badRequest);

    // Act + Assess: each answer as it comes
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const search = new URLSearchParams(request.query).toString();
        const answer = await api.request(request.route.method, `${request.path}${search ? `?${search}` : ''}`, {
          token: request.route.access.kind === 'admin' ? supportToken : token,
          body: request.body,
        });
        const context = `${describeRequest(request)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} (FUZZ_SEED=${FUZZ_SEED})`;
        expect(answer.status, context).toBeLessThan(500);
        // Routes that answer people rather than the app (the /t links) may answer an error page instead.
        const isErrorJson = request.route.answer !== NOT_JSON || (answer.headers.get('content-type') ?? '').includes('json');
        if (answer.status >= 400 && isErrorJson) expect(answer.body, context).toEqual(expect.objectContaining({ statusCode: expect.any(String), message: expect.any(String) }));
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );

    // Assess: the table as it was
    expect(await tableItems()).toEqual(before);
  }, 120_000);
});

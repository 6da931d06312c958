/**
 * What the witness tests of the blind fault sets share (set-1.test.ts … set-3.test.ts): a raw
 * client (a faulty server breaks the spec, so answers are read as sent), servers started
 * in-process on the shared small test dataset with a frozen clock and stopped after each test,
 * and the witness loop itself: for every fault, what a witness observes on a server with that
 * fault on must differ from what it observes on the faultless server.
 */
import { Client, request as undiciRequest } from 'undici';
import { afterEach, expect, it } from 'vitest';
import type { ApiKeyRecord, Dataset, GameRecord } from '../../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS, ManualClock, testDataset } from '../../../test/harness.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { BLIND_FAULTS } from '../../faults.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
  text: string;
}

export interface CallOptions {
  /** Default GET. */
  method?: string;
  /** Default: the set's high-limit key as `Bearer <key>`; null sends no Authorization header. */
  key?: ApiKeyRecord | null;
  /** The Authorization header's value as sent, instead of `Bearer <key>`. */
  authorization?: string;
  /** Other headers of the witness's own (e.g. `X-API-Key`). */
  headers?: Record<string, string>;
}

export type Call = (path: string, options?: CallOptions) => Promise<Reply>;

/** What a witness observes on one server; the faulty server's observation must differ. */
export type Observe = (call: Call) => Promise<unknown>;

export const DAY = 86_400;
export const dataset: Dataset = testDataset();
export const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
export const TODAY = date(ANCHOR_SECONDS);

export function pick<T>(items: readonly T[], what: string): T {
  if (items.length === 0) throw new Error(`the test dataset has no ${what}`);
  return items[0]!;
}

export const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);

export const active = dataset.games.filter((g) => g.archiveReason === null);
export const archived = dataset.games.filter((g) => g.archiveReason !== null);
export const isActive = (id: number) => dataset.games.find((g) => g.id === id)!.archiveReason === null;
/** A game's reviews in the test dataset, every one, in the dataset's order. */
export const reviewsOf = (gameId: number) => dataset.reviews.filter((review) => review.gameId === gameId);

/** An active game crawled successfully all through the last week (samples every 30 minutes), crawled for `sinceDays` at least. */
export function crawledAllWeek(sinceDays: number): GameRecord {
  return pick(
    active.filter(
      (g) =>
        !g.webOnly &&
        g.crawlStart !== null &&
        g.crawlStart < ANCHOR_SECONDS - sinceDays * DAY &&
        g.crawlEnd === null &&
        g.outages.every((o) => o.end < ANCHOR_SECONDS - 7 * DAY) &&
        lastSuccessfulConnect(g, ANCHOR_SECONDS) !== null,
    ),
    'game crawled all week',
  );
}

/**
 * An active game with statistics, crawled for `sinceDays` at least and still crawled, and with no
 * outage in the last `quietDays` days when given.
 */
export function statisticsGame(sinceDays: number, quietDays?: number): GameRecord {
  return pick(
    active.filter(
      (g) =>
        !g.webOnly &&
        g.statisticsState === 'ready' &&
        g.crawlStart !== null &&
        g.crawlStart < ANCHOR_SECONDS - sinceDays * DAY &&
        g.crawlEnd === null &&
        (quietDays === undefined || g.outages.every((o) => o.end < ANCHOR_SECONDS - quietDays * DAY)),
    ),
    'game with statistics crawled all through the last weeks',
  );
}

/**
 * The four keys of a witness set, named after it (`prefix`): a high-limit one (the default of
 * every call), the low-limit persona (5/min, 20/day), a day-limited one (10/min, 3/day) and a revoked one.
 */
export function witnessKeys(prefix: string) {
  return {
    high: {
      key: `${prefix}-high-key-0001`,
      label: 'conformance',
      per_minute: 1_000_000,
      per_day: 1_000_000,
      revoked: false,
    },
    low: { key: `${prefix}-low-key-0002`, label: 'low-limit', per_minute: 5, per_day: 20, revoked: false },
    dayLimited: {
      key: `${prefix}-day-key-0003`,
      label: 'day-limited',
      per_minute: 10,
      per_day: 3,
      revoked: false,
    },
    revoked: {
      key: `${prefix}-revoked-key-0004`,
      label: 'revoked',
      per_minute: 60,
      per_day: 10_000,
      revoked: true,
    },
  } satisfies Record<string, ApiKeyRecord>;
}

export const ids = (reply: Reply): number[] => reply.body.data.map((item: { id: number }) => item.id);

/** Every item of a collection, page by page (50 a page), each page answered 200 (blind variant sets 2 and 3). */
export async function everyItem(call: Call, path: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await call(`${path}${separator}per_page=50&page=${page}`);
    expect(reply.status).toBe(200);
    items.push(...reply.body.data);
    if (reply.body.links.next === undefined) return items;
  }
}

export async function sendTimes(call: Call, times: number, key: ApiKeyRecord): Promise<Reply> {
  let last: Reply | undefined;
  for (let i = 0; i < times; i++) last = await call('/tags', { key });
  return last!;
}

/** An answer with its bytes as received. */
export type RawReply = Reply & { bytes: Buffer };

/** What a request may send besides a Call's options: a body. */
export interface RawCallOptions extends CallOptions {
  body?: string;
}

/** An answer read raw: its bytes, its text (UTF-8, a byte order mark dropped, as undici's `text()`), its body parsed when it is JSON. */
export async function readRawReply(response: Awaited<ReturnType<typeof undiciRequest>>): Promise<RawReply> {
  const bytes = Buffer.from(await response.body.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let body: Json;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body, text, bytes };
}

/** An answer read raw: its body parsed as JSON when it is JSON, and kept as text. */
export async function readReply(response: Awaited<ReturnType<typeof undiciRequest>>): Promise<Reply> {
  const { bytes: _bytes, ...reply } = await readRawReply(response);
  return reply;
}

/** A started server as its clients reach it. */
interface Served {
  clock: ManualClock;
  baseUrl: string;
  defaultKey: ApiKeyRecord;
  /** The one kept-alive connection every request goes on, when the servers were started so. */
  connection?: Client;
}

/** Each started server, by the client that calls it. */
const servedBy = new WeakMap<Call, Served>();

function served(call: Call): Served {
  const found = servedBy.get(call);
  if (found === undefined) throw new Error('not a client of witnessServers');
  return found;
}

/** The hand-moved clock of the server `call` calls. */
export const clockOf = (call: Call): ManualClock => served(call).clock;

/** The base URL of the server `call` calls. */
export const baseUrlOf = (call: Call): string => served(call).baseUrl;

async function send(
  server: Served,
  path: string,
  { method = 'GET', key = server.defaultKey, authorization, headers = {}, body }: RawCallOptions = {},
): Promise<RawReply> {
  const value = authorization ?? (key ? `Bearer ${key.key}` : undefined);
  const sent = value === undefined ? { ...headers } : { ...headers, authorization: value };
  return readRawReply(
    await undiciRequest(`${server.baseUrl}${path}`, {
      method,
      headers: sent,
      ...(server.connection === undefined ? {} : { dispatcher: server.connection }),
      ...(body === undefined ? {} : { body }),
    }),
  );
}

/** A request the Call type cannot send (with a body), answered with its bytes, on the server `call` calls. */
export const sendRaw = (call: Call, path: string, options?: RawCallOptions): Promise<RawReply> =>
  send(served(call), path, options);

/**
 * Servers with `keys` (the first is the default key of every call), each started with the faults
 * given and a hand-moved clock of its own (`clockOf`), and stopped after the test that started
 * it; with `oneConnection`, every request of a server goes on one kept-alive connection (as a
 * client with a single pooled connection sends them). Call inside a `describe`.
 */
export function witnessServers(
  keys: readonly ApiKeyRecord[],
  { oneConnection = false }: { oneConnection?: boolean } = {},
): (faults: readonly string[]) => Promise<Call> {
  const running = stoppedAfterEach();
  return (faults) => startWitnessed({ faults }, keys, oneConnection, running);
}

/**
 * As witnessServers, but each server is started with the (legitimate) variants given instead of
 * faults: for the blind variant sets (blind-variants/), whose witnesses show what a variant
 * changes.
 */
export function witnessVariantServers(
  keys: readonly ApiKeyRecord[],
): (variants: readonly string[]) => Promise<Call> {
  const running = stoppedAfterEach();
  return (variants) => startWitnessed({ variants }, keys, false, running);
}

type Running = Array<{ server: RunningServer; connection?: Client }>;

/** The servers a test starts, stopped (and their kept connections closed) after it. */
function stoppedAfterEach(): Running {
  const running: Running = [];
  afterEach(async () => {
    await Promise.all(
      running.splice(0).map(async ({ server, connection }) => {
        await connection?.close();
        await server.close();
      }),
    );
  });
  return running;
}

async function startWitnessed(
  switches: { faults?: readonly string[]; variants?: readonly string[] },
  keys: readonly ApiKeyRecord[],
  oneConnection: boolean,
  running: Running,
): Promise<Call> {
  const clock = new ManualClock();
  const server = await startServer({
    dataset,
    keys,
    clock,
    faults: new Set(switches.faults ?? []),
    variants: new Set(switches.variants ?? []),
  });
  const connection = oneConnection ? new Client(new URL(server.baseUrl).origin) : undefined;
  running.push({ server, ...(connection === undefined ? {} : { connection }) });
  const started: Served = {
    clock,
    baseUrl: server.baseUrl,
    defaultKey: keys[0]!,
    ...(connection === undefined ? {} : { connection }),
  };
  const call: Call = async (path, options) => {
    const { bytes: _bytes, ...reply } = await send(started, path, options);
    return reply;
  };
  servedBy.set(call, started);
  return call;
}

/** One test per fault: its witness sees something else on a server with that fault on. */
export function itWitnessesEach<Name extends string>(
  faults: ReadonlyArray<{ name: Name; description: string }>,
  witnesses: Record<Name, Observe>,
  start: (faults: readonly string[]) => Promise<Call>,
): void {
  for (const fault of faults) {
    it(`${fault.name}: ${fault.description}`, async () => {
      const [off, on] = await Promise.all([start([]), start([fault.name])]);
      const correct = await witnesses[fault.name](off);
      const faulty = await witnesses[fault.name](on);
      expect(
        faulty,
        `${fault.name} changes nothing the witness sees (${JSON.stringify(correct)})`,
      ).not.toEqual(correct);
    });
  }
}

/**
 * The catalogue tests of a blind variant set: `minimum` … `maximum` variants, each named
 * `<prefix>-…` once, witnessed and quoting its rule; all of them on at once, a server answering
 * GET /games; an unknown name of the prefix refused.
 */
export function itCataloguesVariants<Name extends string>(
  prefix: string,
  [minimum, maximum]: readonly [number, number],
  variants: ReadonlyArray<{ name: Name; rule: string; description: string; where: string }>,
  witnesses: Record<Name, Observe>,
  start: (variants: readonly string[]) => Promise<Call>,
): void {
  it(`has ${minimum} to ${maximum} variants, each named ${prefix}-… once, each with a witness and its rule`, () => {
    const names = variants.map((variant) => variant.name);
    expect(names.length).toBeGreaterThanOrEqual(minimum);
    expect(names.length).toBeLessThanOrEqual(maximum);
    expect(new Set(names).size).toBe(names.length);
    const shape = new RegExp(`^${prefix}-[a-z0-9]+(-[a-z0-9]+)*$`);
    expect(names.filter((name) => !shape.test(name))).toEqual([]);
    expect(Object.keys(witnesses).sort()).toEqual([...names].sort());
    for (const variant of variants) {
      expect(variant.rule.length, variant.name).toBeGreaterThan(0);
      expect(variant.description.length, variant.name).toBeGreaterThan(0);
      expect(variant.where.length, variant.name).toBeGreaterThan(0);
    }
  });

  it('starts with every variant of the set at once', async () => {
    const call = await start(variants.map((variant) => variant.name));
    const reply = await call('/games?per_page=5');
    expect(reply.status).toBe(200);
    expect((reply.body as { data: unknown[] }).data).toHaveLength(5);
  });

  it(`refuses an unknown ${prefix} name`, async () => {
    await expect(start([`${prefix}-no-such-variant`])).rejects.toThrow(/Unknown variant/);
  });
}

/**
 * The catalogue tests every blind set from 3 on shares: at least `minimum` faults, each named
 * `<prefix>-…` once and witnessed; its names accepted beside one name of every other blind set;
 * an unknown name of the prefix refused.
 */
export function itCatalogues<Name extends string>(
  prefix: string,
  minimum: number,
  faults: ReadonlyArray<{ name: Name }>,
  witnesses: Record<Name, Observe>,
  start: (faults: readonly string[]) => Promise<Call>,
): void {
  /** The first name of each other blind set (a set's prefix: its names up to the first dash). */
  const neighbours: string[] = [];
  const sets = new Set([prefix]);
  for (const { name } of BLIND_FAULTS) {
    const set = name.slice(0, name.indexOf('-'));
    if (!sets.has(set)) neighbours.push(name);
    sets.add(set);
  }
  it(`has at least ${minimum} faults, each named ${prefix}-… once, each with a witness`, () => {
    const names = faults.map((fault) => fault.name);
    expect(names.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(names).size).toBe(names.length);
    const shape = new RegExp(`^${prefix}-[a-z0-9]+(-[a-z0-9]+)*$`);
    expect(names.filter((name) => !shape.test(name))).toEqual([]);
    expect(Object.keys(witnesses).sort()).toEqual([...names].sort());
  });

  it('accepts its names beside the other sets', async () => {
    await expect(start([faults[0]!.name, ...neighbours])).resolves.toBeTypeOf('function');
  });

  it(`refuses an unknown ${prefix} name`, async () => {
    await expect(start([`${prefix}-no-such-fault`])).rejects.toThrow(
      new RegExp(`Unknown fault: ${prefix}-no-such-fault`),
    );
  });
}

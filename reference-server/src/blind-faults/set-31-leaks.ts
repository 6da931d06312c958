/**
 * Blind fault set 31 (set-31.ts): what each mistake about state that outlives its request computes.
 * Every function here is called only behind its fault's guard (operations.ts, app.ts,
 * middleware/rate-limit.ts, middleware/authenticate.ts), so with no fault on nothing here runs.
 *
 * The state the mistakes keep (the "module-level" variables, memos, shared templates and caches of
 * the faulty servers) lives per started server: in a record keyed by the server's fault set, the one
 * object every middleware and handler of one `createApp` shares (the handlers get a copy of the
 * context per request, but the same fault set). Tests start many servers; none sees another's state.
 */
import type { Request, RequestHandler, Response } from 'express';
import { IANAZone } from 'luxon';
import type { ApiKeyRecord, GameRecord, Taxonomy } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { ReviewIndex, ReviewPage, ReviewQuery } from '../domain/review-query.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
import type { TagList } from '../domain/tags.ts';
import { resolveTimeZone } from '../domain/time-zone.ts';
import {
  hasCounters,
  refusal,
  windowsAt,
  type RateLimitDecision,
  type RateLimits,
  type RateLimitStore,
} from '../rate-limiter.ts';

const DAY_SECONDS = 86_400;
const MINUTE_MS = 60_000;

/** What the faulty servers keep between requests (each field used by one fault only). */
interface Leaks {
  /** blind31-games-link-params-never-cleared: the links' parameters, raw pieces by name, never cleared. */
  linkParams: Map<string, string[]>;
  /** blind31-games-enum-defaults-mutated: the defaults object `Object.assign` writes the request's values into. */
  enumDefaults: { sort?: string; connection_type?: string };
  /** blind31-games-flags-left-by-refused-request: the flags pushed by a refused request, still on the filter list. */
  pendingFlags: Set<string>;
  /** blind31-detail-controller-field-overwritten: the controller singleton's `game` field. */
  detailGame: GameRecord | undefined;
  /** blind31-retry-after-memoised-per-minute: the wait computed for the clock minute, for any key. */
  retryAfterOfMinute: { minute: number; wait: number } | undefined;
  /** blind31-request-id-module-variable: the module-level "current" request id. */
  currentRequestId: string | undefined;
  /** blind31-tags-taxonomy-overwritten-by-filter: the group ids the lazily loaded taxonomy was loaded with. */
  taxonomyGroups: ReadonlySet<number> | 'all' | undefined;
  /** blind31-mssp-meta-template-mutated: the `meta` template the handler assigns into. */
  msspMeta: { game_id: number; status: 'available' | 'mssp_not_available' };
  /** blind31-raw-samples-reversed-in-place: per game, whether its cached sample array is reversed now. */
  reversedSamples: Map<number, boolean>;
  /** blind31-stats-memo-ignores-to: the statistics answers by game and query without `to`. */
  statistics: Map<string, DomainResult<unknown>>;
  /** blind31-activity-cells-template-shared: the template's 168 cells, counts and sums accumulated. */
  activityCells: Array<{ count: number; sum: number }>;
  /** blind31-key-refusal-cached-by-prefix: key ids (first 12 characters) refused, until clock ms. */
  refusedKeyIds: Map<string, number>;
  /** blind31-reviews-game-rows-spliced: a game's listed reviews, loaded once and spliced by each page. */
  reviewsOfGame: Map<number, ReturnType<ReviewIndex['list']>['reviews']>;
  /** blind31-review-body-deleted-by-list: the reviews whose cached record lost its body to a list. */
  bodiesDeleted: Set<number>;
  /** blind31-minute-count-cached-on-connection: per socket, per counted key, the minute record. */
  minuteOfConnection: WeakMap<object, Map<string, { minuteStart: number; count: number }>>;
  /** blind31-limit-header-from-last-loaded-plan: the keys whose plan was loaded, and the last plan. */
  loadedPlans: Set<string>;
  lastLoadedPlan: ApiKeyRecord | undefined;
}

const leaksPerServer = new WeakMap<object, Leaks>();

/** The state of the faulty server whose fault set is `faults`. */
function leaksOf(faults: ReadonlySet<string>): Leaks {
  let leaks = leaksPerServer.get(faults);
  if (leaks === undefined) {
    leaks = {
      linkParams: new Map(),
      enumDefaults: { sort: 'last_updated', connection_type: 'all' },
      pendingFlags: new Set(),
      detailGame: undefined,
      retryAfterOfMinute: undefined,
      currentRequestId: undefined,
      taxonomyGroups: undefined,
      msspMeta: { game_id: 0, status: 'available' },
      reversedSamples: new Map(),
      statistics: new Map(),
      activityCells: Array.from({ length: 168 }, () => ({ count: 0, sum: 0 })),
      refusedKeyIds: new Map(),
      reviewsOfGame: new Map(),
      bodiesDeleted: new Set(),
      minuteOfConnection: new WeakMap(),
      loadedPlans: new Set(),
      lastLoadedPlan: undefined,
    };
    leaksPerServer.set(faults, leaks);
  }
  return leaks;
}

/** A copy of `query` with `changes` applied (undefined removes). */
function withParams(query: RawQuery, changes: Record<string, string | undefined>): RawQuery {
  const copy: RawQuery = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) copy[name] = value;
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete copy[name];
    else copy[name] = value;
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// GET /games

/**
 * Blind fault `blind31-games-link-params-never-cleared`: the links' parameters are kept in one
 * per-process map the handler `set`s for each parameter the request sends (allocated once, a hot-path
 * saving) and never clears, so a parameter an earlier request sent and this one does not stays in
 * this request's links. The result is the query the links are built from (pagination sets `page`).
 */
export function linkQueryNeverCleared(faults: ReadonlySet<string>, rawQuery: string): string {
  const { linkParams } = leaksOf(faults);
  const sent = new Map<string, string[]>();
  for (const piece of rawQuery.split('&')) {
    if (piece === '') continue;
    const at = piece.indexOf('=');
    const name = at < 0 ? piece : piece.slice(0, at);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // a broken escape is kept as sent
    }
    const pieces = sent.get(decoded);
    if (pieces === undefined) sent.set(decoded, [piece]);
    else pieces.push(piece);
  }
  for (const [name, pieces] of sent) linkParams.set(name, pieces);
  return [...linkParams.values()].flat().join('&');
}

/** The enum parameters of GET /games whose defaults the faulty handler keeps in one object. */
const ENUM_PARAMETERS = ['sort', 'connection_type'] as const;

/**
 * Blind fault `blind31-games-enum-defaults-mutated`: the handler merges the request's enum values
 * into its defaults with `Object.assign(DEFAULTS, picked)` (instead of `Object.assign({}, DEFAULTS,
 * picked)`), so the defaults object keeps the last value each parameter was sent with, and a request
 * without `sort` or `connection_type` gets that value instead of `last_updated` or `all`.
 */
export function enumDefaultsMutated(faults: ReadonlySet<string>, query: RawQuery): RawQuery {
  const defaults = leaksOf(faults).enumDefaults;
  const picked: Record<string, string> = {};
  for (const name of ENUM_PARAMETERS) {
    const value = query[name];
    if (typeof value === 'string') picked[name] = value;
  }
  const options = Object.assign(defaults, picked);
  const changes: Record<string, string | undefined> = {};
  if (query.sort === undefined && options.sort !== 'last_updated') changes.sort = options.sort;
  if (query.connection_type === undefined && options.connection_type !== 'all')
    changes.connection_type = options.connection_type;
  return Object.keys(changes).length === 0 ? query : withParams(query, changes);
}

/** The flags validated before the combination rule (the table's order), which a refused request leaves behind. */
const FLAGS_BEFORE_COMBINATION = ['has_reviews', 'recently_updated'] as const;

/**
 * Blind fault `blind31-games-flags-left-by-refused-request`: the flag filters are pushed onto a
 * per-process filter list as the parameters are validated and the list is emptied after the search
 * runs; a request refused with 422 returns before the search, so the flags it pushed stay, and the
 * next request's search runs with them. Here: the flags left over are added to this request's query
 * (and no longer left over).
 */
export function flagsLeftOver(faults: ReadonlySet<string>, query: RawQuery): RawQuery {
  const { pendingFlags } = leaksOf(faults);
  if (pendingFlags.size === 0) return query;
  const changes: Record<string, string> = {};
  for (const flag of pendingFlags) if (query[flag] === undefined) changes[flag] = '1';
  pendingFlags.clear();
  return Object.keys(changes).length === 0 ? query : withParams(query, changes);
}

/** Blind fault `blind31-games-flags-left-by-refused-request`: a refused request's flags stay on the list. */
export function flagsOfRefusedRequest(faults: ReadonlySet<string>, query: RawQuery): void {
  const { pendingFlags } = leaksOf(faults);
  for (const flag of FLAGS_BEFORE_COMBINATION) if (query[flag] === '1') pendingFlags.add(flag);
}

/**
 * Blind fault `blind31-tags-taxonomy-overwritten-by-filter`: the taxonomy is kept in a module-level
 * variable that GET /tags fills on first use (`taxonomy ??= await loadTaxonomy()`) and serves, and
 * GET /games' tag-id validator assigns its own load to the same variable (`taxonomy = await
 * loadTaxonomy(categories)`), a load of only the groups of the categories the request filters on.
 * Called by GET /games with the query.
 */
export function taxonomyLoadedForFilter(
  faults: ReadonlySet<string>,
  query: RawQuery,
  taxonomy: Taxonomy,
): void {
  const leaks = leaksOf(faults);
  const keys = new Set<string>();
  for (const name of Object.keys(query)) {
    const match = /^([a-z_]+)_tag_id(\[\])?$/.exec(name);
    if (match !== null && (CATEGORY_KEYS as readonly string[]).includes(match[1]!)) keys.add(match[1]!);
  }
  if (keys.size === 0) return;
  leaks.taxonomyGroups = new Set(
    taxonomy.groups.filter((group) => keys.has(group.key)).map((group) => group.id),
  );
}

/** Blind fault `blind31-tags-taxonomy-overwritten-by-filter`: GET /tags' body from the variable (the whole taxonomy when empty). */
export function taxonomyOfVariable<
  T extends { data: ReadonlyArray<{ id: TagList['data'][number]['id'] | string }> },
>(faults: ReadonlySet<string>, body: T): T {
  const leaks = leaksOf(faults);
  if (leaks.taxonomyGroups === undefined) leaks.taxonomyGroups = 'all';
  const groups = leaks.taxonomyGroups;
  if (groups === 'all') return body;
  return { ...body, data: body.data.filter((group) => typeof group.id === 'number' && groups.has(group.id)) };
}

// ---------------------------------------------------------------------------------------------
// Game detail

/** Blind fault `blind31-detail-controller-field-overwritten`: how long the watcher count's query takes, ms. */
export const WATCHER_LOOKUP_MS = 40;

/**
 * Blind fault `blind31-detail-controller-field-overwritten`: the detail handler is a method of a
 * controller singleton that stores the game it answers in a field (`this.game = game`), awaits the
 * watcher count, then builds the answer from `this.game`. `answer` is called with the game the field
 * holds once the wait is over, which is another request's when one arrived meanwhile.
 */
export function detailFromControllerField(
  faults: ReadonlySet<string>,
  game: GameRecord,
  answer: (game: GameRecord) => void,
): void {
  const leaks = leaksOf(faults);
  leaks.detailGame = game;
  setTimeout(() => answer(leaks.detailGame ?? game), WATCHER_LOOKUP_MS);
}

// ---------------------------------------------------------------------------------------------
// MSSP

/**
 * Blind fault `blind31-mssp-meta-template-mutated`: the handler answers `{data, meta: Object.assign(META,
 * {game_id})}` with a module-level `META = {status: 'available'}` whose status the no-snapshot branch
 * sets to `mssp_not_available` and nothing sets back, so after one game without a snapshot every
 * later answer, snapshot or not, says `mssp_not_available`.
 */
export function msspMetaFromTemplate(
  faults: ReadonlySet<string>,
  result: DomainResult<unknown>,
): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as { data: unknown; meta?: { game_id: number; status: string } };
  if (answer.meta === undefined) return result;
  const template = leaksOf(faults).msspMeta;
  if (answer.data === null) template.status = 'mssp_not_available';
  const meta = Object.assign(template, { game_id: answer.meta.game_id });
  return { ok: { ...answer, meta: { ...answer.meta, game_id: meta.game_id, status: meta.status } } };
}

// ---------------------------------------------------------------------------------------------
// Player history

/**
 * Blind fault `blind31-raw-samples-reversed-in-place`: a game's raw samples are kept in a per-game
 * cached array (chronological when loaded) that both granularities read; the daily path walks the day
 * back from the newest sample with `samples.reverse()` on that array instead of a copy, so after each
 * daily history of a game its cached array is in the other order, and a raw history of that game
 * (a slice of the array) comes newest first until the next daily history turns it back.
 */
export function samplesOfReversibleCache(
  faults: ReadonlySet<string>,
  game: GameRecord,
  result: DomainResult<unknown>,
): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as { data: unknown[]; meta?: { granularity?: string } };
  if (!Array.isArray(answer.data) || answer.meta === undefined) return result;
  const { reversedSamples } = leaksOf(faults);
  const reversed = reversedSamples.get(game.id) === true;
  if (answer.meta.granularity === 'daily') {
    reversedSamples.set(game.id, !reversed);
    return result;
  }
  if (answer.meta.granularity !== 'raw' || !reversed) return result;
  return { ok: { ...answer, data: [...answer.data].reverse() } };
}

// ---------------------------------------------------------------------------------------------
// Statistics, activity pattern

/**
 * Blind fault `blind31-stats-memo-ignores-to`: the statistics answers are memoised for the life of
 * the process under the game and the query without `to` (the key written when the series always ran
 * to today), so once a range was answered, a request that differs from it only in `to` is answered
 * with it. Only 200 answers are kept.
 */
export function statisticsMemoisedWithoutTo(
  faults: ReadonlySet<string>,
  game: GameRecord,
  query: RawQuery,
  compute: () => DomainResult<unknown>,
): DomainResult<unknown> {
  const { statistics } = leaksOf(faults);
  const rest = Object.entries(query)
    .filter(([name, value]) => name !== 'to' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = `${game.id} ${JSON.stringify(rest)}`;
  const kept = statistics.get(key);
  if (kept !== undefined) return kept;
  const computed = compute();
  if ('ok' in computed) statistics.set(key, computed);
  return computed;
}

const MIN_OBSERVATIONS_FOR_AVERAGE = 3;

/**
 * Blind fault `blind31-activity-cells-template-shared`: each pattern's cells are a shallow copy of a
 * module-level template (`EMPTY_WEEK.slice()`: a new array of the template's own cell objects), so
 * the counts and sums of every pattern answered are added into the template's cells, and each answer
 * reports everything counted since the server started: the first pattern is right, the same request
 * again reports twice the counts. Recomputes the pattern's samples (as activity-pattern.ts does) from
 * the answered range and zone.
 */
export function cellsOnSharedTemplate(
  faults: ReadonlySet<string>,
  game: GameRecord,
  result: DomainResult<unknown>,
  nowMs: number,
): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const answer = result.ok as {
    data: Array<{ weekday: number; hour: number; count: number; average: number | null }>;
    meta: { timezone?: string; from?: string; to?: string };
  };
  const { timezone, from, to } = answer.meta;
  if (!Array.isArray(answer.data) || answer.data.length !== 168 || !from || !to) return result;
  const zoneName = resolveTimeZone(timezone ?? 'UTC');
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const startSec = Date.parse(`${from}T00:00:00Z`) / 1000;
  const endSec = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY_SECONDS - 1;
  const cells = leaksOf(faults).activityCells;
  for (const t of sampleTimes(game, startSec, endSec, Math.floor(nowMs / 1000))) {
    const local = t + zone.offset(t * 1000) * 60;
    const day = Math.floor(local / DAY_SECONDS);
    const weekdayIndex = (((day + 3) % 7) + 7) % 7;
    const hour = Math.floor((local - day * DAY_SECONDS) / 3600);
    const cell = cells[weekdayIndex * 24 + hour]!;
    cell.count += 1;
    cell.sum += playersAt(game, t);
  }
  const data = answer.data.map((served, i) => {
    const { count, sum } = cells[i]!;
    return {
      ...served,
      count,
      average: count < MIN_OBSERVATIONS_FOR_AVERAGE ? null : roundToHundredths(sum / count),
    };
  });
  return { ok: { ...answer, data } };
}

// ---------------------------------------------------------------------------------------------
// Reviews

/**
 * Blind fault `blind31-reviews-game-rows-spliced`: a game's listed reviews are loaded once into a
 * per-process cache (newest first) and each page is cut from it with `rows.splice(offset, perPage)`
 * (meant `slice`), after the total was read as `rows.length`: the page's reviews leave the cached
 * array, so each later request for that game counts and lists only what earlier pages left.
 */
export function reviewsOfGameSpliced(
  faults: ReadonlySet<string>,
  reviews: ReviewIndex,
  query: ReviewQuery,
): ReviewPage | undefined {
  if (typeof query.game !== 'number') return undefined;
  const { reviewsOfGame } = leaksOf(faults);
  let rows = reviewsOfGame.get(query.game);
  if (rows === undefined) {
    rows = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews.slice();
    reviewsOfGame.set(query.game, rows);
  }
  const total = rows.length;
  const offset = (query.page - 1) * query.perPage;
  return { total, reviews: offset >= rows.length ? [] : rows.splice(offset, query.perPage) };
}

/**
 * Blind fault `blind31-review-body-deleted-by-list`: the collection makes its summaries with `delete
 * review.body` on the records of the per-process review cache the detail reads too: the reviews a
 * list has served are noted, and their detail is then sent without `body`.
 */
export function bodiesDeletedByList(faults: ReadonlySet<string>, ids: Iterable<number>): void {
  const { bodiesDeleted } = leaksOf(faults);
  for (const id of ids) bodiesDeleted.add(id);
}

/** Blind fault `blind31-review-body-deleted-by-list`: whether the cached record of review `id` has lost its body. */
export function bodyDeleted(faults: ReadonlySet<string>, id: number): boolean {
  return leaksOf(faults).bodiesDeleted.has(id);
}

// ---------------------------------------------------------------------------------------------
// Request ids, authentication

/** Blind fault `blind31-request-id-module-variable`: how long the awaited key lookup takes, ms. */
export const KEY_LOOKUP_MS = 20;

/**
 * Blind fault `blind31-request-id-module-variable`: the request id is kept in a module-level variable
 * (`currentRequestId`, the request context written before AsyncLocalStorage), set when the id is
 * made and read when the answer's headers and error body are written, after authentication has
 * awaited the key store: when another request arrived meanwhile, the id read is that request's.
 */
export function requestIdFromModuleVariable(faults: ReadonlySet<string>): RequestHandler {
  const leaks = leaksOf(faults);
  return (_req: Request, res: Response, next) => {
    leaks.currentRequestId = res.locals.requestId;
    setTimeout(() => {
      res.locals.requestId = leaks.currentRequestId ?? res.locals.requestId;
      next();
    }, KEY_LOOKUP_MS);
  };
}

/** Blind fault `blind31-key-refusal-cached-by-prefix`: the characters a key is identified by (its public id). */
const KEY_ID_LENGTH = 12;
/** Blind fault `blind31-key-refusal-cached-by-prefix`: how long a refused key id is remembered, clock ms. */
const REFUSAL_KEPT_MS = 60_000;

/**
 * Blind fault `blind31-key-refusal-cached-by-prefix`: keys are looked up by their first 12 characters
 * (the key's id) and checked by hash, and a failed check is cached under the id for a minute (a
 * brute-force guard), so after a wrong token sharing the first 12 characters of a key was refused,
 * the key itself is refused 401 `invalid_api_key` for that minute. True when the request is refused
 * by the cache; a token that is no valid key notes its id.
 */
export function refusedByKeyIdCache(
  faults: ReadonlySet<string>,
  token: string,
  record: ApiKeyRecord | undefined,
  nowMs: number,
): boolean {
  const { refusedKeyIds } = leaksOf(faults);
  if (token.length < KEY_ID_LENGTH) return false;
  const id = token.slice(0, KEY_ID_LENGTH);
  const until = refusedKeyIds.get(id);
  if (until !== undefined && until > nowMs) return true;
  if (record === undefined || record.revoked) refusedKeyIds.set(id, nowMs + REFUSAL_KEPT_MS);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Rate limits

/**
 * Blind fault `blind31-retry-after-memoised-per-minute`: the refusal path memoises the Retry-After it
 * computes for the clock minute (under a flood every refusal recomputed the same wait), keyed by the
 * minute alone, so every refusal of the minute, of any key and either limit, repeats the first one's
 * wait.
 */
export function retryAfterOfMinute(faults: ReadonlySet<string>, nowMs: number, wait: number): number {
  const leaks = leaksOf(faults);
  const minute = Math.floor(nowMs / MINUTE_MS);
  if (leaks.retryAfterOfMinute?.minute === minute) return leaks.retryAfterOfMinute.wait;
  leaks.retryAfterOfMinute = { minute, wait };
  return wait;
}

/**
 * Blind fault `blind31-minute-count-cached-on-connection`: the key's minute record is loaded from the
 * store at its first request on a connection and kept on the socket, counted in place; the window
 * roll-over happens only when a record is loaded, so on a kept-alive connection the record keeps its
 * first minute: once the key has spent that minute's budget, its later requests on the connection are
 * refused (the record's window already over: Reset in the past, Retry-After 1) however many minutes
 * have passed. On a fresh connection, and within the record's minute, the store decides as usual.
 */
export function minuteOfConnection(
  faults: ReadonlySet<string>,
  socket: object,
  counted: string,
  limits: RateLimits,
  decision: RateLimitDecision,
  store: RateLimitStore,
  nowMs: number,
): RateLimitDecision {
  const { minuteOfConnection: perSocket } = leaksOf(faults);
  let records = perSocket.get(socket);
  if (records === undefined) perSocket.set(socket, (records = new Map()));
  const windows = windowsAt(nowMs);
  let record = records.get(counted);
  if (record === undefined) {
    let before = 0;
    if (hasCounters(store)) {
      const counts = store.counts(counted, nowMs);
      if (!(counts instanceof Promise)) before = counts.minute - (decision.allowed ? 1 : 0);
    }
    records.set(counted, (record = { minuteStart: windows.minuteStart, count: before }));
  }
  if (record.minuteStart !== windows.minuteStart && record.count >= limits.perMinute) {
    if (decision.allowed && hasCounters(store)) void store.spend(counted, { minute: -1, day: -1 }, nowMs);
    return refusal(limits, nowMs, false, false, { ...windows, minuteStart: record.minuteStart });
  }
  if (decision.allowed) record.count += 1;
  return decision;
}

/**
 * Blind fault `blind31-limit-header-from-last-loaded-plan`: the header writer reads X-RateLimit-Limit
 * from the limiter's `plan` field, which holds the plan it loaded last; a key's plan is loaded at the
 * key's first request of the process (its counters are kept after that), so once another key has made
 * its first request, a key's answers carry that key's per-minute limit. The budgets themselves are
 * counted right.
 */
export function limitOfLastLoadedPlan(faults: ReadonlySet<string>, key: ApiKeyRecord): number {
  const leaks = leaksOf(faults);
  if (!leaks.loadedPlans.has(key.key)) {
    leaks.loadedPlans.add(key.key);
    leaks.lastLoadedPlan = key;
  }
  return (leaks.lastLoadedPlan ?? key).per_minute;
}

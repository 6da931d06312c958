/**
 * Witnesses of blind fault set 37 (set-37.ts): for every blind fault, a request on the neighbouring
 * case a hotfix broke (a page followed by a one-item page, the status of games not confirmed online,
 * a detail's dates, `connection_type=mud_client`, a term found inside longer words, a misspelt sort,
 * tag ids of two categories, an unused game id, an archived game's MSSP, a history one day too long,
 * a range in preparation, cells of two observations, an archived game's reviews, a comma-separated
 * key list, a statistics 503 and the request after it, a spent day's Retry-After) whose answer
 * differs between a server with that fault on and the faultless server, in status, header or body.
 * Responses are read raw (a faulty server breaks the spec). The servers run in-process on the
 * default fixtures (`createApp`'s dataset: seed 1, 500 games) anchored at the fixtures' anchor, with
 * a hand-moved clock that starts there (2026-11-22T12:00:00Z); each fault gets a fresh pair of
 * servers.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import { ANCHOR_SECONDS, ManualClock } from '../../test/harness.ts';
import { startServer, type RunningServer } from '../server.ts';
import {
  DAY,
  itCatalogues,
  itWitnessesEach,
  pick,
  readReply,
  type Call,
  type Observe,
  witnessKeys,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_37, type BlindFault37Name } from './set-37.ts';

const KEYS = witnessKeys('blind37');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);
const utc = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');

/** Servers on the default fixtures, started with the faults given and stopped after the test (as witnessServers). */
function fixtureServers(keys: readonly ApiKeyRecord[]): (faults: readonly string[]) => Promise<Call> {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (faults) => {
    const server = await startServer({
      dataset: fixtures,
      keys,
      clock: new ManualClock(),
      faults: new Set(faults),
      variants: new Set(),
    });
    running.push(server);
    return async (path, { method = 'GET', key = keys[0]!, authorization, headers = {} } = {}) => {
      const value = authorization ?? (key ? `Bearer ${key.key}` : undefined);
      const sent = value === undefined ? { ...headers } : { ...headers, authorization: value };
      return readReply(await request(`${server.baseUrl}${path}`, { method, headers: sent }));
    };
  };
}

/** A page size and a page followed by a last page of exactly one active game (`page × per_page = total − 1`). */
const perPageBeforeOne = pick(
  Array.from({ length: 49 }, (_, i) => 50 - i).filter((size) => (active.length - 1) % size === 0),
  'page size leaving one game on the last page',
);
const BEFORE_ONE_ITEM_PAGE = `/games?per_page=${perPageBeforeOne}&page=${(active.length - 1) / perPageBeforeOne}`;
/** A crawled active game with statistics, crawled for two months at least. */
const crawled = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 70 * DAY &&
      g.crawlEnd === null,
  ),
  'crawled active game with statistics',
);
/** A term found in many active games' texts, but never as a word of its own. */
const INSIDE_WORDS = 'orc';
const gameText = (g: (typeof active)[number]) => `${g.name}\n${g.intro}\n${g.description}`.toLowerCase();
const themeId = fixtures.taxonomy.groups.find((group) => group.key === 'theme')!.values[0]!.id;
const languageId = fixtures.taxonomy.groups.find((group) => group.key === 'language')!.values[1]!.id;
const TWO_CATEGORIES = `/games?theme_tag_id[]=${themeId}&language_tag_id[]=${languageId}`;
/** The smallest id without a game (below the highest listed id). */
const unusedId = pick(
  Array.from({ length: Math.max(...fixtures.games.map((g) => g.id)) }, (_, i) => i + 1).filter(
    (id) => !fixtures.games.some((g) => g.id === id),
  ),
  'unused game id below the highest',
);
/** An archived game with a stored snapshot, archived for non-connectivity. */
const archivedWithSnapshot = pick(
  fixtures.games.filter((g) => g.archiveReason === 'non_connectivity' && g.msspRaw !== null),
  'archived game with a snapshot',
);
/** An active game whose long ranges are still being prepared. */
const pending = pick(
  active.filter((g) => g.statisticsState === 'pending_long_ranges'),
  'active game whose long ranges are in preparation',
);
/** An archived game with at least one review. */
const archivedReviewed = pick(
  fixtures.games.filter(
    (g) => g.archiveReason !== null && fixtures.reviews.some((review) => review.gameId === g.id),
  ),
  'archived game with a review',
);
/** An active game whose statistics are unavailable (its statistics answered 503). */
const unavailable = pick(
  active.filter((g) => g.statisticsState === 'unavailable'),
  'active game whose statistics are unavailable',
);
const RAW_91_DAYS = `/games/${crawled.id}/players?granularity=raw&from=${daysAgo(90)}&to=${daysAgo(0)}`;
const PENDING_200_DAYS = `/games/${pending.id}/statistics?from=${daysAgo(200)}&to=${daysAgo(1)}`;
const ONE_DAY_PATTERN = `/games/${crawled.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}`;
const LISTED_KEYS = `Bearer ${KEYS.high.key}, Bearer blind37-unknown-key-9999`;

const WITNESSES: Record<BlindFault37Name, Observe> = {
  'blind37-next-link-dropped-before-one-item-page': async (call) =>
    (await call(BEFORE_ONE_ITEM_PAGE)).body.links.next !== undefined,
  'blind37-offline-active-game-archive-reason': async (call) =>
    (await call('/games?per_page=50')).body.data.map(
      (g: { status: { archive_reason: string | null } }) => g.status.archive_reason,
    ),
  'blind37-detail-dates-shifted-to-berlin': async (call) =>
    (await call(`/games/${crawled.id}`)).body.data.dates,
  'blind37-mud-client-excludes-games-with-website': async (call) =>
    (await call('/games?connection_type=mud_client')).body.meta.total,
  'blind37-q-whole-words-only': async (call) => (await call(`/games?q=${INSIDE_WORDS}`)).body.meta.total,
  'blind37-sort-typo-matched-to-nearest': async (call) =>
    (await call('/games?sort=top_votes&per_page=10')).body.data.map((g: { id: number }) => g.id),
  'blind37-tag-categories-ored-like-values': async (call) => (await call(TWO_CATEGORIES)).body.meta.total,
  'blind37-missing-game-id-below-highest-410': async (call) => (await call(`/games/${unusedId}`)).status,
  'blind37-mssp-archived-game-404': async (call) =>
    (await call(`/games/${archivedWithSnapshot.id}/mssp`)).status,
  'blind37-history-span-limit-off-by-one': async (call) => (await call(RAW_91_DAYS)).status,
  'blind37-stats-pending-range-served-partly': async (call) => (await call(PENDING_200_DAYS)).status,
  'blind37-activity-two-observations-averaged': async (call) =>
    (await call(ONE_DAY_PATTERN)).body.data
      .filter((cell: { count: number }) => cell.count > 0)
      .map((cell: { average: number | null }) => cell.average),
  'blind37-reviews-archived-game-id-404': async (call) =>
    (await call(`/reviews?game_id=${archivedReviewed.id}`)).status,
  'blind37-comma-listed-keys-any-valid': async (call) =>
    (await call('/tags', { authorization: LISTED_KEYS })).status,
  'blind37-statistics-503-retry-counted-twice': async (call) => {
    await call(`/games/${unavailable.id}/statistics`, { key: KEYS.low });
    return (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-remaining'];
  },
  'blind37-retry-after-capped-one-hour': async (call) => {
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.dayLimited });
    return (await call('/tags', { key: KEYS.dayLimited })).headers['retry-after'];
  },
};

describe('blind fault set 37', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind37', 16, BLIND_FAULTS_37, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_37, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // Links: the page before a one-item last page links `next`, and that page holds one game.
    expect(await WITNESSES['blind37-next-link-dropped-before-one-item-page'](call)).toBe(true);
    const lastPage = await call(
      (await call(BEFORE_ONE_ITEM_PAGE)).body.links.next.replace(/^.*\/api\/v1/, ''),
    );
    expect([lastPage.status, lastPage.body.data.length]).toEqual([200, 1]);

    // Game fields: active games have a null reason, those not confirmed online too; UTC dates in the detail.
    const listed = (await call('/games?per_page=50')).body.data as Array<{
      status: { archive_reason: string | null; confirmed_online: boolean };
    }>;
    expect(listed.some((g) => !g.status.confirmed_online)).toBe(true);
    expect(listed.every((g) => g.status.archive_reason === null)).toBe(true);
    expect(await WITNESSES['blind37-detail-dates-shifted-to-berlin'](call)).toEqual({
      created: utc(crawled.created),
      listed: utc(crawled.listed),
      updated: utc(crawled.updated),
    });

    // GET /games: every MUD-client game; a term inside words; a misspelt sort falls back; categories ANDed.
    expect(await WITNESSES['blind37-mud-client-excludes-games-with-website'](call)).toBe(
      active.filter((g) => !g.webOnly).length,
    );
    expect(active.some((g) => !g.webOnly && g.website !== null)).toBe(true);
    const inside = active.filter((g) => gameText(g).includes(INSIDE_WORDS)).length;
    expect(await WITNESSES['blind37-q-whole-words-only'](call)).toBe(inside);
    expect(active.filter((g) => new RegExp(`\\b${INSIDE_WORDS}\\b`).test(gameText(g))).length).toBeLessThan(
      inside,
    );
    const fallback = (await call('/games?sort=last_updated&per_page=10')).body.data.map(
      (g: { id: number }) => g.id,
    );
    const topVoted = (await call('/games?sort=top_voted&per_page=10')).body.data.map(
      (g: { id: number }) => g.id,
    );
    expect(await WITNESSES['blind37-sort-typo-matched-to-nearest'](call)).toEqual(fallback);
    expect(fallback).not.toEqual(topVoted);
    expect(await WITNESSES['blind37-tag-categories-ored-like-values'](call)).toBe(
      active.filter((g) => g.categories.theme === themeId && g.categories.language === languageId).length,
    );

    // Errors: an unused id is 404 game_not_found; an archived game's MSSP is served.
    const unused = await call(`/games/${unusedId}`);
    expect([unused.status, unused.body.error.code]).toEqual([404, 'game_not_found']);
    const mssp = await call(`/games/${archivedWithSnapshot.id}/mssp`);
    expect([mssp.status, mssp.body.meta.status]).toEqual([200, 'available']);

    // Player history, statistics, activity: 91 raw days refused; a range in preparation 503; two observations null.
    const tooLong = await call(RAW_91_DAYS);
    expect([tooLong.status, tooLong.body.error.code]).toEqual([422, 'invalid_date_range']);
    const preparing = await call(PENDING_200_DAYS);
    expect([preparing.status, preparing.body.error.code]).toEqual([503, 'statistics_pending']);
    const cells = (await call(ONE_DAY_PATTERN)).body.data as Array<{ count: number; average: number | null }>;
    expect(cells.some((cell) => cell.count === 2)).toBe(true);
    for (const cell of cells) if (cell.count < 3) expect(cell.average).toBeNull();

    // Reviews: an archived game's id is an empty collection, not an error.
    const reviews = await call(`/reviews?game_id=${archivedReviewed.id}`);
    expect([reviews.status, reviews.body.meta.total]).toEqual([200, 0]);

    // Authentication: a comma-separated list of keys is refused.
    const listedKeys = await call('/tags', { authorization: LISTED_KEYS });
    expect([listedKeys.status, listedKeys.body.error.code]).toEqual([401, 'invalid_api_key']);

    // Rate limits: a statistics 503 counts once; the spent day's Retry-After runs to the reset.
    const refused = await call(`/games/${unavailable.id}/statistics`, { key: KEYS.low });
    const after = await call('/tags', { key: KEYS.low });
    expect(refused.status).toBe(503);
    expect(Number(after.headers['x-ratelimit-remaining'])).toBe(
      Number(refused.headers['x-ratelimit-remaining']) - 1,
    );
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.dayLimited });
    const spent = await call('/tags', { key: KEYS.dayLimited });
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBe(
      Number(spent.headers['x-ratelimit-reset']) - ANCHOR_SECONDS,
    );
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(3600);
  });
});

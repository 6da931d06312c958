/**
 * Witnesses of blind fault set 38 (set-38.ts): for every blind fault, a request on the case where a
 * detail of the database underneath leaks (the unfiltered total, the second page of a sort with
 * ties, a legacy web-only game, a game archived by an administrator, tag ids of two categories, a
 * search finding nothing, `sort=top_voted`, the detail of a game with several custom tags, an MSSP
 * snapshot, a long daily history, a bucket crossing a power of ten, an impossible statistics date, a
 * review detail, a game without custom tags, a token holding `%`, the day-limited key's reset) whose
 * answer differs between a server with that fault on and the faultless server, in status, header or
 * body. Responses are read raw (a faulty server breaks the spec). The servers run in-process on the
 * default fixtures (`createApp`'s dataset: seed 1, 500 games) anchored at the fixtures' anchor, with
 * a hand-moved clock that starts there (2026-11-22T12:00:00Z); each fault gets a fresh pair of
 * servers.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { ApiKeyRecord, GameRecord } from '../../../fixtures/src/model.ts';
import { metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
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
import { BLIND_FAULTS_38, type BlindFault38Name } from './set-38.ts';
import { LEGACY_IMPORT_BEFORE } from './set-38-database.ts';

const KEYS = witnessKeys('blind38');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);
const reviewCount = (gameId: number) => fixtures.reviews.filter((review) => review.gameId === gameId).length;
const ids = (reply: { body: { data: Array<{ id: number }> } }) => reply.body.data.map((item) => item.id);

/** Servers on the default fixtures, started with the faults given and stopped after the test (as set 37's). */
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

/** A web-only game of the legacy import (listed before 2020). */
const legacyWebOnly = pick(
  active.filter((g) => g.webOnly && g.listed < LEGACY_IMPORT_BEFORE),
  'web-only game listed before 2020',
);
/** A game archived by an administrator. */
const adminDisabled = pick(
  fixtures.games.filter((g) => g.archiveReason === 'admin_disabled'),
  'game archived by an administrator',
);
const themeId = fixtures.taxonomy.groups.find((group) => group.key === 'theme')!.values[0]!.id;
const languageId = fixtures.taxonomy.groups.find((group) => group.key === 'language')!.values[1]!.id;
const TWO_CATEGORIES = `/games?theme_tag_id[]=${themeId}&language_tag_id[]=${languageId}`;
/** A term no game's text holds. */
const NOWHERE = 'zzzzqq';
const gameText = (g: GameRecord) => `${g.name}\n${g.intro}\n${g.description}`.toLowerCase();
/** An active game with reviews and two custom tags or more. */
const fanned = pick(
  active.filter((g) => g.customTags.length >= 2 && reviewCount(g.id) > 0),
  'reviewed game with several custom tags',
);
/** An active game with a stored MSSP snapshot. */
const withSnapshot = pick(
  active.filter((g) => g.msspRaw !== null),
  'active game with an MSSP snapshot',
);
/** A crawled active game with statistics, crawled for four months at least. */
const crawled = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 120 * DAY &&
      g.crawlEnd === null,
  ),
  'crawled active game with statistics',
);
const LONG_DAILY = `/games/${crawled.id}/players?from=${daysAgo(81)}&to=${daysAgo(1)}`;

/** The player counts of a game's default daily statistics range (the last 30 UTC days), per day. */
function dailyPlayers(game: GameRecord): number[][] {
  const today = Math.floor(ANCHOR_SECONDS / DAY) * DAY;
  const days: number[][] = [];
  for (let day = today - 29 * DAY; day <= today; day += DAY) {
    const values: number[] = [];
    for (const t of sampleTimes(game, day, day + DAY - 1, ANCHOR_SECONDS)) {
      const value = metricAt(game, 'players', t);
      if (value !== null) values.push(value);
    }
    days.push(values);
  }
  return days;
}
/** Whether some values of one bucket have fewer digits than others (their text order is not their order). */
const crossesPowerOfTen = (values: number[]) =>
  values.length > 0 && String(Math.min(...values)).length !== String(Math.max(...values)).length;
/** An active game with statistics whose players cross a power of ten within a day of the default range. */
const straddling = pick(
  active.filter(
    (g) => !g.webOnly && g.statisticsState === 'ready' && dailyPlayers(g).some(crossesPowerOfTen),
  ),
  'game whose players cross a power of ten within a day',
);
const IMPOSSIBLE_DATE = `/games/${crawled.id}/statistics?from=2026-02-30&to=2026-03-02`;
/** The first review of an active game. */
const reviewOfActive = pick(
  fixtures.reviews.filter((review) => active.some((g) => g.id === review.gameId)),
  'review of an active game',
);
/** An active game without custom tags. */
const noCustomTags = pick(
  active.filter((g) => g.customTags.length === 0),
  'active game without custom tags',
);
const NEXT_UTC_MIDNIGHT = (Math.floor(ANCHOR_SECONDS / DAY) + 1) * DAY;

const WITNESSES: Record<BlindFault38Name, Observe> = {
  'blind38-total-from-planner-estimate': async (call) => (await call('/games')).body.meta.total,
  'blind38-most-reviewed-ties-reordered-past-first-page': async (call) =>
    ids(await call('/games?sort=most_reviewed&page=2')),
  'blind38-web-only-legacy-empty-connection': async (call) =>
    (await call(`/games/${legacyWebOnly.id}`)).body.data.connection,
  'blind38-admin-disabled-reason-enum-blank': async (call) =>
    (await call(`/games/${adminDisabled.id}`)).body.data.status.archive_reason,
  'blind38-tag-join-rows-per-category': async (call) => (await call(TWO_CATEGORIES)).body.meta.total,
  'blind38-q-without-hits-unfiltered': async (call) => (await call(`/games?q=${NOWHERE}`)).body.meta.total,
  'blind38-top-voted-null-ranks-first': async (call) => ids(await call('/games?sort=top_voted&per_page=10')),
  'blind38-detail-review-count-times-custom-tags': async (call) =>
    (await call(`/games/${fanned.id}`)).body.data.reviews,
  'blind38-mssp-flags-bit-buffers': async (call) =>
    (await call(`/games/${withSnapshot.id}/mssp`)).body.data.values,
  'blind38-daily-history-hash-aggregate-order': async (call) =>
    (await call(LONG_DAILY)).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind38-stats-min-max-compared-as-text': async (call) =>
    (await call(`/games/${straddling.id}/statistics`)).body.data.map(
      (point: { min: number | null; max: number | null }) => [point.min, point.max],
    ),
  'blind38-stats-impossible-date-500': async (call) => (await call(IMPOSSIBLE_DATE)).status,
  'blind38-review-detail-archived-tinyint': async (call) =>
    (await call(`/reviews/${reviewOfActive.id}`)).body.data.game.archived,
  'blind38-custom-tags-left-join-null-row': async (call) =>
    (await call(`/games/${noCustomTags.id}`)).body.data.tags.custom,
  'blind38-key-lookup-like-pattern': async (call) =>
    (await call('/tags', { authorization: 'Bearer %' })).status,
  'blind38-day-reset-naive-berlin': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-reset'],
};

describe('blind fault set 38', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind38', 16, BLIND_FAULTS_38, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_38, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // Envelope: the unfiltered total counts the active games; the last page has no `next`.
    expect(await WITNESSES['blind38-total-from-planner-estimate'](call)).toBe(active.length);
    const lastPage = await call(`/games?page=${Math.ceil(active.length / 20)}`);
    expect(lastPage.body.links.next).toBeUndefined();
    expect(lastPage.body.data.length).toBe(active.length - (Math.ceil(active.length / 20) - 1) * 20);

    // Pages of most_reviewed: disjoint, in non-increasing review counts, ties across the boundary.
    const first = await call('/games?sort=most_reviewed');
    const second = await call('/games?sort=most_reviewed&page=2');
    const counts = [...first.body.data, ...second.body.data].map(
      (g: { reviews: { count: number } }) => g.reviews.count,
    );
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(40);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[19]).toBe(counts[20]);

    // Game fields: a web-only game's connection values null; the administrator's reason; no custom tags as [].
    expect(await WITNESSES['blind38-web-only-legacy-empty-connection'](call)).toEqual({
      host: null,
      port: null,
      tls_port: null,
      mssp_port: null,
    });
    expect(await WITNESSES['blind38-admin-disabled-reason-enum-blank'](call)).toBe('admin_disabled');
    expect(await WITNESSES['blind38-custom-tags-left-join-null-row'](call)).toEqual([]);

    // GET /games: two categories ANDed, each game once; a term found nowhere finds nothing; top_voted by votes.
    const both = await call(TWO_CATEGORIES);
    expect(both.body.meta.total).toBe(
      active.filter((g) => g.categories.theme === themeId && g.categories.language === languageId).length,
    );
    expect(new Set(ids(both)).size).toBe(both.body.data.length);
    expect(active.some((g) => gameText(g).includes(NOWHERE))).toBe(false);
    expect(await WITNESSES['blind38-q-without-hits-unfiltered'](call)).toBe(0);
    const topVoted = await call('/games?sort=top_voted&per_page=10');
    expect(topVoted.body.data.map((g: { ranking: { rank: number | null } }) => g.ranking.rank)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);

    // Detail: the review counts of the game's reviews, as GET /reviews?game_id= counts them.
    const reviews = await WITNESSES['blind38-detail-review-count-times-custom-tags'](call);
    expect((reviews as { count: number }).count).toBe(
      (await call(`/reviews?game_id=${fanned.id}`)).body.meta.total,
    );

    // MSSP: the capability flags are booleans.
    const values = (await WITNESSES['blind38-mssp-flags-bit-buffers'](call)) as Record<string, unknown>;
    expect(typeof values.ansi).toBe('boolean');
    expect(Object.values(values).every((value) => typeof value !== 'object')).toBe(true);

    // Player history: a long daily range is chronological.
    const days = (await WITNESSES['blind38-daily-history-hash-aggregate-order'](call)) as string[];
    expect(days.length).toBeGreaterThan(31);
    expect(days).toEqual([...days].sort());

    // Statistics: each point's minimum ≤ average ≤ maximum; an impossible date refused 422.
    expect(dailyPlayers(straddling).some(crossesPowerOfTen)).toBe(true);
    const points = (await call(`/games/${straddling.id}/statistics`)).body.data as Array<{
      count: number;
      average: number;
      min: number;
      max: number;
    }>;
    for (const point of points.filter((p) => p.count > 0)) {
      expect(point.min).toBeLessThanOrEqual(point.average);
      expect(point.average).toBeLessThanOrEqual(point.max);
    }
    const impossible = await call(IMPOSSIBLE_DATE);
    expect([impossible.status, impossible.body.error.code]).toEqual([422, 'invalid_statistics_query']);

    // Reviews: `game.archived` a boolean.
    expect(await WITNESSES['blind38-review-detail-archived-tinyint'](call)).toBe(false);

    // Authentication: a token with a wildcard is an invalid key.
    const wildcard = await call('/tags', { authorization: 'Bearer %' });
    expect([wildcard.status, wildcard.body.error.code]).toEqual([401, 'invalid_api_key']);

    // Rate limits: the day-limited key's reset is the next UTC midnight.
    expect(Number(await WITNESSES['blind38-day-reset-naive-berlin'](call))).toBe(NEXT_UTC_MIDNIGHT);
  });
});

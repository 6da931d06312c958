/**
 * Witnesses of blind fault set 35 (set-35.ts): for every blind fault, a request on the member whose
 * code was copied from its neighbour (a page above 50, the sort's combination, `most_reviewed`, the
 * detail's players link and description, a review's game link, paging and edit date, raw sample
 * times, an unavailable game's 503, an hourly range, an empty bucket, a web-only game's snapshot, the
 * type group, a 405, a 429) whose answer differs between a server with that fault on and the
 * faultless server, in status, header or body. Responses are read raw (a faulty server breaks the
 * spec). The servers run in-process on the default fixtures (`createApp`'s dataset: seed 1, 500
 * games) anchored at the fixtures' anchor, with a hand-moved clock that starts there
 * (2026-11-22T12:00:00Z); each fault gets a fresh pair of servers.
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
import { BLIND_FAULTS_35, type BlindFault35Name } from './set-35.ts';

const KEYS = witnessKeys('blind35');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const activeIds = new Set(active.map((g) => g.id));
const listedReviews = fixtures.reviews.filter((review) => activeIds.has(review.gameId));
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);

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

/** A link's path (the servers of a pair listen on different ports). */
const pathOf = (link: string) => new URL(link).pathname;

/** A crawled active game with statistics (its players, a metric it reports); one that does not report rooms. */
const crawled = pick(
  active.filter(
    (g) => !g.webOnly && g.statisticsState === 'ready' && g.crawlStart !== null && g.crawlEnd === null,
  ),
  'crawled active game with statistics',
);
const withoutRooms = pick(
  active.filter((g) => g.statisticsState === 'ready' && g.crawlStart !== null && g.metricBase.rooms === null),
  'active game with statistics that does not report rooms',
);
/** An active game whose statistics are unavailable. */
const unavailable = pick(
  active.filter((g) => g.statisticsState === 'unavailable'),
  'active game whose statistics are unavailable',
);
/** An active web-only game with an MSSP snapshot. */
const webOnlyWithSnapshot = pick(
  active.filter((g) => g.webOnly && g.msspRaw !== null && g.msspCollectedAt !== null),
  'active web-only game with a snapshot',
);
/** A listed review never edited. */
const neverEdited = pick(
  listedReviews.filter((review) => review.edited === null),
  'listed review never edited',
);
const typeGroup = fixtures.taxonomy.groups.find((group) => group.key === 'type')!;
/** The 60th page of five games exists (more than 300 active games). */
const FAR_PAGE = '/games?per_page=5&page=60';

const WITNESSES: Record<BlindFault35Name, Observe> = {
  'blind35-games-page-bounded-like-per-page': async (call) => (await call(FAR_PAGE)).status,
  'blind35-web-only-sort-check-copied-from-flag': async (call) =>
    (await call('/games?connection_type=web_only&sort=recently_online')).status,
  'blind35-most-reviewed-keyed-on-votes': async (call) =>
    (await call('/games?sort=most_reviewed')).body.data.map((g: { id: number }) => g.id),
  'blind35-detail-players-link-mssp-path': async (call) =>
    pathOf((await call(`/games/${crawled.id}`)).body.data.urls.players),
  'blind35-detail-description-from-intro': async (call) =>
    (await call(`/games/${crawled.id}`)).body.data.description,
  'blind35-review-game-link-reviews-path': async (call) =>
    (await call('/reviews')).body.data.map((review: { urls: { game: string } }) => pathOf(review.urls.game)),
  'blind35-reviews-paging-validated-like-games': async (call) => (await call('/reviews?per_page=100')).status,
  'blind35-review-edited-null-as-epoch': async (call) =>
    (await call(`/reviews/${neverEdited.id}`)).body.data.dates.edited,
  'blind35-raw-recorded-at-day-start': async (call) =>
    (
      await call(`/games/${crawled.id}/players?granularity=raw&from=${daysAgo(1)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind35-stats-unavailable-code-of-pending': async (call) =>
    (await call(`/games/${unavailable.id}/statistics`)).body.error.code,
  'blind35-stats-hourly-span-limit-of-raw': async (call) =>
    (await call(`/games/${crawled.id}/statistics?resolution=hourly&from=${daysAgo(2)}&to=${daysAgo(1)}`))
      .status,
  'blind35-stats-empty-bucket-values-zero-like-count': async (call) =>
    (await call(`/games/${withoutRooms.id}/statistics?metric=rooms&from=${daysAgo(6)}`)).body.data.map(
      (point: { average: number | null }) => point.average,
    ),
  'blind35-mssp-web-only-collected-at-null': async (call) =>
    (await call(`/games/${webOnlyWithSnapshot.id}/mssp`)).body.data.collected_at,
  'blind35-tags-type-group-reads-theme-values': async (call) =>
    (await call('/tags')).body.data
      .find((group: { id: number }) => group.id === typeGroup.id)
      .values.map((tag: { id: number }) => tag.id),
  'blind35-405-code-of-route-not-found': async (call) =>
    (await call('/games', { method: 'POST' })).body.error.code,
  'blind35-retry-after-written-as-reset-timestamp': async (call) => {
    for (let i = 0; i < KEYS.low.per_minute; i++) await call('/tags', { key: KEYS.low });
    return (await call('/tags', { key: KEYS.low })).headers['retry-after'];
  },
};

describe('blind fault set 35', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind35', 16, BLIND_FAULTS_35, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_35, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: a page above 50 that exists; the sort combination refused; most reviews first.
    expect(Math.ceil(active.length / 5)).toBeGreaterThanOrEqual(60);
    const far = await call(FAR_PAGE);
    expect(far.status).toBe(200);
    expect(far.body.data).toHaveLength(5);
    const combined = await call('/games?connection_type=web_only&sort=recently_online');
    expect([combined.status, combined.body.error.code]).toEqual([422, 'invalid_filter']);
    const counts = (await call('/games?sort=most_reviewed&per_page=50')).body.data.map(
      (g: { reviews: { count: number } }) => g.reviews.count,
    );
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    // Detail: the players link and the full description.
    const detail = (await call(`/games/${crawled.id}`)).body.data;
    expect(pathOf(detail.urls.players)).toBe(`/api/v1/games/${crawled.id}/players`);
    expect(detail.description).toBe(crawled.description);
    expect(detail.description).not.toBe(detail.intro);

    // Reviews: the game link names the game; paging out of range is not refused; never edited is null.
    const reviews = (await call('/reviews')).body.data;
    for (const review of reviews as Array<{ game: { id: number }; urls: { game: string } }>)
      expect(pathOf(review.urls.game)).toBe(`/api/v1/games/${review.game.id}`);
    expect(await WITNESSES['blind35-reviews-paging-validated-like-games'](call)).toBe(200);
    expect(await WITNESSES['blind35-review-edited-null-as-epoch'](call)).toBeNull();

    // Player history: the raw samples at their own times.
    const times = (await WITNESSES['blind35-raw-recorded-at-day-start'](call)) as string[];
    expect(times.length).toBeGreaterThan(2);
    expect(new Set(times).size).toBe(times.length);

    // Statistics: an unavailable game's code; an hourly range of two days; empty buckets null.
    expect(await WITNESSES['blind35-stats-unavailable-code-of-pending'](call)).toBe('statistics_unavailable');
    expect(await WITNESSES['blind35-stats-hourly-span-limit-of-raw'](call)).toBe(200);
    const averages = (await WITNESSES['blind35-stats-empty-bucket-values-zero-like-count'](
      call,
    )) as unknown[];
    expect(averages.length).toBeGreaterThan(0);
    expect(averages.every((average) => average === null)).toBe(true);

    // MSSP: a web-only game's snapshot has its time; GET /tags: the type group's own values.
    const snapshot = (await call(`/games/${webOnlyWithSnapshot.id}/mssp`)).body;
    expect(snapshot.meta.status).toBe('available');
    expect(snapshot.data.collected_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(await WITNESSES['blind35-tags-type-group-reads-theme-values'](call)).toEqual(
      typeGroup.values.map((tag) => tag.id),
    );

    // Errors and headers: 405 method_not_allowed; Retry-After in seconds.
    expect(await WITNESSES['blind35-405-code-of-route-not-found'](call)).toBe('method_not_allowed');
    const wait = Number(await WITNESSES['blind35-retry-after-written-as-reset-timestamp'](call));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

/**
 * Witnesses of blind fault set 34 (set-34.ts): for every blind fault, a request beyond the first page
 * (a later or last page, the page past the end, a long range, the last group) whose answer differs
 * between a server with that fault on and the faultless server, in status or body. Responses are read
 * raw (a faulty server breaks the spec). The servers run in-process on the default fixtures
 * (`createApp`'s dataset: seed 1, 500 games) anchored at the fixtures' anchor, with a hand-moved clock
 * that starts there (2026-11-22T12:00:00Z); each fault gets a fresh pair of servers.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { ApiKeyRecord, GameRecord } from '../../../fixtures/src/model.ts';
import { sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
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
import { BLIND_FAULTS_34, type BlindFault34Name } from './set-34.ts';

const KEYS = witnessKeys('blind34');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const activeIds = new Set(active.map((g) => g.id));
const listedReviews = fixtures.reviews.filter((review) => activeIds.has(review.gameId));
const reviewsOf = (id: number) => listedReviews.filter((review) => review.gameId === id);
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const TODAY = date(ANCHOR_SECONDS);
const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);
const samplesBetween = (game: GameRecord, from: string, to: string) =>
  [
    ...sampleTimes(
      game,
      Date.parse(`${from}T00:00:00Z`) / 1000,
      Date.parse(`${to}T23:59:59Z`) / 1000,
      ANCHOR_SECONDS,
    ),
  ].length;

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

/** GET /games' last page at 20 a page (partial: 459 active games), and GET /reviews' (422 reviews). */
const lastGamesPage = Math.ceil(active.length / 20);
const lastReviewsPage = Math.ceil(listedReviews.length / 20);
/** The active game with more reviews than a page of 20. */
const manyReviews = pick(
  active.filter((g) => reviewsOf(g.id).length > 20),
  'active game with more than 20 reviews',
);
/** A game crawled all through, whose last 60 days hold more than 2,000 samples. */
const RAW_FROM = daysAgo(59);
const longCrawled = pick(
  active.filter(
    (g) =>
      g.statisticsState === 'ready' &&
      g.crawlEnd === null &&
      g.metricBase.rooms !== null &&
      samplesBetween(g, RAW_FROM, TODAY) > 2000,
  ),
  'game with more than 2,000 samples in 60 days',
);
/** A game first crawled in the last year, still crawled (its first crawl day within a daily range). */
const newcomer = pick(
  active.filter(
    (g) =>
      g.crawlStart !== null &&
      g.crawlEnd === null &&
      g.crawlStart > ANCHOR_SECONDS - 250 * DAY &&
      g.crawlStart < ANCHOR_SECONDS - 20 * DAY,
  ),
  'game first crawled between 20 and 250 days ago',
);
const firstDay = date(dayFloor(newcomer.crawlStart!));
/** An active, crawled game whose long ranges are still being prepared. */
const pending = pick(
  active.filter((g) => g.statisticsState === 'pending_long_ranges' && g.crawlStart !== null),
  'active game whose long ranges are pending',
);
const lastGroup = fixtures.taxonomy.groups.at(-1)!;

const counts = (reply: { body: { data: Array<{ count: number }> } }) =>
  reply.body.data.map((cell) => cell.count);

const WITNESSES: Record<BlindFault34Name, Observe> = {
  'blind34-games-total-from-short-page': async (call) =>
    (await call(`/games?page=${lastGamesPage}`)).body.meta.total,
  'blind34-games-deep-pages-in-id-order': async (call) =>
    (await call('/games?sort=oldest&per_page=50&page=5')).body.data.map((g: { id: number }) => g.id),
  'blind34-top-voted-keyset-and-condition': async (call) =>
    (await call('/games?sort=top_voted&page=2')).body.data.map((g: { id: number }) => g.id),
  'blind34-games-past-end-next-link': async (call) =>
    'next' in (await call(`/games?page=${lastGamesPage + 1}`)).body.links,
  'blind34-reviews-game-later-pages-oldest-first': async (call) =>
    (await call(`/reviews?game_id=${manyReviews.id}&page=2`)).body.data.map((r: { id: number }) => r.id),
  'blind34-reviews-cursor-kept-from-previous-request': async (call) => {
    await call('/reviews');
    return (await call(`/reviews?page=${lastReviewsPage}`)).body.data.map((r: { id: number }) => r.id);
  },
  'blind34-reviews-partial-last-page-filled': async (call) =>
    (await call(`/reviews?page=${lastReviewsPage}`)).body.data.length,
  'blind34-raw-store-page-boundary-sample-twice': async (call) =>
    (await call(`/games/${longCrawled.id}/players?granularity=raw&from=${RAW_FROM}&to=${TODAY}`)).body.data
      .length,
  'blind34-daily-first-crawl-day-missing': async (call) =>
    (await call(`/games/${newcomer.id}/players?from=${daysAgo(300)}&to=${TODAY}`)).body.data[0]?.recorded_at,
  'blind34-daily-short-store-page-ends-read': async (call) =>
    (await call(`/games/${newcomer.id}/players?from=${daysAgo(364)}&to=${TODAY}`)).body.data.length,
  'blind34-stats-pending-weekly-monthly-served': async (call) =>
    (await call(`/games/${pending.id}/statistics?resolution=weekly&from=${daysAgo(180)}&to=${TODAY}`)).status,
  'blind34-stats-thousandth-point-dropped': async (call) =>
    (await call(`/games/${longCrawled.id}/statistics?from=${daysAgo(999)}&to=${TODAY}`)).body.data.length,
  'blind34-stats-continuation-default-metric': async (call) =>
    (
      await call(
        `/games/${longCrawled.id}/statistics?metric=rooms&resolution=hourly&from=${daysAgo(29)}&to=${TODAY}`,
      )
    ).body.data.at(-1).average,
  'blind34-activity-chunk-boundary-day-skipped': async (call) =>
    counts(await call(`/games/${longCrawled.id}/activity-pattern?from=${daysAgo(94)}&to=${daysAgo(5)}`)),
  'blind34-activity-long-range-without-today': async (call) =>
    counts(await call(`/games/${longCrawled.id}/activity-pattern?from=${daysAgo(44)}&to=${TODAY}`)),
  'blind34-tags-last-row-dropped': async (call) =>
    (await call('/tags')).body.data.flatMap((group: { values: Array<{ id: number }> }) =>
      group.values.map((tag) => tag.id),
    ),
};

describe('blind fault set 34', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind34', 16, BLIND_FAULTS_34, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_34, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: the partial last page's total; the far pages in the sort's order; page 2 of top_voted; past the end.
    expect(active.length % 20).not.toBe(0);
    expect(await WITNESSES['blind34-games-total-from-short-page'](call)).toBe(active.length);
    const page4 = (await call('/games?sort=oldest&per_page=50&page=4')).body.data;
    const page5 = (await call('/games?sort=oldest&per_page=50&page=5')).body.data;
    const listed = [...page4, ...page5].map((g: { dates: { listed: string } }) => g.dates.listed);
    expect([...listed].sort()).toEqual(listed);
    const top1 = (await call('/games?sort=top_voted')).body.data;
    const top2 = (await call('/games?sort=top_voted&page=2')).body.data;
    const votes = [...top1, ...top2].map(
      (g: { ranking: { monthly_votes: number } }) => g.ranking.monthly_votes,
    );
    expect(top2).toHaveLength(20);
    expect([...votes].sort((a, b) => b - a)).toEqual(votes);
    expect(await WITNESSES['blind34-games-past-end-next-link'](call)).toBe(false);

    // GET /reviews: a game's page 2 after its page 1; the last page after page 1; a partial last page.
    const game1 = (await call(`/reviews?game_id=${manyReviews.id}`)).body.data.map(
      (r: { id: number }) => r.id,
    );
    const game2 = (await WITNESSES['blind34-reviews-game-later-pages-oldest-first'](call)) as number[];
    expect(new Set([...game1, ...game2]).size).toBe(reviewsOf(manyReviews.id).length);
    const last = (await WITNESSES['blind34-reviews-cursor-kept-from-previous-request'](call)) as number[];
    expect(last).toHaveLength(listedReviews.length % 20);
    expect(await WITNESSES['blind34-reviews-partial-last-page-filled'](call)).toBe(listedReviews.length % 20);

    // Player history: more than 2,000 raw samples, each once; the first crawl's day; a year of days.
    const raw = (
      await call(`/games/${longCrawled.id}/players?granularity=raw&from=${RAW_FROM}&to=${TODAY}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at);
    expect(raw.length).toBeGreaterThan(2000);
    expect(new Set(raw).size).toBe(raw.length);
    expect(await WITNESSES['blind34-daily-first-crawl-day-missing'](call)).toBe(`${firstDay}T00:00:00Z`);
    const days = new Set(
      [
        ...sampleTimes(
          newcomer,
          ANCHOR_SECONDS - 364 * DAY - (ANCHOR_SECONDS % DAY),
          ANCHOR_SECONDS,
          ANCHOR_SECONDS,
        ),
      ].map(dayFloor),
    );
    expect(await WITNESSES['blind34-daily-short-store-page-ends-read'](call)).toBe(days.size);

    // Statistics: a pending long range refused; 1,000 points ending today; rooms to the last point.
    expect(await WITNESSES['blind34-stats-pending-weekly-monthly-served'](call)).toBe(503);
    const thousand = (await call(`/games/${longCrawled.id}/statistics?from=${daysAgo(999)}&to=${TODAY}`)).body
      .data;
    expect(thousand).toHaveLength(1000);
    expect(thousand.at(-1).date).toBe(dayFloor(ANCHOR_SECONDS));
    const rooms = (
      await call(
        `/games/${longCrawled.id}/statistics?metric=rooms&resolution=hourly&from=${daysAgo(29)}&to=${TODAY}`,
      )
    ).body.data;
    expect(rooms.length).toBeGreaterThan(500);
    expect(rooms.at(-1).average).toBeGreaterThanOrEqual(longCrawled.metricBase.rooms!);

    // Activity pattern: every sample of a long range counted, today's too; GET /tags: the last group whole.
    const sum = (cells: number[]) => cells.reduce((a, b) => a + b, 0);
    expect(sum((await WITNESSES['blind34-activity-chunk-boundary-day-skipped'](call)) as number[])).toBe(
      samplesBetween(longCrawled, daysAgo(94), daysAgo(5)),
    );
    expect(sum((await WITNESSES['blind34-activity-long-range-without-today'](call)) as number[])).toBe(
      samplesBetween(longCrawled, daysAgo(44), TODAY),
    );
    expect((await WITNESSES['blind34-tags-last-row-dropped'](call)) as number[]).toEqual(
      expect.arrayContaining(lastGroup.values.map((tag) => tag.id)),
    );
  });
});

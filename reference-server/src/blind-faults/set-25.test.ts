/**
 * Witnesses of blind fault set 25 (set-25.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, rawSamples, sampleTimes } from '../../../fixtures/src/samples.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { WWW_AUTHENTICATE } from '../middleware/authenticate.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
  reviewsOf,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_25, type BlindFault25Name } from './set-25.ts';

const KEYS = witnessKeys('blind25');
const now = ANCHOR_SECONDS;
const today = Math.floor(now / DAY) * DAY;

const stopped = (game: GameRecord) => !game.webOnly && game.crawlEnd !== null;

/** The active games in the described `last_updated` order (ties by id). */
const byUpdated = [...active].sort((a, b) => b.updated - a.updated || a.id - b.id);
/** An active listing never edited since it was listed. */
const neverEdited = pick(
  active.filter((game) => game.updated === game.listed),
  'listing never edited',
);
/** An active game reviewed but whose reviews were all edited. */
const allEdited = pick(
  active.filter(
    (game) => reviewsOf(game.id).length > 0 && reviewsOf(game.id).every((r) => r.edited !== null),
  ),
  'game whose reviews were all edited',
);
/** Monday 00:00Z of the clock's week (the clock is on a Sunday). */
const monday = today - 6 * DAY;
/** An active game updated since the last Monday, with a capitalised word of at least four letters in its name. */
const updatedThisWeek = pick(
  active.filter((game) => game.updated >= monday && /[A-Z][a-z]{3,}/.test(game.name)),
  'game updated this week',
);
const nameWord = /[A-Z][a-z]{3,}/.exec(updatedThisWeek.name)![0];
/** An active game with more than three custom tags. */
const manyCustomTags = pick(
  active.filter((game) => game.customTags.length > 3),
  'game with four custom tags',
);
/** An active game that had an outage before its last successful crawl. */
const recovered = pick(
  active.filter((game) => {
    const last = lastSuccessfulConnect(game, now);
    return (
      !game.webOnly &&
      last !== null &&
      game.crawlStart !== null &&
      game.outages.some((o) => o.end <= last && o.end > game.crawlStart!)
    );
  }),
  'game that had an outage and came back',
);
/** The reviews of the games an administrator archived. */
const adminReviews = dataset.reviews.filter(
  (review) => dataset.games.find((g) => g.id === review.gameId)!.archiveReason === 'admin_disabled',
);
const adminGame = adminReviews[0]!.gameId;
/** An edited review of an active game. */
const editedReview = pick(
  dataset.reviews.filter((review) => review.edited !== null && active.some((g) => g.id === review.gameId)),
  'edited review',
);
/** A review of an active game that stopped answering. */
const stoppedReview = pick(
  dataset.reviews.filter((review) => active.some((g) => g.id === review.gameId && stopped(g))),
  'review of a game that stopped answering',
);
/** An active game that stopped answering more than three days ago, with a snapshot and statistics. */
const stoppedGame = pick(
  active.filter(
    (game) =>
      stopped(game) &&
      game.crawlEnd! < now - 3 * DAY &&
      game.msspCollectedAt !== null &&
      game.statisticsState === 'ready',
  ),
  'game that stopped answering',
);
/** A crawled game whose statistics are unavailable. */
const unavailable = pick(
  dataset.games.filter((game) => game.statisticsState === 'unavailable' && game.crawlStart !== null),
  'game whose statistics are unavailable',
);
/** A crawled active game whose long-range statistics are in preparation. */
const pending = pick(
  active.filter((game) => game.statisticsState === 'pending_long_ranges' && !game.webOnly),
  'game whose statistics are pending',
);
/** A statistics-ready game with an outage ending in the last ten days, and the day it started. */
const withOutage = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.statisticsState === 'ready' &&
      game.crawlEnd === null &&
      game.outages.some((o) => o.end < now - DAY && o.start > now - 10 * DAY),
  ),
  'game with an outage in the last ten days',
);
const outage = withOutage.outages.find((o) => o.end < now - DAY && o.start > now - 10 * DAY)!;
const OUTAGE_DAY = new Date(outage.start * 1000).toISOString().slice(0, 10);
const outageDayStart = Math.floor(outage.start / DAY) * DAY;

const total = (path: string) => async (call: Call) => (await call(path)).body.meta?.total;
const detail = async (call: Call, id: number) => (await call(`/games/${id}`)).body.data;

/** The ids of the first `pages` pages of 50 of a GET /games query. */
async function walk(call: Call, query: string, pages: number): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; page <= pages; page++)
    found.push(...ids(await call(`/games?${query}&per_page=50&page=${page}`)));
  return found;
}

/** The item of GET /games (default order) of a game. */
async function listItem(call: Call, id: number) {
  for (let page = 1; page <= 6; page++) {
    const item = (await call(`/games?per_page=50&page=${page}`)).body.data.find(
      (game: { id: number }) => game.id === id,
    );
    if (item !== undefined) return item;
  }
  return undefined;
}

const STATS_AFTER_STOP = `/games/${stoppedGame.id}/statistics?metric=players&resolution=daily&from=${daysAgo(2)}&to=${daysAgo(1)}`;
const STATS_OUTAGE_DAY = `/games/${withOutage.id}/statistics?metric=players&resolution=daily&from=${OUTAGE_DAY}&to=${OUTAGE_DAY}`;

const WITNESSES: Record<BlindFault25Name, Observe> = {
  'blind25-last-updated-never-edited-last': (call) => walk(call, 'sort=last_updated', 6),
  'blind25-top-voted-drops-unvoted': total('/games?sort=top_voted&per_page=1'),
  'blind25-review-counter-drops-edited': async (call) => [
    (await call('/games?has_reviews=1&per_page=50')).body.meta.total,
    ids(await call('/games?sort=most_reviewed&per_page=10')),
  ],
  'blind25-mud-client-drops-unreachable': total('/games?connection_type=mud_client&per_page=1'),
  'blind25-search-misses-updated-this-week': async (call) =>
    ids(await call(`/games?q=${nameWord}&per_page=50`)).includes(updatedThisWeek.id),
  'blind25-search-names-from-index-lowercased': async (call) =>
    (await call(`/games?q=${nameWord}&per_page=50`)).body.data.map((game: { name: string }) => game.name),
  'blind25-list-custom-tags-first-three': async (call) =>
    (await listItem(call, manyCustomTags.id)).tags.custom.length,
  'blind25-last-connect-is-reconnect-time': async (call) =>
    (await detail(call, recovered.id)).status.last_successful_connect,
  'blind25-admin-disabled-reviews-listed': async (call) => [
    (await call('/reviews?per_page=1')).body.meta.total,
    ids(await call(`/reviews?game_id=${adminGame}`)),
  ],
  'blind25-review-submitted-bumped-by-edit': async (call) =>
    (await call(`/reviews/${editedReview.id}`)).body.data.dates.submitted,
  'blind25-review-game-archived-from-crawl-end': async (call) =>
    (await call(`/reviews/${stoppedReview.id}`)).body.data.game.archived,
  'blind25-mssp-stopped-games-between-stores': async (call) =>
    (await call(`/games/${stoppedGame.id}/mssp`)).body.meta.status,
  'blind25-players-through-statistics-backend': async (call) =>
    (await call(`/games/${unavailable.id}/players`)).status,
  'blind25-stats-carried-past-last-crawl': async (call) =>
    (await call(STATS_AFTER_STOP)).body.data.map((point: { count: number }) => point.count),
  'blind25-stats-count-failed-crawls': async (call) => (await call(STATS_OUTAGE_DAY)).body.data[0].count,
  'blind25-activity-pending-whole-game': async (call) =>
    (await call(`/games/${pending.id}/activity-pattern`)).status,
  'blind25-statistics-401-without-challenge': async (call) =>
    (await call(`/games/${stoppedGame.id}/statistics`, { key: null })).headers['www-authenticate'] ?? null,
  'blind25-statistics-own-rate-limiter': async (call) => {
    await sendTimes(call, KEYS.low.per_minute, KEYS.low);
    return (await call(`/games/${stoppedGame.id}/statistics`, { key: KEYS.low })).status;
  },
  'blind25-minute-limit-clamped-16-bit': async (call) => (await call('/tags')).headers['x-ratelimit-limit'],
  'blind25-day-refusal-limit-header-day': async (call) =>
    (await sendTimes(call, KEYS.dayLimited.per_day + 1, KEYS.dayLimited)).headers['x-ratelimit-limit'],
};

describe('blind fault set 25', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind25', 20, BLIND_FAULTS_25, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_25, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: the default order by `dates.updated`, every active game in every sort, counts of all reviews.
    expect(neverEdited.updated).toBe(neverEdited.listed);
    expect(await WITNESSES['blind25-last-updated-never-edited-last'](call)).toEqual(
      byUpdated.map((g) => g.id),
    );
    expect(await WITNESSES['blind25-top-voted-drops-unvoted'](call)).toBe(active.length);
    expect(active.some((game) => game.monthlyVotes === 0)).toBe(true);
    const reviewed = active.filter((game) => reviewsOf(game.id).length > 0);
    const mostReviewed = [...active]
      .sort((a, b) => reviewsOf(b.id).length - reviewsOf(a.id).length || a.id - b.id)
      .slice(0, 10)
      .map((game) => game.id);
    expect(await WITNESSES['blind25-review-counter-drops-edited'](call)).toEqual([
      reviewed.length,
      mostReviewed,
    ]);
    expect(reviewed.map((game) => game.id)).toContain(allEdited.id);
    const mudClient = active.filter((game) => !game.webOnly);
    expect(await WITNESSES['blind25-mud-client-drops-unreachable'](call)).toBe(mudClient.length);
    expect(
      (await total('/games?connection_type=web_only&per_page=1')(call)) +
        (await total('/games?connection_type=mud_client&per_page=1')(call)),
    ).toBe(await total('/games?per_page=1')(call));

    // Searches find the game updated this week, under its own name.
    expect(new Date(monday * 1000).getUTCDay()).toBe(1);
    expect(await WITNESSES['blind25-search-misses-updated-this-week'](call)).toBe(true);
    const found = (await WITNESSES['blind25-search-names-from-index-lowercased'](call)) as string[];
    expect(found).toContain(updatedThisWeek.name);
    expect(found.some((name) => name !== name.toLowerCase())).toBe(true);

    // Representations: every custom tag in the list; the last successful crawl.
    expect(await WITNESSES['blind25-list-custom-tags-first-three'](call)).toBe(
      manyCustomTags.customTags.length,
    );
    expect((await detail(call, manyCustomTags.id)).tags.custom).toHaveLength(
      manyCustomTags.customTags.length,
    );
    const last = lastSuccessfulConnect(recovered, now)!;
    expect(await WITNESSES['blind25-last-connect-is-reconnect-time'](call)).toBe(formatUtcTimestamp(last));
    expect(rawSamples(recovered, last, last, now)).toHaveLength(1);

    // GET /reviews: archived games' reviews excluded; a review's submission time; its game's state.
    const listed = dataset.reviews.filter((review) => active.some((game) => game.id === review.gameId));
    expect(adminReviews.length).toBeGreaterThan(0);
    expect(await WITNESSES['blind25-admin-disabled-reviews-listed'](call)).toEqual([listed.length, []]);
    expect(await WITNESSES['blind25-review-submitted-bumped-by-edit'](call)).toBe(
      formatUtcTimestamp(editedReview.submitted),
    );
    expect(editedReview.edited).not.toBe(editedReview.submitted);
    expect(await WITNESSES['blind25-review-game-archived-from-crawl-end'](call)).toBe(false);
    expect((await detail(call, stoppedReview.gameId)).status.archived).toBe(false);

    // MSSP, player history, statistics of a game that stopped answering.
    expect(await WITNESSES['blind25-mssp-stopped-games-between-stores'](call)).toBe('available');
    expect(await WITNESSES['blind25-players-through-statistics-backend'](call)).toBe(200);
    expect((await call(`/games/${unavailable.id}/statistics`)).status).toBe(503);
    expect(await WITNESSES['blind25-stats-carried-past-last-crawl'](call)).toEqual([0, 0]);
    const samplesThatDay = [...sampleTimes(withOutage, outageDayStart, outageDayStart + DAY - 1, now)].length;
    expect(await WITNESSES['blind25-stats-count-failed-crawls'](call)).toBe(samplesThatDay);
    expect(samplesThatDay).toBeLessThan(48);
    expect(await WITNESSES['blind25-activity-pending-whole-game'](call)).toBe(200);
    const long = `/games/${pending.id}/statistics?from=${daysAgo(100)}&to=${daysAgo(0)}`;
    expect((await call(long)).body.error.code).toBe('statistics_pending');

    // Authentication and limits.
    expect(await WITNESSES['blind25-statistics-401-without-challenge'](call)).toBe(WWW_AUTHENTICATE);
    expect(await WITNESSES['blind25-statistics-own-rate-limiter'](call)).toBe(429);
    expect(await WITNESSES['blind25-minute-limit-clamped-16-bit'](call)).toBe(String(KEYS.high.per_minute));
    expect(KEYS.high.per_minute).toBeGreaterThan(65_535);
    expect(await WITNESSES['blind25-day-refusal-limit-header-day'](call)).toBe(
      String(KEYS.dayLimited.per_minute),
    );
  });
});

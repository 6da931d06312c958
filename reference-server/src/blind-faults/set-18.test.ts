/**
 * Witnesses of blind fault set 18 (set-18.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a clock frozen at
 * 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastCrawled, lastSuccessfulConnect, rawSamples } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import { normalizeMssp, MSSP_NUMERIC_KEYS } from '../domain/mssp.ts';
import {
  DAY,
  active,
  archived,
  crawledAllWeek,
  dataset,
  date,
  daysAgo,
  itCatalogues,
  itWitnessesEach,
  pick,
  TODAY,
  witnessKeys,
  witnessServers,
  type Observe,
  statisticsGame,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_18, type BlindFault18Name } from './set-18.ts';

const KEYS = witnessKeys('blind18');
const now = ANCHOR_SECONDS;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const stamp = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const isActive = (gameId: number) => active.some((game) => game.id === gameId);
const reviewsOf = (game: GameRecord) => dataset.reviews.filter((review) => review.gameId === game.id);

/** An active game with a rated review (its average_rating a number). */
const rated = pick(
  active.filter((game) => reviewsOf(game).some((review) => review.rating !== null)),
  'active game with a rated review',
);
/** An active MUD-client game reached before but whose latest crawl failed (in an outage now). */
const inOutage = pick(
  active.filter((game) => {
    const connect = lastSuccessfulConnect(game, now);
    const crawl = lastCrawled(game, now);
    return !game.webOnly && connect !== null && crawl !== null && crawl > connect;
  }),
  'active game whose latest crawl failed',
);
/** An archived game with a stored snapshot. */
const archivedWithSnapshot = pick(
  archived.filter((game) => game.msspCollectedAt !== null && game.msspRaw !== null),
  'archived game with an MSSP snapshot',
);
const webOnly = pick(
  active.filter((game) => game.webOnly),
  'active web-only game',
);
/** A review of an active game without a rating. */
const unrated = pick(
  dataset.reviews.filter((review) => review.rating === null && isActive(review.gameId)),
  'unrated review of an active game',
);
/** A review of an active game that was edited. */
const edited = pick(
  dataset.reviews.filter((review) => review.edited !== null && isActive(review.gameId)),
  'edited review of an active game',
);
/** An active game with fewer reviews than a page holds. */
const fewReviews = pick(
  active.filter((game) => reviewsOf(game).length > 0 && reviewsOf(game).length < 20),
  'active game with a few reviews',
);
/** The category tag ids carried by fewer than three active games (the rare values). */
const carried = new Map<number, number>();
for (const game of active)
  for (const id of Object.values(game.categories)) carried.set(id!, (carried.get(id!) ?? 0) + 1);
const rareIds = [...carried].filter(([, count]) => count < 3).map(([id]) => id);
/** An active game whose snapshot reports a known numeric variable as 0. */
const zeroSnapshot = pick(
  active.filter(
    (game) =>
      game.msspRaw !== null &&
      game.msspCollectedAt !== null &&
      Object.entries(normalizeMssp(game.msspRaw)).some(
        ([key, value]) => MSSP_NUMERIC_KEYS.has(key) && value === 0,
      ),
  ),
  'active game with a numeric 0 in its snapshot',
);
/** An active MUD-client game never reached (no sample at all). */
const neverReached = pick(
  active.filter((game) => !game.webOnly && lastSuccessfulConnect(game, now) === null),
  'active MUD-client game never reached',
);
const allWeek = crawledAllWeek(120);
/** The UTC days (epoch days) of the default 30-day range on which a game has samples. */
const sampledDays = (game: GameRecord) => {
  const start = (Math.floor(now / DAY) - 29) * DAY;
  return [...new Set(rawSamples(game, start, now, now).map((sample) => Math.floor(sample.t / DAY)))];
};
/** An active game with a whole day without samples between two sampled days of the default range. */
const gapped = pick(
  active.filter((game) => {
    const days = sampledDays(game);
    return days.length > 1 && days[days.length - 1]! - days[0]! + 1 > days.length;
  }),
  'active game with a whole-day gap in the last 30 days',
);
/** A game with statistics, crawled all through the last weeks. */
const steady = statisticsGame(60);
const future = date(now + 5 * DAY);
const weekly = `/games/${steady.id}/statistics?metric=players&resolution=weekly&from=${daysAgo(27)}&to=${TODAY}`;
const reversedStats = `/games/${steady.id}/statistics?from=${TODAY}&to=${daysAgo(5)}`;
const NO_GAME = 999_999;
const NO_REVIEW = 999_999;

const WITNESSES: Record<BlindFault18Name, Observe> = {
  'blind18-average-rating-numeric-text': async (call) =>
    (await call(`/games/${rated.id}`)).body.data.reviews.average_rating,
  'blind18-last-connect-null-after-failed-crawl': async (call) =>
    (await call(`/games/${inOutage.id}`)).body.data.status.last_successful_connect,
  'blind18-archived-mssp-collected-at-null': async (call) =>
    (await call(`/games/${archivedWithSnapshot.id}`)).body.data.status.mssp_collected_at,
  'blind18-web-only-players-link-null': async (call) =>
    (await call(`/games/${webOnly.id}`)).body.data.urls.players,
  'blind18-unrated-review-detail-rating-omitted': async (call) =>
    'rating' in (await call(`/reviews/${unrated.id}`)).body.data,
  'blind18-review-edited-epoch-seconds': async (call) =>
    (await call(`/reviews/${edited.id}`)).body.data.dates.edited,
  'blind18-reviews-game-next-from-overall-total': async (call) =>
    (await call(`/reviews?game_id=${fewReviews.id}`)).body.links,
  'blind18-missing-review-404-data-null': async (call) => {
    const reply = await call(`/reviews/${NO_REVIEW}`);
    return [reply.status, typeof reply.body?.error?.code, typeof reply.body?.request_id];
  },
  'blind18-tags-rare-values-dropped': async (call) =>
    (await call('/tags')).body.data.flatMap((group: { values: Array<{ id: number }> }) =>
      group.values.map((tag) => tag.id),
    ),
  'blind18-mssp-collected-at-millis': async (call) =>
    (await call(`/games/${allWeek.id}/mssp`)).body.data.collected_at,
  'blind18-mssp-zero-counts-as-text': async (call) =>
    (await call(`/games/${zeroSnapshot.id}/mssp`)).body.data.values,
  'blind18-mssp-unknown-game-404-mssp-body': async (call) => {
    const reply = await call(`/games/${NO_GAME}/mssp`);
    return [reply.status, reply.body?.error?.code];
  },
  'blind18-players-no-samples-data-null': async (call) =>
    (await call(`/games/${neverReached.id}/players`)).body.data,
  'blind18-single-day-daily-serves-raw': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=${daysAgo(2)}&to=${daysAgo(2)}`)).body.data.length,
  'blind18-daily-gap-carried-forward': async (call) => (await call(`/games/${gapped.id}/players`)).body.data,
  'blind18-future-to-span-counted-to-today': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=${daysAgo(364)}&to=${future}`)).status,
  'blind18-stats-calendar-buckets-date-text': async (call) =>
    (await call(weekly)).body.data.map((point: { date: unknown }) => typeof point.date),
  'blind18-stats-422-message-array': async (call) => typeof (await call(reversedStats)).body.error.message,
  'blind18-subresource-404-before-accounting': async (call) => {
    const reply = await call(`/games/${NO_GAME}/players`);
    return [reply.status, reply.headers['x-ratelimit-limit'], reply.headers['x-ratelimit-remaining']];
  },
  'blind18-bad-key-plain-unauthorized': async (call) => {
    const reply = await call('/tags', { authorization: 'Bearer blind18-no-such-key-0000' });
    return [reply.status, reply.headers['content-type'], reply.body?.error?.code];
  },
};

describe('blind fault set 18', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind18', 20, BLIND_FAULTS_18, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_18, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // A rated game's average is a number.
    expect(typeof (await call(`/games/${rated.id}`)).body.data.reviews.average_rating).toBe('number');

    // A game in an outage keeps its last successful connect, older than its last crawl.
    const outage = (await call(`/games/${inOutage.id}`)).body.data.status;
    expect(outage.last_successful_connect).toBe(stamp(lastSuccessfulConnect(inOutage, now)!));
    expect(outage.last_crawled).toBe(stamp(lastCrawled(inOutage, now)!));
    // …while a game reached at its latest crawl has the two equal.
    const steadyStatus = (await call(`/games/${allWeek.id}`)).body.data.status;
    expect(steadyStatus.last_successful_connect).toBe(steadyStatus.last_crawled);

    // An archived game's snapshot time, in its detail and at its MSSP endpoint.
    const archivedStatus = (await call(`/games/${archivedWithSnapshot.id}`)).body.data.status;
    expect(archivedStatus.archived).toBe(true);
    expect(archivedStatus.mssp_collected_at).toBe(stamp(archivedWithSnapshot.msspCollectedAt!));
    const archivedMssp = await call(`/games/${archivedWithSnapshot.id}/mssp`);
    expect(archivedMssp.body.meta.status).toBe('available');
    expect(archivedMssp.body.data.collected_at).toBe(archivedStatus.mssp_collected_at);

    // A web-only game's players link leads to its (available) history.
    const players = (await call(`/games/${webOnly.id}`)).body.data.urls.players as string;
    expect(players).toMatch(new RegExp(`/api/v1/games/${webOnly.id}/players$`));
    expect((await call(`/games/${webOnly.id}/players`)).status).toBe(200);

    // An unrated review's detail has rating null; an edited one a timestamp.
    const unratedDetail = (await call(`/reviews/${unrated.id}`)).body.data;
    expect('rating' in unratedDetail && unratedDetail.rating === null).toBe(true);
    const editedDetail = (await call(`/reviews/${edited.id}`)).body.data;
    expect(editedDetail.dates.edited).toBe(stamp(edited.edited!));
    expect(editedDetail.dates.edited).toMatch(TIMESTAMP);

    // One game's reviews fit on a page: no next link.
    const few = await call(`/reviews?game_id=${fewReviews.id}`);
    expect(few.body.meta.total).toBe(reviewsOf(fewReviews).length);
    expect(few.body.links.next).toBeUndefined();
    expect((await call('/reviews')).body.links.next).toBeDefined();

    // A review that does not exist: 404 with the error envelope.
    const missing = await call(`/reviews/${NO_REVIEW}`);
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error.code).toBe('string');
    expect(typeof missing.body.error.message).toBe('string');
    expect(typeof missing.body.request_id).toBe('string');

    // GET /tags lists the rare values the games carry.
    expect(rareIds.length).toBeGreaterThan(0);
    const tagIds = WITNESSES['blind18-tags-rare-values-dropped'](call);
    expect(await tagIds).toEqual(expect.arrayContaining(rareIds));

    // A snapshot's collected_at has the described shape; a reported 0 is a number.
    expect((await call(`/games/${allWeek.id}/mssp`)).body.data.collected_at).toMatch(TIMESTAMP);
    const zeroValues = (await call(`/games/${zeroSnapshot.id}/mssp`)).body.data.values;
    expect(Object.entries(zeroValues).some(([key, value]) => MSSP_NUMERIC_KEYS.has(key) && value === 0)).toBe(
      true,
    );

    // The MSSP of an unknown game: 404 game_not_found in the error envelope, with the rate-limit headers.
    const noGame = await call(`/games/${NO_GAME}/mssp`);
    expect(noGame.status).toBe(404);
    expect(noGame.body.error.code).toBe('game_not_found');
    const noGamePlayers = await call(`/games/${NO_GAME}/players`);
    expect(noGamePlayers.status).toBe(404);
    expect(noGamePlayers.headers['x-ratelimit-limit']).toBeDefined();
    expect(noGamePlayers.headers['x-ratelimit-remaining']).toBeDefined();

    // A history without samples is an empty array.
    expect((await call(`/games/${neverReached.id}/players`)).body.data).toEqual([]);

    // A one-day daily range: one average.
    const oneDay = await call(`/games/${allWeek.id}/players?from=${daysAgo(2)}&to=${daysAgo(2)}`);
    expect(oneDay.body.meta.granularity).toBe('daily');
    expect(oneDay.body.data).toHaveLength(1);

    // A whole day without samples is left out of the daily history.
    const gappedHistory = (await call(`/games/${gapped.id}/players`)).body.data;
    expect(gappedHistory).toHaveLength(sampledDays(gapped).length);

    // A daily range of 370 days ending in the future is refused.
    const longFuture = await call(`/games/${allWeek.id}/players?from=${daysAgo(364)}&to=${future}`);
    expect(longFuture.status).toBe(422);
    expect(longFuture.body.error.code).toBe('invalid_date_range');

    // Weekly points have epoch-second dates; a reversed statistics range is a 422 with a string message.
    const weeklyPoints = (await call(weekly)).body.data as Array<{ date: unknown }>;
    expect(weeklyPoints.length).toBeGreaterThan(0);
    expect(weeklyPoints.every((point) => typeof point.date === 'number')).toBe(true);
    const reversed = await call(reversedStats);
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.code).toBe('invalid_statistics_query');
    expect(typeof reversed.body.error.message).toBe('string');

    // An unknown key: 401 invalid_api_key as JSON, with the challenge.
    const badKey = await call('/tags', { authorization: 'Bearer blind18-no-such-key-0000' });
    expect(badKey.status).toBe(401);
    expect(badKey.headers['content-type']).toMatch(/^application\/json/);
    expect(badKey.body.error.code).toBe('invalid_api_key');
    expect(badKey.headers['www-authenticate']).toMatch(/^Bearer realm="/);
  });
});

/**
 * Witnesses of blind fault set 24 (set-24.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, rawSamples } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  clockOf,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
  reviewsOf,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_24, type BlindFault24Name } from './set-24.ts';

const KEYS = witnessKeys('blind24');
const now = ANCHOR_SECONDS;
const today = Math.floor(now / DAY) * DAY;
const TOMORROW = daysAgo(-1);

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round2 = (value: number) => Math.round(value * 100) / 100;
const ratingsOf = (gameId: number) =>
  reviewsOf(gameId)
    .sort((a, b) => a.submitted - b.submitted || a.id - b.id)
    .flatMap((review) => (review.rating === null ? [] : [review.rating]));

/** A MUD-client game whose last two samples (the hour up to its last successful crawl) differ by an odd number. */
const oddLastHour = pick(
  active.filter((game) => {
    const last = lastSuccessfulConnect(game, now);
    if (game.webOnly || last === null) return false;
    const samples = rawSamples(game, last - 3599, last, now);
    return samples.length === 2 && (samples[0]!.players + samples[1]!.players) % 2 === 1;
  }),
  'game whose last two samples differ by an odd number',
);
/** An active game with three or more ratings whose running `(avg + r) / 2` differs from the mean. */
const manyRatings = pick(
  active.filter((game) => {
    const ratings = ratingsOf(game.id);
    if (ratings.length < 3) return false;
    const running = ratings.slice(1).reduce((avg, rating) => (avg + rating) / 2, ratings[0]!);
    return round2(running) !== round2(mean(ratings));
  }),
  'game with three or more ratings',
);
/** An active game with more than 20 reviews. */
const manyReviews = pick(
  active.filter((game) => reviewsOf(game.id).length > 20),
  'active game with more than 20 reviews',
);
/** An active game reviewed since the last UTC midnight. */
const reviewedToday = pick(
  active.filter((game) =>
    reviewsOf(game.id).some((review) => review.submitted >= today && review.submitted <= now),
  ),
  'active game reviewed since the last UTC midnight',
);
/** A review of an active game submitted before 2025 with an odd rating. */
const legacyReview = pick(
  dataset.reviews.filter(
    (review) =>
      review.submitted < Date.UTC(2025, 0, 1) / 1000 &&
      review.rating !== null &&
      review.rating % 2 === 1 &&
      active.some((game) => game.id === review.gameId),
  ),
  'review submitted before 2025 with an odd rating',
);
/** A game whose snapshot reports UPTIME. */
const withUptime = pick(
  active.filter(
    (game) => game.msspRaw?.UPTIME !== undefined && game.msspCollectedAt !== null && !game.webOnly,
  ),
  'game whose snapshot reports UPTIME',
);
/** A game crawled all through today whose daily value for today differs from the mean of its hourly means. */
const unevenToday: GameRecord = pick(
  active.filter((game) => {
    if (game.webOnly || game.crawlStart === null || game.crawlStart > today - DAY || game.crawlEnd !== null)
      return false;
    const samples = rawSamples(game, today, now, now);
    if (samples.length !== 25) return false;
    const hours = new Map<number, number[]>();
    for (const { t, players } of samples)
      hours.set(Math.floor(t / 3600), [...(hours.get(Math.floor(t / 3600)) ?? []), players]);
    const ofHours = mean([...hours.values()].map(mean));
    return Math.round(ofHours) !== Math.round(mean(samples.map((s) => s.players)));
  }),
  "game whose today's value differs from the mean of its hourly means",
);
const webOnly = pick(
  active.filter((game) => game.webOnly),
  'active web-only game',
);
const statsGame = statisticsGame(10, 3);

const status = (path: string) => async (call: Call) => (await call(path)).status;
const total = (path: string) => async (call: Call) => (await call(path)).body.meta?.total;
const detail = async (call: Call, id: number) => (await call(`/games/${id}`)).body.data;

const WEEKLY_RANGE = `/games/${statsGame.id}/statistics?metric=players&resolution=weekly&from=${daysAgo(7000)}&to=${daysAgo(1)}`;
const YESTERDAY_DAILY = `/games/${statsGame.id}/statistics?metric=players&resolution=daily&from=${daysAgo(1)}&to=${daysAgo(1)}`;
const WEDNESDAY = daysAgo(4);

const WITNESSES: Record<BlindFault24Name, Observe> = {
  'blind24-per-page-clamped': async (call) => [
    await status('/games?per_page=0')(call),
    await status('/games?per_page=51')(call),
  ],
  'blind24-page-fractional-accepted': async (call) => {
    const reply = await call('/games?page=1.5&per_page=4');
    return [reply.status, reply.body.meta?.page ?? null];
  },
  'blind24-tag-id-wraps-at-2-32': total(`/games?theme_tag_id[]=${2 ** 32 + 153}&per_page=1`),
  'blind24-repeated-tag-id-counted-twice': async (call) => {
    const reply = await call('/games?theme_tag_id[]=153&theme_tag_id[]=153&per_page=1');
    return [reply.status, reply.body.meta?.total ?? null];
  },
  'blind24-previous-link-beyond-last': async (call) => [
    (await call('/games?page=99')).body.links.previous ?? null,
    (await call('/reviews?page=99')).body.links.previous ?? null,
  ],
  'blind24-latest-players-hour-mean': async (call) =>
    (await detail(call, oddLastHour.id)).status.latest_players,
  'blind24-average-rating-running-mean': async (call) =>
    (await detail(call, manyRatings.id)).reviews.average_rating,
  'blind24-detail-review-stats-first-page': async (call) =>
    (await detail(call, manyReviews.id)).reviews.count,
  'blind24-review-stats-nightly-rollup': async (call) => (await detail(call, reviewedToday.id)).reviews.count,
  'blind24-reviews-offset-int32-wraps': async (call) =>
    ids(await call('/reviews?page=1073741825&per_page=20')),
  'blind24-legacy-rating-halved': async (call) =>
    (await call(`/reviews/${legacyReview.id}`)).body.data.rating,
  'blind24-mssp-ten-digit-numbers-text': async (call) =>
    typeof (await call(`/games/${withUptime.id}/mssp`)).body.data.values.uptime,
  'blind24-daily-day-index-rounded': async (call) =>
    (await call(`/games/${unevenToday.id}/players`)).body.data.at(-1).recorded_at,
  'blind24-daily-mean-of-hourly-means': async (call) =>
    (await call(`/games/${unevenToday.id}/players?from=${TODAY}&to=${TODAY}`)).body.data.at(-1).players,
  'blind24-history-limit-counts-values': status(
    `/games/${webOnly.id}/players?from=${daysAgo(399)}&to=${TODAY}`,
  ),
  'blind24-stats-weekly-cap-whole-weeks': async (call) => {
    const reply = await call(WEEKLY_RANGE);
    return [reply.status, reply.body.data?.length ?? null];
  },
  'blind24-stats-rollup-extremes-of-hourly-means': async (call) => {
    const point = (await call(YESTERDAY_DAILY)).body.data[0];
    return [point.min, point.max];
  },
  'blind24-activity-range-snapped-to-weeks': async (call) =>
    (
      await call(`/games/${statsGame.id}/activity-pattern?from=${WEDNESDAY}&to=${WEDNESDAY}`)
    ).body.data.filter((cell: { count: number }) => cell.count > 0).length,
  'blind24-day-retry-after-minutes': async (call) =>
    (await sendTimes(call, KEYS.dayLimited.per_day + 1, KEYS.dayLimited)).headers['retry-after'],
  'blind24-reset-fractional-seconds': async (call) => {
    clockOf(call).advance(250);
    return (await call('/tags')).headers['x-ratelimit-reset'];
  },
};

describe('blind fault set 24', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind24', 20, BLIND_FAULTS_24, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_24, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: per_page and page outside their range are refused; unknown or repeated tag ids.
    expect(await WITNESSES['blind24-per-page-clamped'](call)).toEqual([422, 422]);
    expect((await call('/games?per_page=0')).body.error.code).toBe('invalid_filter');
    expect(await WITNESSES['blind24-page-fractional-accepted'](call)).toEqual([422, null]);
    expect(await WITNESSES['blind24-tag-id-wraps-at-2-32'](call)).toBe(0);
    expect(await total('/games?theme_tag_id[]=153&per_page=1')(call)).toBeGreaterThan(0);
    expect(await WITNESSES['blind24-repeated-tag-id-counted-twice'](call)).toEqual([422, null]);
    const lastGamesPage = Math.ceil(active.length / 20);
    expect(lastGamesPage).toBeLessThan(98);
    expect(await WITNESSES['blind24-previous-link-beyond-last'](call)).toEqual([null, null]);

    // Game representations: integer latest players, the mean rating, counts of all reviews.
    const last = lastSuccessfulConnect(oddLastHour, now)!;
    const latest = rawSamples(oddLastHour, last, last, now)[0]!.players;
    expect(await WITNESSES['blind24-latest-players-hour-mean'](call)).toBe(latest);
    expect(await WITNESSES['blind24-average-rating-running-mean'](call)).toBe(
      round2(mean(ratingsOf(manyRatings.id))),
    );
    const reviewTotal = (await call(`/reviews?game_id=${manyReviews.id}&per_page=1`)).body.meta.total;
    expect(reviewTotal).toBeGreaterThan(20);
    expect(await WITNESSES['blind24-detail-review-stats-first-page'](call)).toBe(reviewTotal);
    expect(await WITNESSES['blind24-review-stats-nightly-rollup'](call)).toBe(
      (await call(`/reviews?game_id=${reviewedToday.id}&per_page=1`)).body.meta.total,
    );

    // GET /reviews: a page far past the end is empty; ratings are integers.
    expect(await WITNESSES['blind24-reviews-offset-int32-wraps'](call)).toEqual([]);
    expect(await WITNESSES['blind24-legacy-rating-halved'](call)).toBe(legacyReview.rating);

    // MSSP: UPTIME as a number.
    expect(await WITNESSES['blind24-mssp-ten-digit-numbers-text'](call)).toBe('number');

    // Player history: the default range ends today; today's value is the rounded mean of its samples.
    expect(await WITNESSES['blind24-daily-day-index-rounded'](call)).toBe(`${TODAY}T00:00:00Z`);
    expect(TOMORROW > TODAY).toBe(true);
    expect(await WITNESSES['blind24-daily-mean-of-hourly-means'](call)).toBe(
      Math.round(mean(rawSamples(unevenToday, today, now, now).map((s) => s.players))),
    );
    expect(await WITNESSES['blind24-history-limit-counts-values'](call)).toBe(422);

    // Statistics: the weekly range touches 1,001 calendar weeks; a day's extremes are its observations'.
    expect(await WITNESSES['blind24-stats-weekly-cap-whole-weeks'](call)).toEqual([422, null]);
    const raw = (
      await call(
        `/games/${statsGame.id}/statistics?metric=players&resolution=raw&from=${daysAgo(1)}&to=${daysAgo(1)}`,
      )
    ).body.data as Array<{ min: number; max: number }>;
    expect(await WITNESSES['blind24-stats-rollup-extremes-of-hourly-means'](call)).toEqual([
      Math.min(...raw.map((p) => p.min)),
      Math.max(...raw.map((p) => p.max)),
    ]);
    expect(await WITNESSES['blind24-activity-range-snapped-to-weeks'](call)).toBe(24);

    // Rate limits: Retry-After in seconds to midnight; an integer reset.
    expect(await WITNESSES['blind24-day-retry-after-minutes'](call)).toBe(String(today + DAY - now));
    const reset = (await WITNESSES['blind24-reset-fractional-seconds'](call)) as string;
    expect(reset).toMatch(/^\d+$/);
    expect(Number(reset)).toBe(Math.floor(clockOf(call).now() / 60_000) * 60 + 60);
  });
});

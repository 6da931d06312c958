/**
 * Witnesses of blind fault set 15 (set-15.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday) and stays there unless a witness moves it (only the
 * day-budget witness does, to the next minute); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  crawledAllWeek,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  TODAY,
  witnessKeys,
  type Observe,
  clockOf,
  witnessServers,
  reviewsOf,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_15, type BlindFault15Name } from './set-15.ts';

const KEYS = witnessKeys('blind15');

const allWeek = crawledAllWeek(120);
const gameOf = (id: number) => dataset.games.find((game) => game.id === id)!;
/** A term no game holds anywhere. */
const nowhere = 'qzxjvw';
const lower = (game: (typeof active)[number]) =>
  [game.name, game.intro, game.description].map((text) => text.toLowerCase());
if (dataset.games.some((game) => lower(game).some((text) => text.includes(nowhere)))) {
  throw new Error(`the test dataset holds ${nowhere}`);
}
/** A word of an active game's name. */
const nameWord = pick(
  active.flatMap((game) =>
    game.name
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => /^[a-z]{4,}$/.test(word))
      .map((word) => ({ game, word })),
  ),
  "word of a game's name",
);
/** An active game with more than five reviews, some unrated. */
const muchReviewed = pick(
  active.filter(
    (game) => reviewsOf(game.id).length > 5 && reviewsOf(game.id).some((review) => review.rating === null),
  ),
  'active game with more than five reviews, some unrated',
);
const unvoted = pick(
  active.filter((game) => game.monthlyVotes === 0),
  'active game without votes',
);
const webOnly = pick(
  active.filter((game) => game.webOnly && game.website !== null),
  'web-only game with a website',
);
const withoutSnapshot = pick(
  active.filter((game) => !game.webOnly && (game.msspRaw === null || game.msspCollectedAt === null)),
  'active game without an MSSP snapshot',
);
/** A game with statistics, crawled all through the last weeks. */
const steady = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.statisticsState === 'ready' &&
      game.crawlStart !== null &&
      game.crawlStart < ANCHOR_SECONDS - 30 * DAY &&
      game.crawlEnd === null &&
      game.outages.every((o) => o.end < ANCHOR_SECONDS - 15 * DAY),
  ),
  'game with statistics crawled all through the last weeks',
);
const weekly = `/games/${steady.id}/statistics?metric=players&resolution=weekly&from=${daysAgo(13)}&to=${TODAY}`;
const daily = `/games/${steady.id}/statistics?metric=players&resolution=daily&from=${daysAgo(13)}&to=${TODAY}`;
/** Two whole weeks before today: every weekday twice, four samples an hour cell. */
const twoWeeks = `from=${daysAgo(14)}&to=${daysAgo(1)}`;
const listedReview = pick(
  dataset.reviews.filter((review) => gameOf(review.gameId)?.archiveReason === null),
  'review of an active game',
);

const WITNESSES: Record<BlindFault15Name, Observe> = {
  'blind15-default-order-by-id': async (call) => ids(await call('/games?per_page=5')),
  'blind15-has-reviews-subquery-review-id': async (call) =>
    (await call('/games?has_reviews=1&per_page=1')).body.meta.total,
  'blind15-q-last-term-only': async (call) =>
    ids(await call(`/games?q=${nowhere}%20${nameWord.word}&per_page=50`)),
  'blind15-games-page-cache-ignores-per-page': async (call) => [
    ids(await call('/games')).length,
    ids(await call('/games?per_page=5')).length,
  ],
  'blind15-next-link-default-per-page': async (call) => [
    'next' in (await call('/games?per_page=50&page=6')).body.links,
    'next' in (await call('/games?per_page=5&page=14')).body.links,
  ],
  'blind15-review-count-rated-only': async (call) =>
    (await call(`/games/${muchReviewed.id}`)).body.data.reviews.count,
  'blind15-zero-votes-null': async (call) =>
    (await call(`/games/${unvoted.id}`)).body.data.ranking.monthly_votes,
  'blind15-detail-updated-bumped-by-view': async (call) =>
    (await call(`/games/${allWeek.id}`)).body.data.dates.updated,
  'blind15-web-only-website-moved-to-play': async (call) =>
    (await call(`/games/${webOnly.id}`)).body.data.urls.website,
  'blind15-mssp-not-available-without-game-id': async (call) =>
    (await call(`/games/${withoutSnapshot.id}/mssp`)).body.meta,
  'blind15-raw-samples-capped-1000': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw`)).body.data.length,
  'blind15-stats-weekly-average-of-daily-means': async (call) => (await call(weekly)).body.data,
  'blind15-activity-average-per-day': async (call) =>
    (await call(`/games/${allWeek.id}/activity-pattern?${twoWeeks}`)).body.data,
  'blind15-review-body-title-heading': async (call) =>
    (await call(`/reviews/${listedReview.id}`)).body.data.body,
  'blind15-reviews-game-filter-default-per-page': async (call) =>
    ids(await call(`/reviews?game_id=${muchReviewed.id}&per_page=5`)),
  'blind15-tag-values-named-after-group': async (call) => (await call('/tags')).body.data,
  'blind15-revoked-key-own-code': async (call) =>
    (await call('/tags', { key: KEYS.revoked })).body.error.code,
  'blind15-auth-remembered-per-connection': async (call) => {
    await call('/tags');
    return (await call('/tags', { key: null })).status;
  },
  'blind15-405-empty-body': async (call) => {
    const reply = await call('/tags', { method: 'DELETE' });
    return [reply.status, reply.text];
  },
  'blind15-day-count-expires-with-minute': async (call) => {
    for (let i = 0; i < 4; i++) await call('/tags', { key: KEYS.dayLimited });
    clockOf(call).toNextMinute();
    return (await call('/tags', { key: KEYS.dayLimited })).status;
  },
};

describe('blind fault set 15', () => {
  const start = witnessServers(Object.values(KEYS), { oneConnection: true });

  itCatalogues('blind15', 20, BLIND_FAULTS_15, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // The default order is last_updated's, not the ids'.
    const implicit = ids(await call('/games?per_page=5'));
    expect(ids(await call('/games?sort=last_updated&per_page=5'))).toEqual(implicit);
    expect([...implicit].sort((a, b) => a - b)).not.toEqual(implicit);

    // has_reviews: the 170 active games with a review.
    const reviewed = active.filter((game) => reviewsOf(game.id).length > 0);
    expect((await call('/games?has_reviews=1&per_page=1')).body.meta.total).toBe(reviewed.length);

    // Every term must occur: a term found nowhere empties the search.
    expect(ids(await call(`/games?q=${nowhere}%20${nameWord.word}&per_page=50`))).toEqual([]);
    expect(ids(await call(`/games?q=${nameWord.word}&per_page=50`))).toContain(nameWord.game.id);

    // per_page is honoured after another page size within the minute.
    expect(ids(await call('/games')).length).toBe(20);
    const five = await call('/games?per_page=5');
    expect([ids(five).length, five.body.meta.per_page]).toEqual([5, 5]);

    // 275 active games: 6 pages of 50 (the 6th the last), 55 pages of 5.
    expect(active.length).toBe(275);
    expect('next' in (await call('/games?per_page=50&page=6')).body.links).toBe(false);
    expect((await call('/games?per_page=5&page=14')).body.links.next).toMatch(/page=15/);

    // A game's review count is all its reviews, rated or not.
    const counted = (await call(`/games/${muchReviewed.id}`)).body.data.reviews;
    expect(counted.count).toBe(reviewsOf(muchReviewed.id).length);
    expect(counted.rating_count).toBeLessThan(counted.count);
    expect((await call(`/reviews?game_id=${muchReviewed.id}&per_page=1`)).body.meta.total).toBe(
      counted.count,
    );

    expect((await call(`/games/${unvoted.id}`)).body.data.ranking.monthly_votes).toBe(0);

    const detail = (await call(`/games/${allWeek.id}`)).body.data;
    expect(detail.dates.updated).toBe(new Date(allWeek.updated * 1000).toISOString().replace('.000Z', 'Z'));
    expect(detail.dates.updated).not.toBe(
      new Date(ANCHOR_SECONDS * 1000).toISOString().replace('.000Z', 'Z'),
    );

    const site = (await call(`/games/${webOnly.id}`)).body.data.urls;
    expect([site.website, site.play]).toEqual([webOnly.website, webOnly.website]);

    const mssp = (await call(`/games/${withoutSnapshot.id}/mssp`)).body;
    expect(mssp).toEqual({ data: null, meta: { game_id: withoutSnapshot.id, status: 'mssp_not_available' } });

    // The default 30-day raw range of a game crawled all month: more than 1,000 samples, up to today.
    const raw = (await call(`/games/${allWeek.id}/players?granularity=raw`)).body.data as Array<{
      recorded_at: string;
    }>;
    expect(raw.length).toBeGreaterThan(1000);
    expect(raw.at(-1)!.recorded_at.slice(0, 10)).toBe(TODAY);

    // A weekly average is the observations' mean (the daily means weighted by their counts); the
    // current week's partial day makes the plain mean of the daily means another number.
    const weeks = (await call(weekly)).body.data as Array<{ date: number; count: number; average: number }>;
    const days = (await call(daily)).body.data as Array<{ date: number; count: number; average: number }>;
    const current = weeks.at(-1)!;
    const ofWeek = days.filter((day) => day.date >= current.date && day.count > 0);
    expect(new Set(ofWeek.map((day) => day.count)).size).toBeGreaterThan(1);
    const weighted = ofWeek.reduce((sum, day) => sum + day.average * day.count, 0) / current.count;
    const plain = ofWeek.reduce((sum, day) => sum + day.average, 0) / ofWeek.length;
    expect(Math.abs(current.average - weighted)).toBeLessThan(0.01);
    expect(Math.abs(current.average - plain)).toBeGreaterThan(0.01);

    // Activity cells over two whole weeks: four observations each, averaged over them.
    const cells = (await call(`/games/${allWeek.id}/activity-pattern?${twoWeeks}`)).body.data as Array<{
      weekday: number;
      hour: number;
      count: number;
      average: number | null;
    }>;
    const samples = (await call(`/games/${allWeek.id}/players?granularity=raw&${twoWeeks}`)).body
      .data as Array<{ recorded_at: string; players: number }>;
    const sums = new Map<string, { n: number; sum: number }>();
    for (const sample of samples) {
      const at = new Date(sample.recorded_at);
      const key = `${((at.getUTCDay() + 6) % 7) + 1}/${at.getUTCHours()}`;
      const cell = sums.get(key) ?? { n: 0, sum: 0 };
      sums.set(key, { n: cell.n + 1, sum: cell.sum + sample.players });
    }
    expect(cells.filter((cell) => cell.count === 4).length).toBe(168);
    for (const cell of cells) {
      const seen = sums.get(`${cell.weekday}/${cell.hour}`)!;
      expect(cell.average).toBeCloseTo(seen.sum / seen.n, 2);
    }

    const body = (await call(`/reviews/${listedReview.id}`)).body.data.body;
    expect(body).toBe(listedReview.body);
    expect(body.startsWith('#')).toBe(false);

    const perPage = await call(`/reviews?game_id=${muchReviewed.id}&per_page=5`);
    expect([ids(perPage).length, perPage.body.meta.per_page]).toEqual([5, 5]);

    const groups = (await call('/tags')).body.data as Array<{ values: Array<{ id: number; name: string }> }>;
    expect(groups.map((group) => group.values)).toEqual(
      dataset.taxonomy.groups.map((group) => group.values.map(({ id, name }) => ({ id, name }))),
    );

    const revoked = await call('/tags', { key: KEYS.revoked });
    expect([revoked.status, revoked.body.error.code]).toEqual([401, 'invalid_api_key']);

    // On one kept-alive connection, an authenticated request and then one without a key.
    expect((await call('/tags')).status).toBe(200);
    const anonymous = await call('/tags', { key: null });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_required']);

    const deleted = await call('/tags', { method: 'DELETE' });
    expect([deleted.status, deleted.headers.allow, deleted.body.error.code]).toEqual([
      405,
      'GET',
      'method_not_allowed',
    ]);

    // The day-limited key (10/min, 3/day): three admitted, then refused until the next UTC midnight.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('/tags', { key: KEYS.dayLimited })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    clockOf(call).toNextMinute();
    const later = await call('/tags', { key: KEYS.dayLimited });
    expect([later.status, later.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
  });

  itWitnessesEach(BLIND_FAULTS_15, WITNESSES, start);
});

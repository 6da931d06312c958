/**
 * Witnesses of blind fault set 27 (set-27.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday); each fault gets a fresh pair of servers.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import {
  TODAY,
  active,
  baseUrlOf,
  daysAgo,
  dataset,
  itCatalogues,
  itWitnessesEach,
  pick,
  readReply,
  sendTimes,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_27, type BlindFault27Name } from './set-27.ts';

const KEYS = witnessKeys('blind27');

/** The path of an absolute link, relative to the API base (what `call` takes). */
const apiPath = (link: string) => new URL(link).pathname.replace(/^\/api\/v1/, '') + new URL(link).search;

/** An active game crawled all through the last days, with statistics ready for 500 days back. */
const crawled = statisticsGame(500, 3);
/** An active game with a review submitted or edited after its listing was last updated. */
const reviewedAfterUpdate = pick(
  active.filter((game) =>
    dataset.reviews.some(
      (review) => review.gameId === game.id && Math.max(review.submitted, review.edited ?? 0) > game.updated,
    ),
  ),
  'game reviewed after its last update',
);
/** An active game whose snapshot was collected at another time than midnight. */
const snapshotGame = pick(
  active.filter(
    (game) => !game.webOnly && game.msspCollectedAt !== null && game.msspCollectedAt % 86_400 !== 0,
  ),
  'game with a snapshot collected after midnight',
);
/** A listed review whose submission time is not on a half hour. */
const offSlotReview = pick(
  dataset.reviews.filter(
    (review) => active.some((game) => game.id === review.gameId) && review.submitted % 1800 !== 0,
  ),
  'review submitted between two half hours',
);
/** A review whose body has bold text. */
const boldReview = pick(
  dataset.reviews.filter((review) => /\*\*[^*\n]+\*\*/.test(review.body)),
  'review with bold text',
);
/** The active games holding `256` in their name, intro or description. */
const holding256 = active.filter((game) =>
  [game.name, game.intro, game.description].some((field) => field.toLowerCase().includes('256')),
);

const remainingOf = async (call: Call, path: string, method = 'GET') =>
  Number((await call(path, { method })).headers['x-ratelimit-remaining']);
const ONE_DAY = `from=${daysAgo(1)}&to=${daysAgo(1)}`;

const WITNESSES: Record<BlindFault27Name, Observe> = {
  'blind27-links-drop-empty-params': async (call) => {
    const { self, next } = (await call('/games?q=&per_page=5')).body.links;
    return [apiPath(self), apiPath(next)];
  },
  'blind27-q-letters-only-terms': async (call) => (await call('/games?q=256&per_page=1')).body.meta.total,
  'blind27-detail-links-from-request-url': async (call) => {
    const { urls } = (await call(`/games/${crawled.id}?ref=feed`)).body.data;
    return [apiPath(urls.mssp), apiPath(urls.players)];
  },
  'blind27-updated-bumped-by-review': async (call) =>
    (await call(`/games/${reviewedAfterUpdate.id}`)).body.data.dates.updated,
  'blind27-mssp-collected-at-day-floored': async (call) =>
    (await call(`/games/${snapshotGame.id}/mssp`)).body.data.collected_at,
  'blind27-players-raw-span-from-statistics': async (call) =>
    (await call(`/games/${crawled.id}/players?granularity=raw&from=${daysAgo(7)}&to=${daysAgo(1)}`)).status,
  'blind27-players-date-error-statistics-code': async (call) => {
    const reply = await call(`/games/${crawled.id}/players?from=2026-13-01`);
    return [reply.status, reply.body.error?.code];
  },
  'blind27-raw-recorded-at-epoch-seconds': async (call) =>
    (await call(`/games/${crawled.id}/players?granularity=raw&${ONE_DAY}`)).body.data.map(
      (sample: { recorded_at: unknown }) => typeof sample.recorded_at,
    ),
  'blind27-players-today-in-last-activity-zone': async (call) => {
    await call(`/games/${crawled.id}/activity-pattern?${ONE_DAY}&timezone=Pacific/Kiritimati`);
    return (await call(`/games/${crawled.id}/players`)).body.meta;
  },
  'blind27-statistics-activity-90-day-cap': async (call) => {
    const reply = await call(`/games/${crawled.id}/statistics?from=${daysAgo(120)}&to=${daysAgo(1)}`);
    return [reply.status, reply.body.data?.length ?? reply.body.error?.code];
  },
  'blind27-statistics-sparse-average-null': async (call) =>
    (await call(`/games/${crawled.id}/statistics?${ONE_DAY}&resolution=hourly`)).body.data.map(
      (point: { average: number | null }) => point.average,
    ),
  'blind27-activity-zone-ignored-by-hour-buckets': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern?${ONE_DAY}&timezone=Asia/Tokyo`)).body.data.map(
      (cell: { count: number }) => cell.count,
    ),
  'blind27-review-dates-floored-to-crawl-slot': async (call) => [
    (await call(`/reviews/${offSlotReview.id}`)).body.data.dates.submitted,
    (await call('/reviews?per_page=50')).body.data.map(
      (review: { dates: { submitted: string } }) => review.dates.submitted,
    ),
  ],
  'blind27-review-body-emphasis-stripped': async (call) =>
    (await call(`/reviews/${boldReview.id}`)).body.data.body,
  'blind27-quoted-bearer-token-accepted': async (call) =>
    (await call('/tags', { authorization: `Bearer "${KEYS.high.key}"` })).status,
  'blind27-gone-without-request-id': async (call) => {
    // The retired endpoint at the origin's root, without a key (as a legacy client asks it).
    const reply = await readReply(await request(`${new URL(baseUrlOf(call)).origin}/json.php`));
    return [reply.status, typeof reply.body?.request_id];
  },
  'blind27-statistics-other-methods-served': async (call) => [
    (await call(`/games/${crawled.id}/statistics`, { method: 'POST' })).status,
    (await call(`/games/${crawled.id}/activity-pattern`, { method: 'DELETE' })).status,
  ],
  'blind27-other-methods-counted-twice': async (call) => {
    const first = await remainingOf(call, '/tags');
    const refused = await remainingOf(call, '/tags', 'DELETE');
    const after = await remainingOf(call, '/tags');
    return [first - refused, refused - after];
  },
  'blind27-429-request-id-of-last-admitted': async (call) => {
    const fifth = await sendTimes(call, KEYS.low.per_minute, KEYS.low);
    const refused = await call('/tags', { key: KEYS.low });
    return [
      refused.status,
      refused.headers['x-request-id'] === fifth.headers['x-request-id'],
      refused.body.request_id === fifth.headers['x-request-id'],
    ];
  },
  'blind27-remaining-day-from-default-plan': async (call) => [
    (await call('/tags')).headers['x-ratelimit-remaining'],
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-remaining'],
  ],
};

describe('blind fault set 27', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind27', 20, BLIND_FAULTS_27, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_27, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: the empty parameter kept in the links; a digit term searched as sent.
    expect(await WITNESSES['blind27-links-drop-empty-params'](call)).toEqual([
      '/games?q=&per_page=5&page=1',
      '/games?q=&per_page=5&page=2',
    ]);
    expect(holding256.length).toBeGreaterThan(0);
    expect(holding256.length).toBeLessThan(active.length);
    expect(await WITNESSES['blind27-q-letters-only-terms'](call)).toBe(holding256.length);

    // Representations: the detail's links with a query; the listing's own update.
    expect(await WITNESSES['blind27-detail-links-from-request-url'](call)).toEqual([
      `/games/${crawled.id}/mssp`,
      `/games/${crawled.id}/players`,
    ]);
    expect((await call(`/games/${crawled.id}/mssp?ref=feed`)).status).toBe(200);
    expect(await WITNESSES['blind27-updated-bumped-by-review'](call)).toBe(
      formatUtcTimestamp(reviewedAfterUpdate.updated),
    );

    // MSSP and player history.
    const collectedAt = formatUtcTimestamp(snapshotGame.msspCollectedAt!);
    expect(await WITNESSES['blind27-mssp-collected-at-day-floored'](call)).toBe(collectedAt);
    expect((await call(`/games/${snapshotGame.id}`)).body.data.status.mssp_collected_at).toBe(collectedAt);
    expect(await WITNESSES['blind27-players-raw-span-from-statistics'](call)).toBe(200);
    expect(await WITNESSES['blind27-players-date-error-statistics-code'](call)).toEqual([
      422,
      'invalid_date_range',
    ]);
    const kinds = (await WITNESSES['blind27-raw-recorded-at-epoch-seconds'](call)) as string[];
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['string']));
    expect(await WITNESSES['blind27-players-today-in-last-activity-zone'](call)).toEqual({
      game_id: crawled.id,
      granularity: 'daily',
      from: daysAgo(29),
      to: TODAY,
    });

    // Statistics and activity pattern.
    expect(await WITNESSES['blind27-statistics-activity-90-day-cap'](call)).toEqual([200, 120]);
    const averages = (await WITNESSES['blind27-statistics-sparse-average-null'](call)) as unknown[];
    expect(averages).toHaveLength(24);
    expect(averages.every((average) => typeof average === 'number')).toBe(true);
    const tokyo = (await WITNESSES['blind27-activity-zone-ignored-by-hour-buckets'](call)) as number[];
    const utc = (await call(`/games/${crawled.id}/activity-pattern?${ONE_DAY}`)).body.data.map(
      (cell: { count: number }) => cell.count,
    );
    expect(tokyo).toHaveLength(168);
    expect(tokyo).not.toEqual(utc);

    // Reviews: the seconds kept; the Markdown emphasis kept.
    const [submitted] = (await WITNESSES['blind27-review-dates-floored-to-crawl-slot'](call)) as [string];
    expect(submitted).toBe(formatUtcTimestamp(offSlotReview.submitted));
    expect(await WITNESSES['blind27-review-body-emphasis-stripped'](call)).toBe(boldReview.body);

    // Authentication, the legacy endpoint, methods, limits, request ids.
    expect(await WITNESSES['blind27-quoted-bearer-token-accepted'](call)).toBe(401);
    expect(await WITNESSES['blind27-gone-without-request-id'](call)).toEqual([410, 'string']);
    expect(await WITNESSES['blind27-statistics-other-methods-served'](call)).toEqual([405, 405]);
    expect(await WITNESSES['blind27-other-methods-counted-twice'](call)).toEqual([1, 1]);
    expect(await WITNESSES['blind27-429-request-id-of-last-admitted'](call)).toEqual([429, false, false]);
    // On a fresh server: the first request of each key.
    expect(await WITNESSES['blind27-remaining-day-from-default-plan'](await start([]))).toEqual([
      '999999',
      '2',
    ]);
  });
});

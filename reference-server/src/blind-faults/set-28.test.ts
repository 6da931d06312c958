/**
 * Witnesses of blind fault set 28 (set-28.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import {
  TODAY,
  active,
  clockOf,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_28, type BlindFault28Name } from './set-28.ts';

const KEYS = witnessKeys('blind28');

/** An active game crawled since before 2024 and still crawled, with statistics ready. */
const crawled = statisticsGame(1100, 3);
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** A listed review submitted in a leap year from 29 February on. */
const leapReview = pick(
  dataset.reviews.filter((review) => {
    const at = new Date(review.submitted * 1000);
    const year = at.getUTCFullYear();
    return active.some((game) => game.id === review.gameId) && isLeapYear(year) && at.getUTCMonth() >= 2;
  }),
  'review submitted in a leap year after February',
);
/** An active game whose snapshot reports a four-digit CREATED year. */
const createdGame = pick(
  active.filter((game) => /^\d{4}$/.test(game.msspRaw?.CREATED ?? '')),
  'game whose snapshot reports CREATED',
);
/** The active games updated in the last 30 days. */
const updatedIn30Days = active.filter(
  (game) => game.updated >= Date.UTC(2026, 10, 22, 12) / 1000 - 30 * 86_400,
);

const ONE_DAY = `from=${daysAgo(1)}&to=${daysAgo(1)}`;
const players = (query: string) => `/games/${crawled.id}/players?${query}`;
const statistics = (query: string) => `/games/${crawled.id}/statistics?${query}`;
const pattern = (query: string) => `/games/${crawled.id}/activity-pattern?${query}`;
const statusOf = async (call: Call, path: string) => (await call(path)).status;
const counts = async (call: Call, path: string) =>
  (await call(path)).body.data.map((cell: { count: number }) => cell.count);

async function allIds(call: Call, query: string): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const reply = await call(`/games?${query}&per_page=50&page=${page}`);
    found.push(...ids(reply));
    if (reply.body.links.next === undefined) return found;
  }
}

const WITNESSES: Record<BlindFault28Name, Observe> = {
  'blind28-recently-updated-window-hours': async (call) =>
    (await call('/games?recently_updated=1&per_page=1')).body.meta.total,
  'blind28-newest-listed-day-only': async (call) => allIds(call, 'sort=newest'),
  'blind28-review-dates-leap-year-day-late': async (call) =>
    (await call(`/reviews/${leapReview.id}`)).body.data.dates.submitted,
  'blind28-mssp-created-year-as-timestamp': async (call) =>
    (await call(`/games/${createdGame.id}/mssp`)).body.data.values.created,
  'blind28-players-century-leap-day-accepted': async (call) =>
    statusOf(call, players('from=2100-02-28&to=2100-02-29')),
  'blind28-daily-stops-at-month-end': async (call) =>
    (await call(players('from=2026-10-20&to=2026-11-05'))).body.data.map(
      (sample: { recorded_at: string }) => sample.recorded_at,
    ),
  'blind28-raw-midnight-as-24-00': async (call) =>
    (await call(players(`granularity=raw&${ONE_DAY}`))).body.data[0]?.recorded_at,
  'blind28-raw-span-counted-in-berlin-hours': async (call) =>
    statusOf(call, players('granularity=raw&from=2026-01-01&to=2026-04-01')),
  'blind28-default-from-borrows-wrong-month': async (call) =>
    (await call(players('to=2026-03-10'))).body.meta,
  'blind28-stats-monthly-30-day-buckets': async (call) =>
    (await call(statistics('from=2025-01-01&to=2025-12-31&resolution=monthly'))).body.data?.map(
      (point: { date: number }) => point.date,
    ),
  'blind28-stats-hourly-keyed-by-hour-of-day': async (call) =>
    (await call(statistics(`from=${daysAgo(2)}&to=${daysAgo(1)}&resolution=hourly`))).body.data.map(
      (point: { count: number }) => point.count,
    ),
  'blind28-stats-2000-leap-day-refused': async (call) =>
    statusOf(call, statistics('from=2000-02-29&to=2000-03-01')),
  'blind28-stats-order-check-ignores-year': async (call) =>
    statusOf(call, statistics('from=2025-12-20&to=2026-01-10')),
  'blind28-activity-hour-counted-from-local-midnight': async (call) =>
    counts(call, pattern('from=2026-10-25&to=2026-10-25&timezone=Europe/Berlin')),
  'blind28-activity-span-in-zone-hours': async (call) =>
    statusOf(call, pattern('from=2026-08-25&to=2026-11-22&timezone=Europe/Berlin')),
  'blind28-activity-span-as-three-months': async (call) => [
    await statusOf(call, pattern('from=2026-07-01&to=2026-09-30')),
    await statusOf(call, pattern('from=2026-02-01&to=2026-05-01')),
  ],
  'blind28-activity-offset-applied-twice': async (call) =>
    counts(call, pattern(`${ONE_DAY}&timezone=Asia/Tokyo`)),
  'blind28-activity-default-to-in-zone': async (call) =>
    (await call(pattern('timezone=Pacific/Kiritimati'))).body.meta,
  'blind28-day-reset-month-index-one-based': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-reset'],
  'blind28-retry-after-fractional-seconds': async (call) => {
    clockOf(call).advance(30_400);
    let reply = await call('/tags', { key: KEYS.low });
    for (let i = 0; i < KEYS.low.per_minute; i++) reply = await call('/tags', { key: KEYS.low });
    return [reply.status, reply.headers['retry-after']];
  },
};

describe('blind fault set 28', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind28', 20, BLIND_FAULTS_28, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_28, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: the 30-day window; newest listed first.
    expect(await WITNESSES['blind28-recently-updated-window-hours'](call)).toBe(updatedIn30Days.length);
    const newest = (await WITNESSES['blind28-newest-listed-day-only'](call)) as number[];
    const listed = newest.map((id) => dataset.games.find((game) => game.id === id)!.listed);
    expect(newest).toHaveLength(active.length);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));

    // Reviews and MSSP: the leap-year time as stored; the CREATED year as a number.
    expect(await WITNESSES['blind28-review-dates-leap-year-day-late'](call)).toBe(
      formatUtcTimestamp(leapReview.submitted),
    );
    expect(await WITNESSES['blind28-mssp-created-year-as-timestamp'](call)).toBe(
      Number(createdGame.msspRaw!.CREATED),
    );

    // Player history.
    expect(await WITNESSES['blind28-players-century-leap-day-accepted'](call)).toBe(422);
    expect(await statusOf(call, players('from=2000-02-28&to=2000-02-29'))).toBe(200);
    const days = (await WITNESSES['blind28-daily-stops-at-month-end'](call)) as string[];
    expect(days[0]).toBe('2026-10-20T00:00:00Z');
    expect(days.at(-1)).toBe('2026-11-05T00:00:00Z');
    expect(await WITNESSES['blind28-raw-midnight-as-24-00'](call)).toBe(`${daysAgo(1)}T00:00:00Z`);
    expect(await WITNESSES['blind28-raw-span-counted-in-berlin-hours'](call)).toBe(422);
    expect(await statusOf(call, players('granularity=raw&from=2026-01-01&to=2026-03-31'))).toBe(200);
    expect(await WITNESSES['blind28-default-from-borrows-wrong-month'](call)).toEqual({
      game_id: crawled.id,
      granularity: 'daily',
      from: '2026-02-09',
      to: '2026-03-10',
    });

    // Statistics.
    const months = (await WITNESSES['blind28-stats-monthly-30-day-buckets'](call)) as number[];
    expect(months).toEqual(Array.from({ length: 12 }, (_, month) => Date.UTC(2025, month, 1) / 1000));
    const hourly = (await WITNESSES['blind28-stats-hourly-keyed-by-hour-of-day'](call)) as number[];
    expect(hourly).toHaveLength(48);
    expect(new Set(hourly)).toEqual(new Set([2]));
    expect(await WITNESSES['blind28-stats-2000-leap-day-refused'](call)).toBe(200);
    expect(await WITNESSES['blind28-stats-order-check-ignores-year'](call)).toBe(200);

    // Activity pattern.
    const berlin = (await WITNESSES['blind28-activity-hour-counted-from-local-midnight'](call)) as number[];
    expect(berlin).toHaveLength(168);
    // The UTC day 2026-10-25 starts at 02:00 of that Sunday in Europe/Berlin, whose 02:00 comes twice (25 hours).
    expect(berlin.slice(6 * 24, 7 * 24)).toEqual([0, 0, 4, ...Array<number>(21).fill(2)]);
    expect(await WITNESSES['blind28-activity-span-in-zone-hours'](call)).toBe(200);
    expect(await WITNESSES['blind28-activity-span-as-three-months'](call)).toEqual([422, 200]);
    const tokyo = (await WITNESSES['blind28-activity-offset-applied-twice'](call)) as number[];
    // The day before the anchor (a Saturday) in UTC is 09:00 Saturday to 08:59 Sunday in Tokyo.
    expect(tokyo.slice(5 * 24 + 9, 6 * 24)).toEqual(Array<number>(15).fill(2));
    expect(tokyo.slice(6 * 24, 6 * 24 + 9)).toEqual(Array<number>(9).fill(2));
    expect(await WITNESSES['blind28-activity-default-to-in-zone'](call)).toEqual({
      game_id: crawled.id,
      timezone: 'Pacific/Kiritimati',
      from: daysAgo(29),
      to: TODAY,
    });

    // Rate limits: the next UTC midnight; whole seconds.
    expect(await WITNESSES['blind28-day-reset-month-index-one-based'](call)).toBe(
      String(Date.UTC(2026, 10, 23) / 1000),
    );
    expect(await WITNESSES['blind28-retry-after-fractional-seconds'](call)).toEqual([429, '30']);
  });
});

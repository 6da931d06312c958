/**
 * Witnesses of blind fault set 16 (set-16.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw, bytes included (a faulty server breaks the
 * spec). The servers run in-process on the shared small test dataset with a hand-moved clock
 * that starts at 2026-11-22T12:00:00Z (a Sunday) and stays there unless a witness moves it (only
 * the Retry-After witness does, 30 seconds into the minute); every request of a server is sent on
 * one kept-alive connection, and each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
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
  type Reply,
  statisticsGame,
  clockOf,
  witnessServers,
  sendRaw,
  type RawCallOptions,
  type Json,
  reviewsOf,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_16, type BlindFault16Name } from './set-16.ts';

const KEYS = witnessKeys('blind16');

const gameOf = (id: number) => dataset.games.find((game) => game.id === id)!;
/** A game crawled all through the last two months (Oct 31 included). */
const crawled = crawledAllWeek(60);
/** An active game with an MSSP snapshot. */
const withSnapshot = pick(
  active.filter((game) => !game.webOnly && game.msspRaw !== null && game.msspCollectedAt !== null),
  'active game with an MSSP snapshot',
);
/** An active game last reached before 10:00 UTC of its day. */
const earlyConnect = pick(
  active.filter((game) => {
    const connect = game.webOnly ? null : lastSuccessfulConnect(game, ANCHOR_SECONDS);
    return connect !== null && Math.floor((connect % DAY) / 3600) < 10;
  }),
  'active game last reached before 10:00 UTC',
);
/** A game with statistics, crawled all through the last weeks. */
const steady = statisticsGame(30, 15);
const yesterday = daysAgo(1);
const rawDay = `/games/${steady.id}/statistics?metric=players&resolution=raw&from=${yesterday}&to=${yesterday}`;
/** Two whole weeks before today: every weekday twice, four samples an hour cell. */
const twoWeeks = `from=${daysAgo(14)}&to=${daysAgo(1)}`;
/** The three days around the end of October. */
const monthEnd = `/games/${crawled.id}/players?granularity=raw&from=2026-10-30&to=2026-11-01`;
/** Two theme ids carried by active games. */
const themes = dataset.taxonomy.groups
  .find((group) => group.key === 'theme')!
  .values.map((tag) => tag.id)
  .filter((id) => active.some((game) => game.categories.theme === id))
  .slice(0, 2);
const themed = `/games?theme_tag_id[]=${themes[0]}&theme_tag_id[]=${themes[1]}&per_page=2`;

const WITNESSES: Record<BlindFault16Name, Observe> = {
  'blind16-q-stop-words-dropped': async (call) => (await call('/games?q=your&per_page=1')).body.meta.total,
  'blind16-most-reviewed-by-latest-review': async (call) =>
    ids(await call('/games?sort=most_reviewed&per_page=5')),
  'blind16-links-tag-ids-indexed': async (call) => (await call(themed)).body.links,
  'blind16-reviews-lookahead-row-kept': async (call) => ids(await call('/reviews?per_page=5')),
  'blind16-reviews-sorted-by-us-date-text': async (call) => ids(await call('/reviews?per_page=10')),
  'blind16-mssp-collected-at-month-zero-based': async (call) =>
    (await call(`/games/${withSnapshot.id}`)).body.data.status.mssp_collected_at,
  'blind16-last-connect-hour-unpadded': async (call) =>
    (await call(`/games/${earlyConnect.id}`)).body.data.status.last_successful_connect,
  'blind16-detail-304-if-modified-since': async (call) =>
    (
      await call(`/games/${withSnapshot.id}`, {
        headers: { 'if-modified-since': new Date(ANCHOR_SECONDS * 1000).toUTCString() },
      })
    ).status,
  'blind16-non-numeric-game-id-422': async (call) => {
    const reply = await call('/games/abc');
    return [reply.status, reply.body.error.code];
  },
  'blind16-tags-body-bom': async (call) => [...(await sendRaw(call, '/tags')).bytes.subarray(0, 3)],
  'blind16-mssp-raw-keys-kept': async (call) =>
    Object.keys((await call(`/games/${withSnapshot.id}/mssp`)).body.data.values).sort(),
  'blind16-raw-month-last-day-missing': async (call) => (await call(monthEnd)).body.data.length,
  'blind16-daily-samples-carry-stats-fields': async (call) =>
    Object.keys((await call(`/games/${crawled.id}/players`)).body.data[0]).sort(),
  'blind16-stats-raw-served-hourly': async (call) => (await call(rawDay)).body.data.length,
  'blind16-activity-average-is-median': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern?${twoWeeks}`)).body.data,
  'blind16-post-malformed-json-500': async (call) =>
    (
      await sendRaw(call, '/tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":',
      })
    ).status,
  'blind16-request-id-per-connection': async (call) => {
    const first = await call('/tags');
    const second = await call('/tags');
    return first.headers['x-request-id'] === second.headers['x-request-id'];
  },
  'blind16-retry-after-on-every-response': async (call) => (await call('/tags')).headers['retry-after'],
  'blind16-retry-after-full-window': async (call) => {
    clockOf(call).advance(30_000);
    let last: Reply | undefined;
    for (let i = 0; i < 6; i++) last = await call('/tags', { key: KEYS.low });
    return [last!.status, last!.headers['retry-after']];
  },
  'blind16-limits-keyed-by-authorization-text': async (call) => {
    for (let i = 0; i < 5; i++) await call('/tags', { key: KEYS.low });
    return (await call('/tags', { authorization: `bearer ${KEYS.low.key}` })).status;
  },
};

describe('blind fault set 16', () => {
  const start = witnessServers(Object.values(KEYS), { oneConnection: true });

  itCatalogues('blind16', 20, BLIND_FAULTS_16, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const raw = (path: string, options?: RawCallOptions) => sendRaw(call, path, options);

    // Every term must occur: `your` is in 9 active games' texts, not in all 275.
    const holding = active.filter((game) =>
      [game.name, game.intro, game.description].some((text) => text.toLowerCase().includes('your')),
    );
    expect(holding.length).toBeGreaterThan(0);
    expect(holding.length).toBeLessThan(active.length);
    expect((await call('/games?q=your&per_page=1')).body.meta.total).toBe(holding.length);

    // most_reviewed: by review count, the most reviewed first.
    const mostReviewed = ids(await call('/games?sort=most_reviewed&per_page=5'));
    const counts = mostReviewed.map((id) => reviewsOf(id).length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(Math.max(...active.map((game) => reviewsOf(game.id).length)));

    // The links keep the bracketed tag parameters as sent.
    const links = (await call(themed)).body.links as Record<string, string>;
    expect(links.next).toBeDefined();
    for (const link of Object.values(links)) {
      expect(new URL(link).searchParams.getAll('theme_tag_id[]')).toEqual(themes.map(String));
    }

    // GET /reviews: per_page reviews a page, newest first.
    const reviewPage = await call('/reviews?per_page=5');
    expect([ids(reviewPage).length, 'next' in reviewPage.body.links]).toEqual([5, true]);
    const newest = (await call('/reviews?per_page=10')).body.data as Array<{ dates: { submitted: string } }>;
    const submitted = newest.map((review) => review.dates.submitted);
    expect(submitted).toEqual([...submitted].sort().reverse());
    const years = new Set(
      dataset.reviews.map((review) => new Date(review.submitted * 1000).getUTCFullYear()),
    );
    expect(years.size).toBeGreaterThan(1);

    // status.mssp_collected_at names the snapshot's time, as the MSSP endpoint does.
    const detail = (await call(`/games/${withSnapshot.id}`)).body.data;
    const mssp = (await call(`/games/${withSnapshot.id}/mssp`)).body.data;
    expect(detail.status.mssp_collected_at).toBe(mssp.collected_at);

    // A last connect before 10:00 UTC, written with a two-digit hour.
    const early = (await call(`/games/${earlyConnect.id}`)).body.data.status.last_successful_connect;
    expect(early).toMatch(/^\d{4}-\d{2}-\d{2}T0\d:\d{2}:\d{2}Z$/);

    // A conditional GET of a detail is still 200 with the detail.
    const conditional = await call(`/games/${withSnapshot.id}`, {
      headers: { 'if-modified-since': new Date(ANCHOR_SECONDS * 1000).toUTCString() },
    });
    expect([conditional.status, conditional.body.data.id]).toEqual([200, withSnapshot.id]);
    expect(gameOf(withSnapshot.id).updated).toBeLessThanOrEqual(ANCHOR_SECONDS);

    const notNumeric = await call('/games/abc');
    expect(notNumeric.status).toBe(404);

    // GET /tags: JSON from its first byte.
    const tags = await raw('/tags');
    expect(tags.bytes[0]).toBe('{'.charCodeAt(0));

    // MSSP values: normalized keys only (lower case, no spaces).
    const keys = Object.keys(mssp.values);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !/^[a-z0-9_]+$/.test(key))).toEqual([]);

    // Raw samples of 2026-10-31 are served.
    const samples = (await call(monthEnd)).body.data as Array<{ recorded_at: string }>;
    expect(samples.filter((sample) => sample.recorded_at.startsWith('2026-10-31')).length).toBeGreaterThan(0);

    // Daily samples: recorded_at and players only.
    const daily = (await call(`/games/${crawled.id}/players`)).body.data as Json[];
    expect(daily.length).toBeGreaterThan(0);
    for (const sample of daily) expect(Object.keys(sample).sort()).toEqual(['players', 'recorded_at']);

    // Raw statistics of one day: one point per crawl (every 30 minutes).
    const rawPoints = (await call(rawDay)).body.data as Array<{ count: number }>;
    expect(rawPoints.length).toBe(48);
    expect(rawPoints.every((point) => point.count === 1)).toBe(true);

    // Activity cells over two whole weeks: the mean of their four samples.
    const cells = (await call(`/games/${crawled.id}/activity-pattern?${twoWeeks}`)).body.data as Array<{
      weekday: number;
      hour: number;
      count: number;
      average: number | null;
    }>;
    const history = (await call(`/games/${crawled.id}/players?granularity=raw&${twoWeeks}`)).body
      .data as Array<{ recorded_at: string; players: number }>;
    const seen = new Map<string, number[]>();
    for (const sample of history) {
      const at = new Date(sample.recorded_at);
      const key = `${((at.getUTCDay() + 6) % 7) + 1}/${at.getUTCHours()}`;
      seen.set(key, [...(seen.get(key) ?? []), sample.players]);
    }
    let skewed = 0;
    for (const cell of cells) {
      const players = seen.get(`${cell.weekday}/${cell.hour}`)!;
      const mean = players.reduce((sum, n) => sum + n, 0) / players.length;
      expect(cell.average).toBeCloseTo(mean, 2);
      const sorted = [...players].sort((a, b) => a - b);
      const median = (sorted[1]! + sorted[2]!) / 2;
      if (Math.abs(median - mean) > 0.01) skewed++;
    }
    expect(skewed).toBeGreaterThan(0);

    // A POST with a malformed JSON body: 405 with Allow: GET.
    const posted = await raw('/tags', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect([posted.status, posted.headers.allow, posted.body.error.code]).toEqual([
      405,
      'GET',
      'method_not_allowed',
    ]);

    // Two requests on one connection: two request ids; no Retry-After on a 200.
    const first = await call('/tags');
    const second = await call('/tags');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.headers['retry-after']).toBeUndefined();

    // The low-limit key (5/min) refused 30 seconds into the minute: Retry-After 30 (the minute's end).
    clockOf(call).advance(30_000);
    const statuses: number[] = [];
    let refused: Reply | undefined;
    for (let i = 0; i < 6; i++) {
      refused = await call('/tags', { key: KEYS.low });
      statuses.push(refused.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused!.headers['retry-after']).toBe('30');
    expect(Number(refused!.headers['x-ratelimit-reset'])).toBe(ANCHOR_SECONDS + 60);

    // The same key spelled `bearer` is the same key: still refused within the minute.
    const respelled = await call('/tags', { authorization: `bearer ${KEYS.low.key}` });
    expect([respelled.status, respelled.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(TODAY).toBe('2026-11-22');
  });

  itWitnessesEach(BLIND_FAULTS_16, WITNESSES, start);
});

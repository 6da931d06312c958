/**
 * Witnesses of blind fault set 29 (set-29.ts): for every blind fault, one request (or a few) of
 * hostile or odd input whose answer differs between a server with that fault on and the faultless
 * server, in status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts at
 * 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import {
  active,
  daysAgo,
  dataset,
  itCatalogues,
  itWitnessesEach,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_29, type BlindFault29Name } from './set-29.ts';

const KEYS = witnessKeys('blind29');

/** An active game that is not web-only (its player history and MSSP answer 200). */
const game = active.find((g) => !g.webOnly)!;
/** An active game with statistics ready, crawled for a month at least. */
const statsGame = statisticsGame(30);
/** A review of the dataset with id 10 (the number `1e1`, `0xA` and `10.0` spell). */
const review10 = dataset.reviews.find((review) => review.id === 10);

const ONE_DAY = `from=${daysAgo(1)}&to=${daysAgo(1)}`;
const players = (query: string) => `/games/${game.id}/players?${query}`;
const statusOf = async (call: Call, path: string) => (await call(path)).status;
const total = async (call: Call, path: string) => {
  const reply = await call(path);
  return [reply.status, reply.body?.meta?.total];
};

/** The first value of the theme group of GET /tags. */
async function themeTagId(call: Call): Promise<number> {
  const groups = (await call('/tags')).body.data as Array<{ name: string; values: Array<{ id: number }> }>;
  return groups.find((group) => group.name === 'Theme')!.values[0]!.id;
}

const WITNESSES: Record<BlindFault29Name, Observe> = {
  'blind29-q-term-compiled-as-regexp': async (call) => total(call, '/games?q=(beta&per_page=1'),
  'blind29-sort-inherited-name-500': async (call) => statusOf(call, '/games?sort=constructor&per_page=1'),
  'blind29-flag-read-by-number': async (call) => total(call, '/games?has_reviews=0x1&per_page=1'),
  'blind29-tag-id-parseint': async (call) =>
    total(call, `/games?theme_tag_id[]=${await themeTagId(call)}abc&per_page=1`),
  'blind29-query-semicolon-separator': async (call) => total(call, '/games?q=dragon;zz&per_page=1'),
  'blind29-query-decoded-strictly-500': async (call) => total(call, '/games?q=100%&per_page=1'),
  'blind29-review-id-read-by-number': async (call) => {
    const reply = await call('/reviews/1e1');
    return [reply.status, reply.body?.data?.id];
  },
  'blind29-granularity-tidied': async (call) => {
    const reply = await call(players(`granularity=RAW&${ONE_DAY}`));
    return [reply.status, reply.body?.meta?.granularity];
  },
  'blind29-players-year-below-100-as-1900s': async (call) =>
    (await call(players('from=0001-01-01&to=0001-01-10'))).body.meta,
  'blind29-date-error-body-templated': async (call) => {
    const reply = await call(players('from=2026-11-01%22'));
    return [reply.status, reply.body?.error?.code ?? 'not JSON'];
  },
  'blind29-stats-date-pattern-unanchored': async (call) =>
    statusOf(call, `/games/${statsGame.id}/statistics?from=${daysAgo(2)}x&to=${daysAgo(1)}`),
  'blind29-key-lookup-sql-injection': async (call) =>
    (await call('/tags', { authorization: "Bearer x'OR'1'='1" })).status,
  'blind29-token-percent-decoded': async (call) => {
    const reply = await call('/tags', { authorization: 'Bearer %zz' });
    return [reply.status, reply.body?.error?.code];
  },
  'blind29-scanner-filter-before-accounting': async (call) => {
    const keyed = await call('/games/%3Cscript%3E');
    const anonymous = await call('/games/%3Cscript%3E', { key: null });
    return [keyed.status, keyed.headers['x-ratelimit-limit'], anonymous.status];
  },
  'blind29-trace-echoed': async (call) => {
    const reply = await call('/tags', { method: 'TRACE' });
    return [reply.status, reply.headers.allow, reply.body?.error?.code];
  },
  'blind29-encoded-slash-decoded': async (call) => (await call(`/games/${game.id}%2Fmssp`)).status,
};

describe('blind fault set 29', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind29', 12, BLIND_FAULTS_29, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_29, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    expect(review10).toBeDefined();

    // GET /games: terms searched as written; an unknown sort falls back; only `1` is a flag; tag ids
    // are integers; `;` is no separator; a broken escape is text.
    expect(await WITNESSES['blind29-q-term-compiled-as-regexp'](call)).toEqual([200, 0]);
    expect(await WITNESSES['blind29-sort-inherited-name-500'](call)).toBe(200);
    const lastUpdated = (await call('/games?per_page=5')).body.data.map((g: { id: number }) => g.id);
    for (const sort of ['constructor', 'toString', '__proto__', 'valueOf']) {
      const reply = await call(`/games?sort=${sort}&per_page=5`);
      expect(reply.status).toBe(200);
      expect(reply.body.data.map((g: { id: number }) => g.id)).toEqual(lastUpdated);
    }
    expect(((await WITNESSES['blind29-flag-read-by-number'](call)) as unknown[])[0]).toBe(422);
    expect((await call('/games?has_reviews=0x1')).body.error.code).toBe('invalid_filter');
    expect((await call('/games?has_reviews=1e0')).body.error.code).toBe('invalid_filter');
    const tag = await themeTagId(call);
    expect(((await WITNESSES['blind29-tag-id-parseint'](call)) as unknown[])[0]).toBe(422);
    expect((await call(`/games?theme_tag_id[]=${tag}abc`)).body.error.code).toBe('invalid_filter');
    expect((await total(call, `/games?theme_tag_id[]=${tag}&per_page=1`))[1]).toBeGreaterThan(0);
    expect(await WITNESSES['blind29-query-semicolon-separator'](call)).toEqual([200, 0]);
    expect((await total(call, '/games?q=dragon&per_page=1'))[1]).toBeGreaterThan(0);
    expect(await WITNESSES['blind29-query-decoded-strictly-500'](call)).toEqual([200, 0]);

    // Reviews: only digits name a review.
    const [status] = (await WITNESSES['blind29-review-id-read-by-number'](call)) as [number];
    expect(status).toBe(404);
    expect((await call('/reviews/10')).body.data.id).toBe(10);

    // Player history and statistics.
    expect(await WITNESSES['blind29-granularity-tidied'](call)).toEqual([422, undefined]);
    expect((await call(players(`granularity=RAW&${ONE_DAY}`))).body.error.code).toBe('invalid_date_range');
    expect((await call(players(`granularity=raw&${ONE_DAY}`))).status).toBe(200);
    expect(await WITNESSES['blind29-players-year-below-100-as-1900s'](call)).toEqual({
      game_id: game.id,
      granularity: 'daily',
      from: '0001-01-01',
      to: '0001-01-10',
    });
    expect(await statusOf(call, players('from=0099-12-31&to=0100-01-01'))).toBe(200);
    expect(await WITNESSES['blind29-date-error-body-templated'](call)).toEqual([422, 'invalid_date_range']);
    expect((await call(players('from=2026-11-01%22'))).body.error.details.value).toBe('2026-11-01"');
    expect(await WITNESSES['blind29-stats-date-pattern-unanchored'](call)).toBe(422);
    expect((await call(`/games/${statsGame.id}/statistics?from=${daysAgo(2)}x`)).body.error.code).toBe(
      'invalid_statistics_query',
    );
    expect(
      await statusOf(call, `/games/${statsGame.id}/statistics?from=${daysAgo(2)}&to=${daysAgo(1)}`),
    ).toBe(200);

    // Authentication: odd tokens are invalid keys.
    expect(await WITNESSES['blind29-key-lookup-sql-injection'](call)).toBe(401);
    expect((await call('/tags', { authorization: "Bearer x'OR'1'='1" })).body.error.code).toBe(
      'invalid_api_key',
    );
    expect(await WITNESSES['blind29-token-percent-decoded'](call)).toEqual([401, 'invalid_api_key']);

    // Protocol: an unknown path is counted, TRACE is not allowed, `%2F` is no separator.
    expect(await WITNESSES['blind29-scanner-filter-before-accounting'](call)).toEqual([
      404,
      String(KEYS.high.per_minute),
      401,
    ]);
    expect(await WITNESSES['blind29-trace-echoed'](call)).toEqual([405, 'GET', 'method_not_allowed']);
    expect(await WITNESSES['blind29-encoded-slash-decoded'](call)).toBe(404);
    expect(await statusOf(call, `/games/${game.id}/mssp`)).toBe(200);
  });
});

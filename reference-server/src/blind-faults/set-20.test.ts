/**
 * Witnesses of blind fault set 20 (set-20.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers. Requests that must share a
 * kept-alive connection go through an undici Client of their own (one connection).
 */
import { Client } from 'undici';
import { describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  baseUrlOf,
  clockOf,
  crawledAllWeek,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  readReply,
  witnessKeys,
  type Call,
  type Observe,
  type Reply,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_20, type BlindFault20Name } from './set-20.ts';

const KEYS = witnessKeys('blind20');
const now = ANCHOR_SECONDS;
const HOUR = 3600;

const limit = (reply: Reply) => Number(reply.headers['x-ratelimit-limit']);
const contentType = (reply: Reply) => String(reply.headers['content-type'] ?? '');

/** Sends GETs of `path` with `key` over one kept-alive connection of its own; the replies in order. */
async function overOneConnection(call: Call, path: string, keys: ReadonlyArray<{ key: string }>) {
  const base = new URL(baseUrlOf(call));
  const client = new Client(base.origin, { pipelining: 1 });
  try {
    const replies: Reply[] = [];
    for (const key of keys) {
      replies.push(
        await readReply(
          await client.request({
            path: `${base.pathname}${path}`,
            method: 'GET',
            headers: { authorization: `Bearer ${key.key}` },
          }),
        ),
      );
    }
    return replies;
  } finally {
    await client.close();
  }
}

/** A GET /games query of bracketed tag ids (every value of the first groups) long enough to pass the 250-character key cut. */
function longTagQuery(): string {
  const parts = ['per_page=5'];
  for (const group of dataset.taxonomy.groups) {
    for (const value of group.values) parts.push(`${group.key}_tag_id[]=${value.id}`);
    if (parts.join('&').length > 260) break;
  }
  return parts.join('&');
}
const LONG = longTagQuery();
const allWeek = crawledAllWeek(400);
const midnightAfterAnchor = (Math.floor(now / DAY) + 1) * DAY * 1000;
/** A game that stopped answering: its last successful connect fixed in the past (set 19's `stopped`). */
const stopped = pick(
  active.filter((game) => {
    if (game.webOnly) return false;
    const connect = lastSuccessfulConnect(game, now);
    return connect !== null && now - connect > 3 * DAY && now - connect < 10 * DAY && game.crawlEnd !== null;
  }),
  'active game no longer answering',
);
const stoppedAt = lastSuccessfulConnect(stopped, now)!;
/** A minute before the stopped game leaves the 48-hour window, and a minute after. */
const leavingWindow = (stoppedAt + 48 * HOUR - 60) * 1000;
const leftWindow = (stoppedAt + 48 * HOUR + 60) * 1000;
/** An active game whose statistics ranges longer than 90 days are still being prepared. */
const pendingGame = pick(
  active.filter((game) => game.statisticsState === 'pending_long_ranges'),
  'active game with long statistics ranges pending',
);
/** An active game with a stored MSSP snapshot. */
const withSnapshot = pick(
  active.filter((game) => game.msspRaw !== null && game.msspCollectedAt !== null),
  'active game with an MSSP snapshot',
);
const review = dataset.reviews[0]!;

const totalsAcrossWindowEdge = async (call: Call) => {
  clockOf(call).set(leavingWindow);
  const before = (await call('/games?online_recently=1&per_page=1')).body.meta.total;
  clockOf(call).set(leftWindow);
  const after = (await call('/games?online_recently=1&per_page=1')).body.meta.total;
  return [before, after];
};

const WITNESSES: Record<BlindFault20Name, Observe> = {
  'blind20-cache-key-truncated-250': async (call) => {
    await call(`/games?${LONG}&page=1`);
    await call(`/games?${LONG}&page=1`);
    const second = await call(`/games?${LONG}&page=2`);
    return [second.body.meta.page, ids(second)];
  },
  'blind20-total-count-cached-five-minutes': totalsAcrossWindowEdge,
  'blind20-players-cached-across-midnight': async (call) => {
    clockOf(call).set(midnightAfterAnchor - 60_000);
    await call(`/games/${allWeek.id}/players`);
    clockOf(call).set(midnightAfterAnchor + 60_000);
    return (await call(`/games/${allWeek.id}/players`)).body.meta.to;
  },
  'blind20-list-status-hourly-snapshot': async (call) => {
    clockOf(call).set((now + 45 * 60) * 1000);
    const reply = await call('/games?per_page=50');
    return reply.body.data.map(
      (game: { status: { last_crawled: string | null } }) => game.status.last_crawled,
    );
  },
  'blind20-links-host-header-cache-poisoned': async (call) => {
    await call(`/games/${allWeek.id}`, { headers: { host: 'attacker.example' } });
    await call(`/games/${allWeek.id}`, { headers: { host: 'attacker.example' } });
    return new URL((await call(`/games/${allWeek.id}`)).body.data.urls.self).host;
  },
  'blind20-429-cached-for-url': async (call) => {
    for (let i = 0; i < 6; i++) await call('/tags', { key: KEYS.low });
    return (await call('/tags', { key: KEYS.high })).status;
  },
  'blind20-gzip-variant-cached-without-vary': async (call) => {
    await call(`/reviews/${review.id}`, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await call(`/reviews/${review.id}`);
    return [plain.headers['content-encoding'] ?? null, plain.body?.data?.id ?? null];
  },
  'blind20-other-methods-served-from-cache': async (call) => {
    await call('/tags');
    await call('/tags');
    return (await call('/tags', { method: 'POST' })).status;
  },
  'blind20-validation-before-authentication': async (call) =>
    (await call('/games?connection_type=bogus', { key: null })).status,
  'blind20-non-json-content-type-415': async (call) =>
    (await call('/tags', { headers: { 'content-type': 'text/plain' } })).status,
  'blind20-statistics-503-breaker-per-game': async (call) => {
    await call(`/games/${pendingGame.id}/statistics?from=${daysAgo(200)}&to=${TODAY}`);
    return (await call(`/games/${pendingGame.id}/statistics`)).status;
  },
  'blind20-limits-plan-memoised-per-connection': async (call) => {
    const [, low] = await overOneConnection(call, '/tags', [KEYS.high, KEYS.low]);
    return limit(low!);
  },
  'blind20-limits-split-over-two-instances': async (call) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/tags', { key: KEYS.low })).status);
    return statuses;
  },
  'blind20-day-count-read-from-lagging-replica': async (call) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('/tags', { key: KEYS.dayLimited })).status);
    return statuses;
  },
  'blind20-reviews-parsed-query-memo-mutated': async (call) => {
    await call('/reviews?page=3');
    return (await call('/reviews?page=3')).body.meta.page;
  },
  'blind20-unknown-method-token-bare-400': async (call) => (await call('/tags', { method: 'FOO' })).status,
  'blind20-broken-path-escape-400-html': async (call) => {
    const reply = await call('/games/%zz');
    return [reply.status, contentType(reply)];
  },
  'blind20-tags-range-206': async (call) => (await call('/tags', { headers: { range: 'bytes=0-9' } })).status,
  'blind20-mssp-text-plain-negotiated': async (call) =>
    contentType(await call(`/games/${withSnapshot.id}/mssp`, { headers: { accept: 'text/plain' } })),
  'blind20-double-slashes-merged': async (call) => (await call(`/games//${allWeek.id}`)).status,
};

describe('blind fault set 20', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind20', 20, BLIND_FAULTS_20, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_20, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const base = new URL(baseUrlOf(call));

    // A long URL's pages are its own, whatever was asked before within the second.
    expect(LONG.length).toBeGreaterThan(230);
    const first = await call(`/games?${LONG}&page=1`);
    await call(`/games?${LONG}&page=1`);
    const second = await call(`/games?${LONG}&page=2`);
    expect(second.body.meta.page).toBe(2);
    expect(ids(second)).toHaveLength(5);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);

    // Links name the server reached, whatever Host another request carried.
    await call(`/games/${allWeek.id}`, { headers: { host: 'attacker.example' } });
    await call(`/games/${allWeek.id}`, { headers: { host: 'attacker.example' } });
    expect(new URL((await call(`/games/${allWeek.id}`)).body.data.urls.self).host).toBe(base.host);

    // A compressed answer is never sent to a client that did not ask for it.
    await call(`/reviews/${review.id}`, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await call(`/reviews/${review.id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data.id).toBe(review.id);

    // Other methods are refused 405, cached GETs or not; an unknown method token too.
    await call('/tags');
    await call('/tags');
    const post = await call('/tags', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
    const foo = await call('/tags', { method: 'FOO' });
    expect(foo.status).toBe(405);
    expect(foo.body.error.code).toBe('method_not_allowed');

    // No key: 401 whatever the filters say.
    const keyless = await call('/games?connection_type=bogus', { key: null });
    expect(keyless.status).toBe(401);
    expect(keyless.body.error.code).toBe('authentication_required');

    // A GET with a text Content-Type, a Range header, or an Accept preferring text: the JSON, 200.
    const typed = await call('/tags', { headers: { 'content-type': 'text/plain' } });
    expect(typed.status).toBe(200);
    const ranged = await call('/tags', { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(200);
    expect(Array.isArray(ranged.body.data)).toBe(true);
    const msspText = await call(`/games/${withSnapshot.id}/mssp`, { headers: { accept: 'text/plain' } });
    expect(msspText.status).toBe(200);
    expect(contentType(msspText)).toMatch(/^application\/json/);
    expect(msspText.body.meta.status).toBe('available');

    // A broken escape in a path and a doubled slash: JSON 404s.
    const broken = await call('/games/%zz');
    expect(broken.status).toBe(404);
    expect(contentType(broken)).toMatch(/^application\/json/);
    const doubled = await call(`/games//${allWeek.id}`);
    expect(doubled.status).toBe(404);
    expect(doubled.body.error.code).toBe('route_not_found');

    // Statistics: a long range pending, the default range answered right after.
    const long = await call(`/games/${pendingGame.id}/statistics?from=${daysAgo(200)}&to=${TODAY}`);
    expect(long.status).toBe(503);
    expect(long.body.error.code).toBe('statistics_pending');
    expect((await call(`/games/${pendingGame.id}/statistics`)).status).toBe(200);

    // The same reviews page asked twice is that page twice.
    expect((await call('/reviews?page=3')).body.meta.page).toBe(3);
    expect((await call('/reviews?page=3')).body.meta.page).toBe(3);

    // Keys on one connection: each its own limit.
    const [high, low] = await overOneConnection(call, '/tags', [KEYS.high, KEYS.low]);
    expect(limit(high!)).toBe(KEYS.high.per_minute);
    expect(limit(low!)).toBe(KEYS.low.per_minute);

    // The low-limit key (one request spent above): four more admitted, the sixth of the minute refused,
    // and another key asking the same URL is admitted.
    const lowStatuses: number[] = [];
    for (let i = 0; i < 5; i++) lowStatuses.push((await call('/tags', { key: KEYS.low })).status);
    expect(lowStatuses).toEqual([200, 200, 200, 200, 429]);
    expect((await call('/tags', { key: KEYS.high })).status).toBe(200);

    // The day-limited key: three admitted, then refused within the same minute.
    const dayStatuses: number[] = [];
    for (let i = 0; i < 5; i++) dayStatuses.push((await call('/tags', { key: KEYS.dayLimited })).status);
    expect(dayStatuses).toEqual([200, 200, 200, 429, 429]);

    // 12:45Z: the list's status is the detail's (the 12:30 crawl).
    clockOf(call).set((now + 45 * 60) * 1000);
    const listed = await call('/games?per_page=50');
    const item = listed.body.data.find((game: { id: number }) => game.id === allWeek.id);
    const detail = (await call(`/games/${allWeek.id}`)).body.data;
    if (item !== undefined) expect(item.status).toEqual(detail.status);
    expect(detail.status.last_crawled).toBe(
      new Date((now + 30 * 60) * 1000).toISOString().slice(0, 19) + 'Z',
    );
    const crawls = listed.body.data.map(
      (game: { status: { last_crawled: string | null } }) => game.status.last_crawled,
    );
    expect(crawls).toContain(detail.status.last_crawled);

    // The 48-hour window's edge: the total counts the games reached within it at each moment.
    const [before, after] = await totalsAcrossWindowEdge(call);
    const reachedAt = (ms: number) =>
      active.filter((game) => {
        const at = ms / 1000;
        const connect = game.webOnly ? null : lastSuccessfulConnect(game, at);
        return connect !== null && connect >= at - 48 * HOUR;
      }).length;
    expect(before).toBe(reachedAt(leavingWindow));
    expect(after).toBe(reachedAt(leftWindow));
    expect(after).toBeLessThan(before);

    // Just after midnight, the default range ends on the new day.
    clockOf(call).set(midnightAfterAnchor - 60_000);
    expect((await call(`/games/${allWeek.id}/players`)).body.meta.to).toBe(TODAY);
    clockOf(call).set(midnightAfterAnchor + 60_000);
    expect((await call(`/games/${allWeek.id}/players`)).body.meta.to).toBe(
      new Date(midnightAfterAnchor).toISOString().slice(0, 10),
    );
  });
});

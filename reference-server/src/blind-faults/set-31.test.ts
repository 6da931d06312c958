/**
 * Witnesses of blind fault set 31 (set-31.ts): for every blind fault, a short sequence of requests (or
 * two concurrent ones) whose last answer differs between a server with that fault on and the
 * faultless server, in status, header or body. Responses are read raw (a faulty server breaks the
 * spec). The servers run in-process on the shared small test dataset with a hand-moved clock that
 * starts at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers, so every sequence starts
 * on a server that has answered nothing yet. The witness of the keep-alive fault sends all its
 * requests on one connection.
 */
import { describe, expect, it } from 'vitest';
import {
  active,
  clockOf,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  reviewsOf,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_31, type BlindFault31Name } from './set-31.ts';

const KEYS = witnessKeys('blind31');

/** Three active games that are not web-only (their details asked concurrently: two overlapping are enough). */
const CONCURRENT_GAMES = active.filter((g) => !g.webOnly).slice(0, 3);
/** A game without an MSSP snapshot, and an active one with. */
const withoutSnapshot = pick(
  dataset.games.filter((g) => g.msspRaw === null),
  'game without an MSSP snapshot',
);
const withSnapshot = pick(
  active.filter((g) => g.msspRaw !== null),
  'active game with an MSSP snapshot',
);
/** An active game with statistics ready, crawled for a month at least (players, statistics, activity pattern). */
const statsGame = statisticsGame(30);
/** An active game with several reviews. */
const reviewed = pick(
  active.filter((g) => reviewsOf(g.id).length >= 3),
  'active game with three reviews or more',
);
/** A theme tag id carried by some active game. */
const themeTag = pick(
  dataset.taxonomy.groups
    .find((group) => group.key === 'theme')!
    .values.filter((tag) => active.some((g) => g.categories.theme === tag.id)),
  'theme tag of an active game',
);

const PLAYERS = `/games/${statsGame.id}/players`;
const RAW = `${PLAYERS}?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(1)}`;
const DAILY = `${PLAYERS}?from=${daysAgo(5)}&to=${daysAgo(1)}`;
const STATISTICS = `/games/${statsGame.id}/statistics?from=${daysAgo(10)}`;
const ACTIVITY = `/games/${statsGame.id}/activity-pattern?from=${daysAgo(10)}&to=${daysAgo(1)}`;

const counted = (reply: { body: { data: Array<{ count: number }> } }) =>
  reply.body.data.reduce((sum, cell) => sum + cell.count, 0);
const recordedAt = (reply: { body: { data: Array<{ recorded_at: string }> } }) =>
  reply.body.data.map((sample) => sample.recorded_at);
const retryAfterOfSpent = async (call: Call, key: (typeof KEYS)['low'], times: number) => {
  let last;
  for (let i = 0; i < times; i++) last = await call('/tags', { key });
  return [last!.status, last!.headers['retry-after']];
};

const WITNESSES: Record<BlindFault31Name, Observe> = {
  'blind31-games-link-params-never-cleared': async (call) => {
    await call('/games?q=dragon&per_page=1');
    const reply = await call('/games?per_page=2');
    return [reply.body.meta.total, new URL(reply.body.links.self as string).search];
  },
  'blind31-games-enum-defaults-mutated': async (call) => {
    await call('/games?sort=oldest&per_page=3');
    return ids(await call('/games?per_page=3'));
  },
  'blind31-games-flags-left-by-refused-request': async (call) => {
    const refused = await call('/games?has_reviews=1&connection_type=web_only&online_recently=1');
    const next = await call('/games?per_page=1');
    return [refused.status, next.body.meta.total];
  },
  'blind31-detail-controller-field-overwritten': async (call) => {
    const replies = await Promise.all(CONCURRENT_GAMES.map((game) => call(`/games/${game.id}`)));
    return replies.map((reply) => reply.body.data.id);
  },
  'blind31-mssp-meta-template-mutated': async (call) => {
    await call(`/games/${withoutSnapshot.id}/mssp`);
    const reply = await call(`/games/${withSnapshot.id}/mssp`);
    return [reply.body.data === null, reply.body.meta.status];
  },
  'blind31-raw-samples-reversed-in-place': async (call) => {
    await call(DAILY);
    return recordedAt(await call(RAW)).slice(0, 2);
  },
  'blind31-stats-memo-ignores-to': async (call) => {
    await call(`${STATISTICS}&to=${daysAgo(5)}`);
    const reply = await call(`${STATISTICS}&to=${daysAgo(1)}`);
    return [reply.body.meta.to, reply.body.data.length];
  },
  'blind31-activity-cells-template-shared': async (call) => {
    const first = await call(ACTIVITY);
    const second = await call(ACTIVITY);
    return [counted(first), counted(second)];
  },
  'blind31-reviews-game-rows-spliced': async (call) => {
    const first = await call(`/reviews?game_id=${reviewed.id}&per_page=1`);
    const second = await call(`/reviews?game_id=${reviewed.id}&per_page=1`);
    return [ids(first), first.body.meta.total, ids(second), second.body.meta.total];
  },
  'blind31-review-body-deleted-by-list': async (call) => {
    const listed = await call('/reviews?per_page=1');
    const detail = await call(`/reviews/${listed.body.data[0].id}`);
    return [detail.status, typeof detail.body.data.body];
  },
  'blind31-tags-taxonomy-overwritten-by-filter': async (call) => {
    await call(`/games?theme_tag_id[]=${themeTag.id}&per_page=1`);
    return (await call('/tags')).body.data.length;
  },
  'blind31-key-refusal-cached-by-prefix': async (call) => {
    const nearMiss = await call('/tags', { authorization: `Bearer ${KEYS.high.key.slice(0, -1)}9` });
    const key = await call('/tags');
    return [nearMiss.status, key.status];
  },
  'blind31-retry-after-memoised-per-minute': async (call) => [
    ...(await retryAfterOfSpent(call, KEYS.dayLimited, 4)),
    ...(await retryAfterOfSpent(call, KEYS.low, 6)),
  ],
  'blind31-minute-count-cached-on-connection': async (call) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/tags', { key: KEYS.low })).status);
    clockOf(call).toNextMinute();
    statuses.push((await call('/tags', { key: KEYS.low })).status);
    return statuses;
  },
  'blind31-limit-header-from-last-loaded-plan': async (call) => {
    const first = await call('/tags', { key: KEYS.low });
    await call('/tags', { key: KEYS.high });
    const again = await call('/tags', { key: KEYS.low });
    return [first.headers['x-ratelimit-limit'], again.headers['x-ratelimit-limit']];
  },
  'blind31-request-id-module-variable': async (call) => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => call('/tags')));
    return new Set(replies.map((reply) => reply.headers['x-request-id'])).size;
  },
};

/** The fault whose witness needs every request on one kept-alive connection. */
const ON_ONE_CONNECTION: BlindFault31Name = 'blind31-minute-count-cached-on-connection';

describe('blind fault set 31', () => {
  const start = witnessServers(Object.values(KEYS));
  const startOnOneConnection = witnessServers(Object.values(KEYS), { oneConnection: true });

  itCatalogues('blind31', 16, BLIND_FAULTS_31, WITNESSES, start);
  itWitnessesEach(
    BLIND_FAULTS_31.filter((fault) => fault.name !== ON_ONE_CONNECTION),
    WITNESSES,
    start,
  );
  itWitnessesEach(
    BLIND_FAULTS_31.filter((fault) => fault.name === ON_ONE_CONNECTION),
    WITNESSES,
    startOnOneConnection,
  );

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: links of this request's parameters; defaults as documented; no filter left over.
    expect(await WITNESSES['blind31-games-link-params-never-cleared'](call)).toEqual([
      active.length,
      '?per_page=2&page=1',
    ]);
    const lastUpdated = ids(await call('/games?sort=last_updated&per_page=3'));
    expect(await WITNESSES['blind31-games-enum-defaults-mutated'](call)).toEqual(lastUpdated);
    expect(ids(await call('/games?sort=oldest&per_page=3'))).not.toEqual(lastUpdated);
    expect(await WITNESSES['blind31-games-flags-left-by-refused-request'](call)).toEqual([
      422,
      active.length,
    ]);
    const withReviews = active.filter((g) => reviewsOf(g.id).length > 0).length;
    expect((await call('/games?has_reviews=1&per_page=1')).body.meta.total).toBe(withReviews);
    expect(withReviews).toBeLessThan(active.length);

    // Details asked together: each its own game.
    expect(await WITNESSES['blind31-detail-controller-field-overwritten'](call)).toEqual(
      CONCURRENT_GAMES.map((game) => game.id),
    );

    // MSSP: the status follows the game's own snapshot.
    expect(await WITNESSES['blind31-mssp-meta-template-mutated'](call)).toEqual([false, 'available']);
    expect((await call(`/games/${withoutSnapshot.id}/mssp`)).body).toMatchObject({
      data: null,
      meta: { status: 'mssp_not_available' },
    });

    // Player history: raw samples chronological whatever was asked before.
    const raw = recordedAt(await call(RAW));
    expect(raw.length).toBeGreaterThan(2);
    expect([...raw].sort()).toEqual(raw);
    expect(await WITNESSES['blind31-raw-samples-reversed-in-place'](call)).toEqual(raw.slice(0, 2));

    // Statistics: `to` honoured; activity pattern: the same counts when asked again.
    expect(await WITNESSES['blind31-stats-memo-ignores-to'](call)).toEqual([daysAgo(1), 10]);
    const [once, twice] = (await WITNESSES['blind31-activity-cells-template-shared'](call)) as number[];
    expect(once).toBeGreaterThan(0);
    expect(twice).toBe(once);

    // Reviews: a game's first page again the same; a listed review keeps its body.
    const [firstIds, firstTotal, secondIds, secondTotal] = (await WITNESSES[
      'blind31-reviews-game-rows-spliced'
    ](call)) as [number[], number, number[], number];
    expect(firstTotal).toBe(reviewsOf(reviewed.id).length);
    expect([secondIds, secondTotal]).toEqual([firstIds, firstTotal]);
    expect(await WITNESSES['blind31-review-body-deleted-by-list'](call)).toEqual([200, 'string']);

    // GET /tags: the whole taxonomy.
    expect(await WITNESSES['blind31-tags-taxonomy-overwritten-by-filter'](call)).toBe(
      dataset.taxonomy.groups.length,
    );
    expect(dataset.taxonomy.groups.length).toBeGreaterThan(1);
  });

  it('answers the authentication and rate-limit witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    expect(await WITNESSES['blind31-key-refusal-cached-by-prefix'](call)).toEqual([401, 200]);
    expect(await WITNESSES['blind31-limit-header-from-last-loaded-plan'](call)).toEqual(['5', '5']);
    // 12:00:00Z: the day-limited key waits to midnight, the minute-limited one to 12:01.
    expect(await WITNESSES['blind31-retry-after-memoised-per-minute'](call)).toEqual([
      429,
      '43200',
      429,
      '60',
    ]);
    expect(await WITNESSES['blind31-request-id-module-variable'](call)).toBe(4);

    const onOne = await startOnOneConnection([]);
    expect(await WITNESSES['blind31-minute-count-cached-on-connection'](onOne)).toEqual([
      200, 200, 200, 200, 200, 429, 200,
    ]);
  });
});

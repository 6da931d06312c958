/**
 * Witnesses of blind fault set 32 (set-32.ts): for every blind fault, a request of the one member of
 * a list the fault mishandles, whose answer differs between a server with that fault on and the
 * faultless server, in status, header or body. Responses are read raw (a faulty server breaks the
 * spec). The servers run in-process on the shared small test dataset with a hand-moved clock that
 * starts at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  active,
  DAY,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  reviewsOf,
  statisticsGame,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_32, type BlindFault32Name } from './set-32.ts';

const KEYS = witnessKeys('blind32');

const groupOf = (key: string) => dataset.taxonomy.groups.find((group) => group.key === key)!;
/** A player-killing tag carried by some active games but not all. */
const pkTag = pick(
  groupOf('player_killing').values.filter((tag) => {
    const carrying = active.filter((g) => g.categories.player_killing === tag.id).length;
    return carrying > 0 && carrying < active.length;
  }),
  'player-killing tag of some active games',
);
/** A game archived by an administrator that has monthly votes. */
const adminDisabledVoted = pick(
  dataset.games.filter((g) => g.archiveReason === 'admin_disabled' && g.monthlyVotes > 0),
  'admin-disabled game with monthly votes',
);
/** A game without an MSSP snapshot. */
const withoutSnapshot = pick(
  dataset.games.filter((g) => g.msspRaw === null),
  'game without an MSSP snapshot',
);
/** A review of a game archived by an administrator. */
const reviewOfAdminDisabled = pick(
  dataset.reviews.filter(
    (review) => dataset.games.find((g) => g.id === review.gameId)!.archiveReason === 'admin_disabled',
  ),
  'review of an admin-disabled game',
);
/** An active game with statistics ready, crawled for more than 200 days. */
const statsGame = statisticsGame(200);
const PLAYERS = `/games/${statsGame.id}/players`;
const STATISTICS = `/games/${statsGame.id}/statistics`;
/** British summer time ends on 25 October 2026: a range in it. */
const SUMMER = `from=${daysAgo(85)}&to=${daysAgo(60)}`;
const UNKNOWN_GAME = 999_999;

const reviewCount = (id: number) => reviewsOf(id).length;

const WITNESSES: Record<BlindFault32Name, Observe> = {
  'blind32-sort-most-reviewed-missing-from-list': async (call) =>
    ids(await call('/games?sort=most_reviewed&per_page=5')),
  'blind32-player-killing-parameter-misspelled': async (call) =>
    (await call(`/games?player_killing_tag_id[]=${pkTag.id}&per_page=1`)).body.meta.total,
  'blind32-online-recently-window-of-recently-updated': async (call) =>
    (await call('/games?online_recently=1&per_page=1')).body.meta.total,
  'blind32-admin-disabled-detail-rank-kept': async (call) =>
    (await call(`/games/${adminDisabledVoted.id}`)).body.data.ranking.rank,
  'blind32-mssp-not-available-misspelled': async (call) =>
    (await call(`/games/${withoutSnapshot.id}/mssp`)).body.meta.status,
  'blind32-raw-range-limit-of-daily': async (call) =>
    (await call(`${PLAYERS}?granularity=raw&from=${daysAgo(120)}&to=${daysAgo(1)}`)).status,
  'blind32-explicit-daily-granularity-refused': async (call) =>
    (await call(`${PLAYERS}?granularity=daily&from=${daysAgo(5)}&to=${daysAgo(1)}`)).status,
  'blind32-stats-helpfiles-missing-from-metrics': async (call) =>
    (await call(`${STATISTICS}?metric=helpfiles&from=${daysAgo(10)}&to=${daysAgo(1)}`)).status,
  'blind32-stats-monthly-falls-through-to-weekly': async (call) => {
    const reply = await call(`${STATISTICS}?resolution=monthly&from=${daysAgo(150)}&to=${daysAgo(1)}`);
    return [reply.status, reply.body.data.length];
  },
  'blind32-stats-bad-resolution-date-range-code': async (call) => {
    const reply = await call(`${STATISTICS}?resolution=yearly`);
    return [reply.status, reply.body.error.code];
  },
  'blind32-activity-london-as-utc': async (call) =>
    (await call(`/games/${statsGame.id}/activity-pattern?timezone=Europe/London&${SUMMER}`)).body.data.map(
      (cell: { count: number }) => cell.count,
    ),
  'blind32-activity-unknown-game-route-not-found': async (call) => {
    const reply = await call(`/games/${UNKNOWN_GAME}/activity-pattern`);
    return [reply.status, reply.body.error.code];
  },
  'blind32-review-of-admin-disabled-game-404': async (call) =>
    (await call(`/reviews/${reviewOfAdminDisabled.id}`)).status,
  'blind32-tags-playcount-group-missing': async (call) =>
    (await call('/tags')).body.data.map((group: { id: number }) => group.id),
  'blind32-malformed-key-no-challenge': async (call) => {
    const reply = await call('/tags', { authorization: 'Basic dXNlcjpwYXNz' });
    return [reply.status, reply.headers['www-authenticate']];
  },
  'blind32-delete-route-not-found': async (call) => {
    const reply = await call('/games', { method: 'DELETE' });
    return [reply.status, reply.headers.allow];
  },
};

describe('blind fault set 32', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind32', 16, BLIND_FAULTS_32, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_32, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: most_reviewed by review count; the player-killing filter; the 48-hour window.
    const mostReviewed = (await WITNESSES['blind32-sort-most-reviewed-missing-from-list'](call)) as number[];
    const counts = mostReviewed.map(reviewCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(mostReviewed).not.toEqual(ids(await call('/games?sort=last_updated&per_page=5')));
    expect(await WITNESSES['blind32-player-killing-parameter-misspelled'](call)).toBe(
      active.filter((g) => g.categories.player_killing === pkTag.id).length,
    );
    const reachedSince = (seconds: number) =>
      active.filter((g) => {
        const last = g.webOnly ? null : lastSuccessfulConnect(g, ANCHOR_SECONDS);
        return last !== null && last >= ANCHOR_SECONDS - seconds;
      }).length;
    expect(await WITNESSES['blind32-online-recently-window-of-recently-updated'](call)).toBe(
      reachedSince(48 * 3600),
    );
    expect(reachedSince(30 * DAY)).toBeGreaterThan(reachedSince(48 * 3600));

    // Detail and MSSP: the archived representation; the documented status.
    expect(await WITNESSES['blind32-admin-disabled-detail-rank-kept'](call)).toBeNull();
    expect(await WITNESSES['blind32-mssp-not-available-misspelled'](call)).toBe('mssp_not_available');

    // Player history: raw at most 90 days; `daily` accepted when sent.
    expect(await WITNESSES['blind32-raw-range-limit-of-daily'](call)).toBe(422);
    expect(await WITNESSES['blind32-explicit-daily-granularity-refused'](call)).toBe(200);

    // Statistics: every metric, calendar months, the statistics code; the zone's cells; game_not_found.
    expect(await WITNESSES['blind32-stats-helpfiles-missing-from-metrics'](call)).toBe(200);
    const [monthlyStatus, monthlyPoints] = (await WITNESSES['blind32-stats-monthly-falls-through-to-weekly'](
      call,
    )) as number[];
    expect(monthlyStatus).toBe(200);
    expect(monthlyPoints).toBeLessThanOrEqual(6);
    expect(await WITNESSES['blind32-stats-bad-resolution-date-range-code'](call)).toEqual([
      422,
      'invalid_statistics_query',
    ]);
    const london = (await WITNESSES['blind32-activity-london-as-utc'](call)) as number[];
    const utc = (await call(`/games/${statsGame.id}/activity-pattern?${SUMMER}`)).body.data.map(
      (cell: { count: number }) => cell.count,
    );
    expect(london).toEqual([...utc.slice(-1), ...utc.slice(0, -1)]);
    expect(await WITNESSES['blind32-activity-unknown-game-route-not-found'](call)).toEqual([
      404,
      'game_not_found',
    ]);

    // Reviews and tags: the archived game's review served; the whole taxonomy.
    expect(await WITNESSES['blind32-review-of-admin-disabled-game-404'](call)).toBe(200);
    expect(await WITNESSES['blind32-tags-playcount-group-missing'](call)).toEqual(
      dataset.taxonomy.groups.map((group) => group.id),
    );

    // A malformed header's 401 carries the challenge; DELETE is 405 with Allow: GET.
    const [status, challenge] = (await WITNESSES['blind32-malformed-key-no-challenge'](call)) as [
      number,
      string,
    ];
    expect(status).toBe(401);
    expect(challenge).toMatch(/^Bearer realm="/);
    expect(await WITNESSES['blind32-delete-route-not-found'](call)).toEqual([405, 'GET']);
  });
});

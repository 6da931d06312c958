/**
 * Witnesses of blind fault set 12 (set-12.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { lastCrawled } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  active,
  crawledAllWeek,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessKeys,
  witnessServers,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_12, type BlindFault12Name } from './set-12.ts';

const KEYS = witnessKeys('blind12');

const themes = dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values.map((tag) => tag.id);
const allWeek = crawledAllWeek(60);
const watched = pick(
  active.filter((game) => game.watcherCount !== game.monthlyVotes),
  'game whose watchers differ from its votes',
);
/** A game crawled after its newest snapshot was collected. */
const staleSnapshot = pick(
  active.filter((game) => {
    const crawled = lastCrawled(game, ANCHOR_SECONDS);
    return game.msspCollectedAt !== null && crawled !== null && crawled !== game.msspCollectedAt;
  }),
  'game crawled since its newest snapshot',
);
/** A game with statistics whose areas and rooms differ. */
const roomy = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.statisticsState === 'ready' &&
      game.crawlStart !== null &&
      game.crawlStart < ANCHOR_SECONDS - 30 * 86_400 &&
      game.crawlEnd === null &&
      game.metricBase.areas !== null &&
      game.metricBase.rooms !== null &&
      game.metricBase.areas !== game.metricBase.rooms,
  ),
  'game reporting areas and rooms',
);
const statsRange = `from=${daysAgo(7)}&to=${daysAgo(1)}`;
const activityRange = `from=${daysAgo(28)}&to=${daysAgo(1)}`;

const WITNESSES: Record<BlindFault12Name, Observe> = {
  'blind12-q-terms-capped-at-three': async (call) =>
    (await call('/games?q=the%20and%20of%20zzqxjv&per_page=1')).body.meta.total,
  'blind12-oldest-sorted-by-updated': async (call) => ids(await call('/games?sort=oldest&per_page=10')),
  'blind12-total-ignores-tag-filters': async (call) =>
    (await call(`/games?theme_tag_id[]=${themes[0]}&per_page=1`)).body.meta.total,
  'blind12-q-with-tag-filter-or-combined': async (call) =>
    (await call(`/games?q=the&theme_tag_id[]=${themes[0]}&per_page=1`)).body.meta.total,
  'blind12-reviews-links-games-path': async (call) => (await call('/reviews?per_page=5&page=2')).body.links,
  'blind12-detail-watcher-count-is-votes': async (call) =>
    (await call(`/games/${watched.id}`)).body.data.watcher_count,
  'blind12-mssp-collected-at-last-crawled': async (call) =>
    (await call(`/games/${staleSnapshot.id}/mssp`)).body.data.collected_at,
  'blind12-players-impossible-date-rolls-over': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=2026-11-01&to=2026-11-31`)).status,
  'blind12-raw-samples-newest-first': async (call) =>
    (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind12-stats-areas-reads-rooms': async (call) =>
    (await call(`/games/${roomy.id}/statistics?metric=areas&resolution=daily&${statsRange}`)).body.data,
  'blind12-activity-cache-ignores-timezone': async (call) => {
    await call(`/games/${allWeek.id}/activity-pattern?${activityRange}`);
    return (await call(`/games/${allWeek.id}/activity-pattern?${activityRange}&timezone=Asia/Tokyo`)).body;
  },
  'blind12-reviews-default-per-page-10': async (call) => (await call('/reviews')).body.meta.per_page,
  'blind12-review-list-edited-null': async (call) =>
    (await call('/reviews?per_page=50')).body.data.map(
      (review: { dates: { edited: string | null } }) => review.dates.edited,
    ),
  'blind12-tags-served-without-key': async (call) => (await call('/tags', { key: null })).status,
  'blind12-challenge-on-every-response': async (call) =>
    (await call('/tags')).headers['www-authenticate'] ?? null,
  'blind12-routes-case-insensitive': async (call) => (await call('/GAMES?per_page=1')).status,
  'blind12-game-not-found-without-rate-limit-headers': async (call) =>
    (await call('/games/999999')).headers['x-ratelimit-limit'] ?? null,
  'blind12-day-reset-24-hours-from-now': async (call) =>
    (await sendTimes(call, 3, KEYS.dayLimited)).headers['x-ratelimit-reset'],
  'blind12-request-id-from-key-and-second': async (call) => {
    const first = (await call('/tags')).headers['x-request-id'];
    const second = (await call('/tags')).headers['x-request-id'];
    return first === second;
  },
  'blind12-cache-replays-rate-limit-headers': async (call) => {
    await call('/tags');
    return (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-limit'];
  },
};

describe('blind fault set 12', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind12', 20, BLIND_FAULTS_12, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    expect((await call('/games?q=the%20and%20of%20zzqxjv&per_page=1')).body.meta.total).toBe(0);
    expect((await call('/games?q=the%20and%20of&per_page=1')).body.meta.total).toBeGreaterThan(0);

    const oldest = (await call('/games?sort=oldest&per_page=50')).body.data as Array<{
      dates: { listed: string };
    }>;
    const listed = oldest.map((game) => game.dates.listed);
    expect(listed).toEqual([...listed].sort());

    const tagged = (await call(`/games?theme_tag_id[]=${themes[0]}&per_page=1`)).body.meta.total;
    expect(tagged).toBe(active.filter((game) => game.categories.theme === themes[0]).length);
    expect(tagged).toBeLessThan(active.length);
    const both = (await call(`/games?q=the&theme_tag_id[]=${themes[0]}&per_page=1`)).body.meta.total;
    expect(both).toBeLessThanOrEqual(tagged);

    const links = (await call('/reviews?per_page=5&page=2')).body.links;
    for (const link of [links.self, links.next, links.previous]) expect(link).toMatch(/\/api\/v1\/reviews\?/);

    expect((await call(`/games/${watched.id}`)).body.data.watcher_count).toBe(watched.watcherCount);
    const snapshot = (await call(`/games/${staleSnapshot.id}/mssp`)).body.data;
    const detail = (await call(`/games/${staleSnapshot.id}`)).body.data;
    expect(snapshot.collected_at).toBe(detail.status.mssp_collected_at);

    const impossible = await call(`/games/${allWeek.id}/players?from=2026-11-01&to=2026-11-31`);
    expect([impossible.status, impossible.body.error.code]).toEqual([422, 'invalid_date_range']);

    const raw = (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at);
    expect(raw.length).toBeGreaterThan(1);
    expect(raw).toEqual([...raw].sort());

    const areas = await call(`/games/${roomy.id}/statistics?metric=areas&resolution=daily&${statsRange}`);
    const rooms = await call(`/games/${roomy.id}/statistics?metric=rooms&resolution=daily&${statsRange}`);
    expect(areas.status).toBe(200);
    expect(areas.body.data).not.toEqual(rooms.body.data);

    const utc = await call(`/games/${allWeek.id}/activity-pattern?${activityRange}`);
    const tokyo = await call(`/games/${allWeek.id}/activity-pattern?${activityRange}&timezone=Asia/Tokyo`);
    expect(tokyo.body.data).not.toEqual(utc.body.data);

    expect((await call('/reviews')).body.meta.per_page).toBe(20);
    const edited = (await call('/reviews?per_page=50')).body.data.filter(
      (review: { dates: { edited: string | null } }) => review.dates.edited !== null,
    );
    expect(edited.length).toBeGreaterThan(0);

    const anonymous = await call('/tags', { key: null });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_required']);
    expect((await call('/tags')).headers['www-authenticate']).toBeUndefined();
    const upper = await call('/GAMES?per_page=1');
    expect([upper.status, upper.body.error.code]).toEqual([404, 'route_not_found']);

    const missing = await call('/games/999999');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'game_not_found']);
    expect(missing.headers['x-ratelimit-limit']).toBe('1000000');

    // The third request of a 3/day key spends the day: the binding limit resets at the next UTC midnight.
    const dayBound = await sendTimes(call, 3, KEYS.dayLimited);
    expect([dayBound.status, dayBound.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
    expect(dayBound.headers['x-ratelimit-reset']).toBe(String(ANCHOR_SECONDS + 12 * 3600));

    const first = (await call('/tags')).headers['x-request-id'];
    expect(first).not.toBe((await call('/tags')).headers['x-request-id']);

    await call('/tags');
    expect((await call('/tags', { key: KEYS.low })).headers['x-ratelimit-limit']).toBe('5');
  });

  itWitnessesEach(BLIND_FAULTS_12, WITNESSES, start);
});

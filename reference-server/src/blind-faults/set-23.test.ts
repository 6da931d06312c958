/**
 * Witnesses of blind fault set 23 (set-23.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { rawSamples } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  archived,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_23, type BlindFault23Name } from './set-23.ts';

const KEYS = witnessKeys('blind23');
const now = ANCHOR_SECONDS;
const today = Math.floor(now / DAY) * DAY;

/** An active game on the v2 shard (id 301 or more). */
const onNewShard = pick(
  active.filter((game) => game.id >= 301),
  'active game with an id of 301 or more',
);
/** An active game with a review submitted in the last 14 days. */
const recentlyReviewed = pick(
  active.filter((game) =>
    dataset.reviews.some((r) => r.gameId === game.id && r.submitted <= now && r.submitted > now - 14 * DAY),
  ),
  'active game reviewed in the last 14 days',
);
const archivedUnreachable = pick(
  archived.filter((game) => game.archiveReason === 'non_connectivity'),
  'game archived for non-connectivity',
);
/** A game whose newest snapshot is more than 90 days old. */
const staleSnapshot = pick(
  dataset.games.filter(
    (game) => game.msspRaw !== null && game.msspCollectedAt !== null && game.msspCollectedAt < now - 90 * DAY,
  ),
  'game whose snapshot is more than 90 days old',
);
const webOnlyWithoutSnapshot = pick(
  active.filter((game) => game.webOnly && (game.msspRaw === null || game.msspCollectedAt === null)),
  'web-only game without a snapshot',
);
/** An active game crawled without an outage through the last 40 days. */
const quiet: GameRecord = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.crawlStart !== null &&
      game.crawlStart < now - 400 * DAY &&
      game.crawlEnd === null &&
      game.outages.every((o) => o.end < now - 40 * DAY || o.start > now),
  ),
  'game crawled without an outage through the last 40 days',
);
const pendingGame = pick(
  active.filter((game) => game.statisticsState === 'pending_long_ranges'),
  'active game whose long statistics ranges are pending',
);
const locationGroup = dataset.taxonomy.groups.find((group) => group.key === 'location')!;

const body = (path: string) => async (call: Call) => (await call(path)).body;
const total = (path: string) => async (call: Call) => (await call(path)).body.meta.total;
const status = (path: string) => async (call: Call) => (await call(path)).status;

async function fiveDetails(call: Call) {
  const descriptions: string[] = [];
  for (const game of active.slice(0, 5)) {
    descriptions.push(typeof (await call(`/games/${game.id}`)).body.data.description);
  }
  return descriptions;
}

async function followNext(call: Call) {
  const first = (await call('/reviews?per_page=5')).body;
  const next = new URL(first.links.next);
  return ids(await call(`/reviews${next.search}`));
}

const BOUNDARY_RANGE = `/games/${quiet.id}/players?from=${daysAgo(35)}&to=${daysAgo(25)}`;
const MIGRATING_DAY = `/games/${quiet.id}/players?granularity=raw&from=${daysAgo(10)}&to=${daysAgo(10)}`;
const REVERSED_RANGE = `/games/${quiet.id}/players?from=${daysAgo(1)}&to=${daysAgo(2)}`;
const PENDING_RANGE = `/games/${pendingGame.id}/statistics?metric=players&resolution=daily&from=${daysAgo(119)}&to=${TODAY}`;

const WITNESSES: Record<BlindFault23Name, Observe> = {
  'blind23-v2-links-on-new-shard': async (call) =>
    new URL((await call(`/games/${onNewShard.id}`)).body.data.urls.self).pathname,
  'blind23-average-rating-v2-name-recent-reviews': async (call) =>
    Object.keys((await call(`/games/${recentlyReviewed.id}`)).body.data.reviews),
  'blind23-archive-reason-v2-unreachable': async (call) =>
    (await call(`/games/${archivedUnreachable.id}`)).body.data.status.archive_reason,
  'blind23-categories-v2-arrays-recently-edited': async (call) =>
    Object.values((await call('/games?per_page=1')).body.data[0].tags.categories).map(Array.isArray),
  'blind23-detail-canary-description-object': fiveDetails,
  'blind23-game-size-filter-backfill-gap': total('/games?game_size_tag_id[]=107&per_page=1'),
  'blind23-connection-type-v2-values-accepted': status('/games?connection_type=telnet&per_page=1'),
  'blind23-search-v2-per-page-100': status('/games?q=the&per_page=60'),
  'blind23-mssp-archive-store-redirect': status(`/games/${staleSnapshot.id}/mssp`),
  'blind23-mssp-web-only-v2-status': async (call) =>
    (await call(`/games/${webOnlyWithoutSnapshot.id}/mssp`)).body.meta.status,
  'blind23-players-hourly-granularity-leaked': status(`/games/${quiet.id}/players?granularity=hourly`),
  'blind23-daily-store-boundary-day-missing': async (call) =>
    (await call(BOUNDARY_RANGE)).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind23-raw-migrating-week-twice': async (call) => (await call(MIGRATING_DAY)).body.data.length,
  'blind23-players-errors-problem-json': async (call) => {
    const reply = await call(REVERSED_RANGE);
    return [reply.status, reply.headers['content-type'], reply.body.error?.code ?? null];
  },
  'blind23-reviews-read-model-lags-day': total('/reviews?per_page=1'),
  'blind23-reviews-next-link-v2-cursor': followNext,
  'blind23-review-author-v2-name-old-ids': async (call) =>
    Object.keys((await body('/reviews/1')(call)).data.author),
  'blind23-ietf-ratelimit-headers-custom-plans': async (call) => {
    const { headers } = await call('/tags');
    return [headers['x-ratelimit-limit'], headers['ratelimit-limit']];
  },
  'blind23-stats-pending-v2-code': async (call) => (await call(PENDING_RANGE)).body.error.code,
  'blind23-tags-location-v2-ids': async (call) =>
    (await call('/tags')).body.data
      .find((group: { id: number }) => group.id === locationGroup.id)
      .values.map((tag: { id: number }) => tag.id),
};

describe('blind fault set 23', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind23', 20, BLIND_FAULTS_23, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_23, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    expect(await WITNESSES['blind23-v2-links-on-new-shard'](call)).toBe(`/api/v1/games/${onNewShard.id}`);
    expect(await WITNESSES['blind23-average-rating-v2-name-recent-reviews'](call)).toEqual([
      'count',
      'average_rating',
      'rating_count',
    ]);
    expect(await WITNESSES['blind23-archive-reason-v2-unreachable'](call)).toBe('non_connectivity');
    const categories = await WITNESSES['blind23-categories-v2-arrays-recently-edited'](call);
    expect(categories).toEqual(expect.arrayContaining([false]));
    expect(categories).not.toContain(true);
    expect(await fiveDetails(call)).toEqual(['string', 'string', 'string', 'string', 'string']);

    const size107 = active.filter((game) => game.categories.game_size === 107);
    expect(size107.some((game) => game.id >= 129 && game.id <= 256)).toBe(true);
    expect(await WITNESSES['blind23-game-size-filter-backfill-gap'](call)).toBe(size107.length);

    expect(await WITNESSES['blind23-connection-type-v2-values-accepted'](call)).toBe(422);
    expect(await WITNESSES['blind23-search-v2-per-page-100'](call)).toBe(422);
    expect((await call('/games?q=the&per_page=50')).body.meta.total).toBeGreaterThan(50);

    const mssp = await call(`/games/${staleSnapshot.id}/mssp`);
    expect([mssp.status, mssp.body.meta.status]).toEqual([200, 'available']);
    expect(await WITNESSES['blind23-mssp-web-only-v2-status'](call)).toBe('mssp_not_available');

    expect(await WITNESSES['blind23-players-hourly-granularity-leaked'](call)).toBe(422);
    const days = await WITNESSES['blind23-daily-store-boundary-day-missing'](call);
    expect(days).toHaveLength(11);
    expect(days).toContain(`${daysAgo(30)}T00:00:00Z`);
    const migrating = today - 10 * DAY;
    expect(rawSamples(quiet, migrating, migrating + DAY - 1, now)).toHaveLength(48);
    expect(await WITNESSES['blind23-raw-migrating-week-twice'](call)).toBe(48);
    const reversed = await call(REVERSED_RANGE);
    expect([reversed.status, reversed.body.error.code]).toEqual([422, 'invalid_date_range']);
    expect(reversed.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof reversed.body.request_id).toBe('string');

    const listed = dataset.reviews.filter((review) => active.some((game) => game.id === review.gameId));
    expect(listed.some((review) => review.submitted > now - DAY)).toBe(true);
    expect(await WITNESSES['blind23-reviews-read-model-lags-day'](call)).toBe(listed.length);
    const secondPage = ids(await call('/reviews?per_page=5&page=2'));
    expect(await followNext(call)).toEqual(secondPage);
    expect(await WITNESSES['blind23-review-author-v2-name-old-ids'](call)).toEqual([
      'display_name',
      'affiliation',
    ]);

    expect(await WITNESSES['blind23-ietf-ratelimit-headers-custom-plans'](call)).toEqual([
      String(KEYS.high.per_minute),
      undefined,
    ]);
    expect(await WITNESSES['blind23-stats-pending-v2-code'](call)).toBe('statistics_pending');
    expect(await WITNESSES['blind23-tags-location-v2-ids'](call)).toEqual(
      locationGroup.values.map((tag) => tag.id),
    );
  });
});

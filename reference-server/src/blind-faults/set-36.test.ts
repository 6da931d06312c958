/**
 * Witnesses of blind fault set 36 (set-36.ts): for every blind fault, a request on the member a code
 * assistant got wrong from the description (a sort's spelling, a bare tag id, a term of the full
 * description, a game without a rated review, an archived game's reason, a web-only game's play
 * address, an archived game's review, the reviews' order, player sample times, an unknown metric, a
 * range of more than 1,000 points, a reversed activity range, a game without a snapshot, the tag
 * groups, an unknown route, the reset header) whose answer differs between a server with that fault
 * on and the faultless server, in status, header or body. Responses are read raw (a faulty server
 * breaks the spec). The servers run in-process on the default fixtures (`createApp`'s dataset: seed
 * 1, 500 games) anchored at the fixtures' anchor, with a hand-moved clock that starts there
 * (2026-11-22T12:00:00Z); each fault gets a fresh pair of servers.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { ApiKeyRecord } from '../../../fixtures/src/model.ts';
import { ANCHOR_SECONDS, ManualClock } from '../../test/harness.ts';
import { startServer, type RunningServer } from '../server.ts';
import {
  DAY,
  itCatalogues,
  itWitnessesEach,
  pick,
  readReply,
  type Call,
  type Observe,
  witnessKeys,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_36, type BlindFault36Name } from './set-36.ts';

const KEYS = witnessKeys('blind36');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const activeIds = new Set(active.map((g) => g.id));
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const daysAgo = (days: number) => date(ANCHOR_SECONDS - days * DAY);

/** Servers on the default fixtures, started with the faults given and stopped after the test (as witnessServers). */
function fixtureServers(keys: readonly ApiKeyRecord[]): (faults: readonly string[]) => Promise<Call> {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (faults) => {
    const server = await startServer({
      dataset: fixtures,
      keys,
      clock: new ManualClock(),
      faults: new Set(faults),
      variants: new Set(),
    });
    running.push(server);
    return async (path, { method = 'GET', key = keys[0]!, authorization, headers = {} } = {}) => {
      const value = authorization ?? (key ? `Bearer ${key.key}` : undefined);
      const sent = value === undefined ? { ...headers } : { ...headers, authorization: value };
      return readReply(await request(`${server.baseUrl}${path}`, { method, headers: sent }));
    };
  };
}

/** A crawled active game with statistics, crawled for two months at least. */
const crawled = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 70 * DAY &&
      g.crawlEnd === null,
  ),
  'crawled active game with statistics',
);
/** A word of a game's full description that is neither in its name nor in its intro. */
const described = pick(
  active.flatMap((g) => {
    const heading = `${g.name}\n${g.intro}`.toLowerCase();
    const word = g.description
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => w.length >= 6 && !heading.includes(w));
    return word === undefined ? [] : [{ game: g, word }];
  }),
  'active game with a word in its description only',
);
/** An active game without any rated review. */
const unrated = pick(
  active.filter((g) => !fixtures.reviews.some((review) => review.gameId === g.id && review.rating !== null)),
  'active game without a rated review',
);
const archivedGame = pick(
  fixtures.games.filter((g) => g.archiveReason !== null),
  'archived game',
);
/** An active web-only game whose website is a bare origin (no path, no trailing slash). */
const bareWebsite = pick(
  active.filter((g) => g.webOnly && g.website !== null && /^https?:\/\/[^/]+$/.test(g.website)),
  'active web-only game whose website has no path',
);
/** A review of a game archived for non-connectivity (set 32's fault hides those of `admin_disabled` games). */
const archivedReview = pick(
  fixtures.reviews.filter(
    (review) =>
      !activeIds.has(review.gameId) &&
      fixtures.games.find((g) => g.id === review.gameId)!.archiveReason === 'non_connectivity',
  ),
  'review of a game archived for non-connectivity',
);
/** An active game without an MSSP snapshot. */
const withoutSnapshot = pick(
  active.filter((g) => g.msspRaw === null),
  'active game without a snapshot',
);
const themeGroup = fixtures.taxonomy.groups.find((group) => group.key === 'theme')!;
const theme = themeGroup.values[0]!.id;
/** Hourly points over sixty days: 1,440, more than the 1,000 allowed. */
const SIXTY_DAYS_HOURLY = `/games/${crawled.id}/statistics?resolution=hourly&from=${daysAgo(60)}&to=${daysAgo(1)}`;
const REVERSED_ACTIVITY = `/games/${crawled.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(5)}`;

const WITNESSES: Record<BlindFault36Name, Observe> = {
  'blind36-recently-online-sort-spelled-like-flag': async (call) =>
    (await call('/games?sort=recently_online&per_page=10')).body.data.map((g: { id: number }) => g.id),
  'blind36-bare-tag-parameter-ignored': async (call) =>
    (await call(`/games?theme_tag_id=${theme}`)).body.meta.total,
  'blind36-q-skips-full-description': async (call) =>
    (await call(`/games?q=${described.word}&per_page=50`)).body.meta.total,
  'blind36-average-rating-undefined-dropped': async (call) =>
    Object.keys((await call(`/games/${unrated.id}`)).body.data.reviews).sort(),
  'blind36-archive-reason-screaming-case': async (call) =>
    (await call(`/games/${archivedGame.id}`)).body.data.status.archive_reason,
  'blind36-web-only-play-url-normalised': async (call) =>
    (await call(`/games/${bareWebsite.id}`)).body.data.urls.play,
  'blind36-review-of-archived-game-404': async (call) => (await call(`/reviews/${archivedReview.id}`)).status,
  'blind36-reviews-oldest-first': async (call) =>
    (await call('/reviews')).body.data.map((review: { id: number }) => review.id),
  'blind36-player-times-iso-milliseconds': async (call) =>
    (
      await call(`/games/${crawled.id}/players?granularity=raw&from=${daysAgo(1)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind36-stats-unknown-metric-400': async (call) => {
    const reply = await call(`/games/${crawled.id}/statistics?metric=users`);
    return [reply.status, reply.body.error.code];
  },
  'blind36-stats-points-truncated-1000': async (call) => (await call(SIXTY_DAYS_HOURLY)).status,
  'blind36-activity-reversed-range-answered': async (call) => (await call(REVERSED_ACTIVITY)).status,
  'blind36-mssp-missing-snapshot-object-of-nulls': async (call) =>
    (await call(`/games/${withoutSnapshot.id}/mssp`)).body.data,
  'blind36-tags-group-values-key-tags': async (call) =>
    (await call('/tags')).body.data.map((group: object) => Object.keys(group).sort()),
  'blind36-unknown-route-generic-not-found': async (call) => (await call('/nope')).body.error.code,
  'blind36-reset-written-as-date-string': async (call) => (await call('/tags')).headers['x-ratelimit-reset'],
};

describe('blind fault set 36', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind36', 16, BLIND_FAULTS_36, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_36, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: recently_online by last connect; a bare tag id filters; a term of the description only.
    const online = (await call('/games?sort=recently_online&per_page=50')).body.data.map(
      (g: { status: { last_successful_connect: string | null } }) => g.status.last_successful_connect ?? '',
    ) as string[];
    expect([...online].sort().reverse()).toEqual(online);
    const bare = await call(`/games?theme_tag_id=${theme}`);
    expect(bare.body.meta.total).toBe(active.filter((g) => g.categories.theme === theme).length);
    expect(bare.body.meta.total).toBeLessThan(active.length);
    const searched = await call(`/games?q=${described.word}&per_page=50`);
    expect(searched.body.meta.total).toBe(
      active.filter((g) => `${g.name}\n${g.intro}\n${g.description}`.toLowerCase().includes(described.word))
        .length,
    );
    const found = searched.body.data.map((g: { id: number }) => g.id);
    if (searched.body.meta.total <= 50) expect(found).toContain(described.game.id);

    // Game resources: average_rating null, not missing; the documented reason; play is the website.
    const reviews = (await call(`/games/${unrated.id}`)).body.data.reviews;
    expect(reviews.average_rating).toBeNull();
    expect(['non_connectivity', 'admin_disabled']).toContain(
      await WITNESSES['blind36-archive-reason-screaming-case'](call),
    );
    const webOnly = (await call(`/games/${bareWebsite.id}`)).body.data;
    expect(webOnly.urls.play).toBe(webOnly.urls.website);

    // Reviews: an archived game's review by id; newest first.
    const review = await call(`/reviews/${archivedReview.id}`);
    expect([review.status, review.body.data.game.archived]).toEqual([200, true]);
    const submitted = (await call('/reviews')).body.data.map(
      (item: { dates: { submitted: string } }) => item.dates.submitted,
    ) as string[];
    expect([...submitted].sort().reverse()).toEqual(submitted);

    // Player history: the described timestamp shape.
    const times = (await WITNESSES['blind36-player-times-iso-milliseconds'](call)) as string[];
    expect(times.length).toBeGreaterThan(2);
    for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // Statistics: an unknown metric and too many points are 422; a reversed activity range too.
    expect(await WITNESSES['blind36-stats-unknown-metric-400'](call)).toEqual([
      422,
      'invalid_statistics_query',
    ]);
    const many = await call(SIXTY_DAYS_HOURLY);
    expect([many.status, many.body.error.code]).toEqual([422, 'invalid_statistics_query']);
    const reversed = await call(REVERSED_ACTIVITY);
    expect([reversed.status, reversed.body.error.code]).toEqual([422, 'invalid_statistics_query']);

    // MSSP: no snapshot is data null; GET /tags: each group's values; an unknown route; the reset.
    const mssp = (await call(`/games/${withoutSnapshot.id}/mssp`)).body;
    expect([mssp.data, mssp.meta.status]).toEqual([null, 'mssp_not_available']);
    for (const keys of (await WITNESSES['blind36-tags-group-values-key-tags'](call)) as string[][])
      expect(keys).toEqual(['id', 'name', 'values']);
    expect(await WITNESSES['blind36-unknown-route-generic-not-found'](call)).toBe('route_not_found');
    expect(await WITNESSES['blind36-reset-written-as-date-string'](call)).toMatch(/^\d+$/);
  });
});

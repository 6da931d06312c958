/**
 * Witnesses of blind fault set 26 (set-26.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { latestPlayers } from '../../../fixtures/src/samples.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  archived,
  daysAgo,
  dataset,
  date,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  sendTimes,
  statisticsGame,
  type Call,
  type Observe,
  witnessKeys,
  witnessServers,
} from './testing/witness-harness.ts';
import { weekBasedYear } from './set-26-misreadings.ts';
import { BLIND_FAULTS_26, type BlindFault26Name } from './set-26.ts';

const KEYS = witnessKeys('blind26');
const now = ANCHOR_SECONDS;

/** An active game named by two capitalised words, and its name as a quoted phrase. */
const twoWords = pick(
  active.filter((game) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(game.name)),
  'game named by two words',
);
const PHRASE = `"${twoWords.name.toLowerCase()}"`;
/** Two values of the theme group and the active games carrying either. */
const theme = dataset.taxonomy.groups.find((group) => group.key === 'theme')!;
const [themeA, themeB] = [theme.values[0]!.id, theme.values[1]!.id];
const eitherTheme = active.filter(
  (game) => game.categories.theme === themeA || game.categories.theme === themeB,
);
/** An active web-only game. */
const webOnly = pick(
  active.filter((game) => game.webOnly),
  'web-only game',
);
/** An active MUD-client game whose latest sample counted no players. */
const nobodyOnline = pick(
  active.filter((game) => !game.webOnly && latestPlayers(game, now) === 0),
  'game with 0 players at its latest sample',
);
/** An archived game. */
const archivedGame = pick(archived, 'archived game');
/** A review submitted on the last days of December that fall in 1 January's week. */
const yearEndReview = pick(
  dataset.reviews.filter(
    (review) =>
      active.some((game) => game.id === review.gameId) &&
      weekBasedYear(review.submitted) !== new Date(review.submitted * 1000).getUTCFullYear(),
  ),
  'review submitted in the week of 1 January',
);
/** An active MUD-client game whose snapshot reports PORT, CREATED and PLAYERS. */
const msspGame = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.msspCollectedAt !== null &&
      game.msspRaw !== null &&
      'PORT' in game.msspRaw &&
      'CREATED' in game.msspRaw &&
      'PLAYERS' in game.msspRaw,
  ),
  'game whose snapshot reports PORT and CREATED',
);
/** A game crawled all through the last two weeks, and a statistics-ready one first crawled in the last 60 days. */
const crawled = statisticsGame(500, 3);
const young = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.statisticsState === 'ready' &&
      game.crawlStart !== null &&
      game.crawlStart > now - 60 * DAY &&
      game.crawlStart < now - 10 * DAY,
  ),
  'game first crawled in the last 60 days',
);
const YOUNG_FROM = date(young.crawlStart! - 5 * DAY);
const YOUNG_TO = date(young.crawlStart! + DAY);

const detail = async (call: Call, id: number) => (await call(`/games/${id}`)).body.data;
const total = async (call: Call, path: string) => (await call(path)).body.meta?.total;
/** The path of an absolute link, relative to the API base (what `call` takes). */
const apiPath = (link: string) => new URL(link).pathname.replace(/^\/api\/v1/, '') + new URL(link).search;

const WITNESSES: Record<BlindFault26Name, Observe> = {
  'blind26-links-documented-params-only': async (call) =>
    [
      (await call('/games?per_page=5&utm_source=newsletter')).body.links,
      (await call('/reviews?per_page=5&_=1')).body.links,
    ].map((links: { self: string; next: string }) => ({
      self: apiPath(links.self),
      next: apiPath(links.next),
    })),
  'blind26-q-quoted-phrase': (call) => total(call, `/games?q=${encodeURIComponent(PHRASE)}&per_page=1`),
  'blind26-sort-minus-prefix-descending': async (call) => ids(await call('/games?sort=-newest&per_page=10')),
  'blind26-recently-updated-reads-last-crawl': (call) => total(call, '/games?recently_updated=1&per_page=1'),
  'blind26-tag-bare-and-bracketed-anded': (call) =>
    total(call, `/games?theme_tag_id=${themeA}&theme_tag_id[]=${themeB}&per_page=1`),
  'blind26-web-only-connection-null': async (call) => (await detail(call, webOnly.id)).connection,
  'blind26-latest-players-zero-null': async (call) =>
    (await detail(call, nobodyOnline.id)).status.latest_players,
  'blind26-reviews-link-nested-route': async (call) => {
    const link: string = (await detail(call, nobodyOnline.id)).urls.reviews;
    return [apiPath(link), (await call(apiPath(link))).status];
  },
  'blind26-archived-detail-tombstone': async (call) =>
    Object.keys(await detail(call, archivedGame.id)).sort(),
  'blind26-review-dates-week-based-year': async (call) =>
    (await call(`/reviews/${yearEndReview.id}`)).body.data.dates.submitted,
  'blind26-reviews-meta-per-page-as-sent': async (call) => {
    const reply = await call('/reviews?per_page=100');
    return [reply.body.meta.per_page, reply.body.data.length];
  },
  'blind26-mssp-only-metric-keys-numeric': async (call) => {
    const { values } = (await call(`/games/${msspGame.id}/mssp`)).body.data;
    return [typeof values.port, typeof values.created, typeof values.players];
  },
  'blind26-history-range-limit-as-lookback': async (call) => [
    (await call(`/games/${crawled.id}/players?from=${daysAgo(400)}&to=${daysAgo(394)}`)).status,
    (await call(`/games/${crawled.id}/players?granularity=raw&from=${daysAgo(120)}&to=${daysAgo(120)}`))
      .status,
  ],
  'blind26-stats-default-range-31-days': async (call) => {
    const { meta, data } = (await call(`/games/${crawled.id}/statistics?to=${daysAgo(1)}`)).body;
    return [meta.from, data.length];
  },
  'blind26-stats-empty-bucket-count-null': async (call) =>
    (await call(`/games/${young.id}/statistics?from=${YOUNG_FROM}&to=${YOUNG_TO}`)).body.data.map(
      (point: { count: number | null }) => point.count,
    ),
  'blind26-activity-sparse-cell-count-null': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}`)).body.data.map(
      (cell: { count: number | null }) => cell.count,
    ),
  'blind26-bare-key-accepted': async (call) => (await call('/tags', { authorization: KEYS.high.key })).status,
  'blind26-request-id-echoes-client': async (call) => {
    const headers = { 'X-Request-ID': 'trace-1' };
    const first = (await call('/tags', { headers })).headers['x-request-id'];
    const second = (await call('/games/0', { headers })).body.request_id;
    return [first === second, first === 'trace-1'];
  },
  'blind26-retry-after-until-both-reset': async (call) =>
    (await sendTimes(call, KEYS.low.per_minute + 1, KEYS.low)).headers['retry-after'],
  'blind26-failed-auth-rate-limited': async (call) => {
    const reply = await call('/tags', { key: null });
    return [
      reply.status,
      reply.headers['x-ratelimit-limit'] ?? null,
      reply.headers['x-ratelimit-remaining'] ?? null,
    ];
  },
};

describe('blind fault set 26', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind26', 20, BLIND_FAULTS_26, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_26, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: links keep every parameter; a quoted run is no phrase; an unknown sort; the filters.
    const [gameLinks, reviewLinks] = (await WITNESSES['blind26-links-documented-params-only'](
      call,
    )) as Array<{
      self: string;
      next: string;
    }>;
    expect(gameLinks).toEqual({
      self: '/games?per_page=5&utm_source=newsletter&page=1',
      next: '/games?per_page=5&utm_source=newsletter&page=2',
    });
    expect(reviewLinks!.next).toBe('/reviews?per_page=5&_=1&page=2');
    expect(await WITNESSES['blind26-q-quoted-phrase'](call)).toBe(0);
    expect(
      await total(call, `/games?q=${encodeURIComponent(PHRASE.slice(1, -1))}&per_page=1`),
    ).toBeGreaterThan(0);
    expect(await WITNESSES['blind26-sort-minus-prefix-descending'](call)).toEqual(
      ids(await call('/games?per_page=10')),
    );
    expect(await WITNESSES['blind26-recently-updated-reads-last-crawl'](call)).toBe(
      active.filter((game) => game.updated >= now - 30 * DAY).length,
    );
    expect(await WITNESSES['blind26-tag-bare-and-bracketed-anded'](call)).toBe(eitherTheme.length);
    expect(eitherTheme.length).toBeGreaterThan(0);

    // Representations: a web-only game's connection object; 0 players; the reviews link; an archived detail.
    expect(await WITNESSES['blind26-web-only-connection-null'](call)).toEqual({
      host: null,
      port: null,
      tls_port: null,
      mssp_port: null,
    });
    expect(await WITNESSES['blind26-latest-players-zero-null'](call)).toBe(0);
    expect(await WITNESSES['blind26-reviews-link-nested-route'](call)).toEqual([
      `/reviews?game_id=${nobodyOnline.id}`,
      200,
    ]);
    const archivedKeys = (await WITNESSES['blind26-archived-detail-tombstone'](call)) as string[];
    expect(archivedKeys).toEqual(Object.keys(await detail(call, active[0]!.id)).sort());
    expect(archivedKeys).toContain('description');

    // Reviews: the calendar year; the page size served.
    expect(await WITNESSES['blind26-review-dates-week-based-year'](call)).toBe(
      formatUtcTimestamp(yearEndReview.submitted),
    );
    expect(await WITNESSES['blind26-reviews-meta-per-page-as-sent'](call)).toEqual([50, 50]);

    // MSSP, player history, statistics, activity pattern.
    expect(await WITNESSES['blind26-mssp-only-metric-keys-numeric'](call)).toEqual([
      'number',
      'number',
      'number',
    ]);
    expect(await WITNESSES['blind26-history-range-limit-as-lookback'](call)).toEqual([200, 200]);
    expect(await WITNESSES['blind26-stats-default-range-31-days'](call)).toEqual([daysAgo(30), 30]);
    const counts = (await WITNESSES['blind26-stats-empty-bucket-count-null'](call)) as number[];
    expect(counts[0]).toBe(0);
    expect(counts.at(-1)).toBeGreaterThan(0);
    const cells = (await WITNESSES['blind26-activity-sparse-cell-count-null'](call)) as number[];
    expect(cells).toHaveLength(168);
    expect(new Set(cells)).toEqual(new Set([0, 2]));

    // Authentication, request ids, limits.
    expect(await WITNESSES['blind26-bare-key-accepted'](call)).toBe(401);
    expect((await call('/tags', { authorization: `Bearer ${KEYS.high.key}` })).status).toBe(200);
    expect(await WITNESSES['blind26-request-id-echoes-client'](call)).toEqual([false, false]);
    expect(await WITNESSES['blind26-retry-after-until-both-reset'](call)).toBe('60');
    expect(await WITNESSES['blind26-failed-auth-rate-limited'](call)).toEqual([401, null, null]);
  });
});

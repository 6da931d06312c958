/**
 * Witnesses of blind fault set 6 (set-6.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import { REVIEW_LISTING } from '../domain/review-query.ts';
import {
  DAY,
  TODAY,
  active,
  archived,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  witnessKeys,
  witnessServers,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_6, type BlindFault6Name } from './set-6.ts';

const KEYS = witnessKeys('blind6');
const reviewsOf = (game: GameRecord) => dataset.reviews.filter((r) => r.gameId === game.id);

/** A link without its origin, as written: the two servers listen on different ports. */
const asWritten = (link: string | undefined): string | undefined => link?.replace(/^[a-z]+:\/\/[^/]+/, '');

const withoutTlsPort = pick(
  active.filter((g) => !g.webOnly && g.tlsPort === null && g.port !== null),
  'active game with a port but no TLS port',
);
const webOnlyReviewed = pick(
  active.filter((g) => g.webOnly && reviewsOf(g).length > 0),
  'active web-only game with reviews',
);
const archivedReview = pick(
  dataset.reviews.filter((r) => archived.some((g) => g.id === r.gameId)),
  'review of an archived game',
);
/** A word of an active game's name that some active games lack in their name, intro and description. */
const searchTerm = (() => {
  const texts = active.map((g) => [g.name, g.intro, g.description].join('\n').toLowerCase());
  for (const game of active) {
    for (const word of game.name.toLowerCase().split(/[^a-z]+/)) {
      const found = texts.filter((text) => text.includes(word)).length;
      if (word.length >= 4 && found < active.length / 2) return { word, found };
    }
  }
  throw new Error('no name word that only some games hold');
})();
const [firstSnapshot, secondSnapshot] = active.filter(
  (g) => g.msspRaw !== null && g.msspCollectedAt !== null,
);
/** A game with statistics ready, crawled all week, whose MSSP never reports `objects`. */
const withoutObjects = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.metricBase.objects === null &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 10 * DAY &&
      g.crawlEnd === null &&
      g.outages.every((o) => o.end < ANCHOR_SECONDS - 7 * DAY),
  ),
  'game with statistics ready that does not report objects',
);
/** An active game with statistics ready, crawled for 30 days, without an outage in the last week. */
const allWeek = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 30 * DAY &&
      g.crawlEnd === null &&
      g.outages.every((o) => o.end < ANCHOR_SECONDS - 7 * DAY),
  ),
  'game with statistics ready, crawled all week',
);

/** Per UTC day of the default range, the game's samples (chronological). */
function samplesByDay(game: GameRecord): Map<number, number[]> {
  const byDay = new Map<number, number[]>();
  for (const t of sampleTimes(
    game,
    ANCHOR_SECONDS - 29 * DAY - (ANCHOR_SECONDS % DAY),
    ANCHOR_SECONDS,
    ANCHOR_SECONDS,
  )) {
    const day = Math.floor(t / DAY);
    byDay.set(day, [...(byDay.get(day) ?? []), playersAt(game, t)]);
  }
  return byDay;
}
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** A game and a day of its default history whose rounded mean changes when the zero samples are left out. */
const [zeroMixed, zeroMixedDay] = (() => {
  for (const game of active) {
    if (game.webOnly) continue;
    for (const [day, players] of samplesByDay(game)) {
      const reported = players.filter((count) => count !== 0);
      if (reported.length > 0 && Math.round(mean(reported)) !== Math.round(mean(players))) {
        return [game, day] as const;
      }
    }
  }
  throw new Error('the test dataset has no day mixing empty and non-empty samples that way');
})();
const markdownReview = pick(
  dataset.reviews.filter((r) => /\*\*|^- |^\d+\. /m.test(r.body)),
  'review whose body has bold text or a list',
);
const NO_GAME = Math.max(...dataset.games.map((g) => g.id)) + 1000;
/** The newest reviews of active games, as GET /reviews lists them. */
const listedReviews = dataset.reviews
  .filter((r) => active.some((g) => g.id === r.gameId))
  .sort((a, b) => REVIEW_LISTING.order(a, b));
const cellOf = (cells: Array<{ weekday: number; hour: number }>, weekday: number, hour: number) =>
  cells.find((cell) => cell.weekday === weekday && cell.hour === hour);

const WITNESSES: Record<BlindFault6Name, Observe> = {
  'blind6-previous-to-first-page-without-page': async (call) =>
    asWritten((await call('/games?per_page=5&page=2')).body.links.previous),
  'blind6-total-ignores-connection-type': async (call) =>
    (await call('/games?connection_type=web_only&per_page=1')).body.meta.total,
  'blind6-list-intro-truncated': async (call) =>
    (await call('/games?per_page=50')).body.data.map((game: { intro: string }) => game.intro),
  'blind6-tls-port-defaults-to-port': async (call) =>
    (await call(`/games/${withoutTlsPort.id}`)).body.data.connection.tls_port,
  'blind6-review-game-archived-reads-web-only': async (call) =>
    (await call(`/reviews?game_id=${webOnlyReviewed.id}`)).body.data.map(
      (review: { game: { archived: boolean } }) => review.game.archived,
    ),
  'blind6-recently-updated-window-milliseconds': async (call) =>
    (await call('/games?recently_updated=1&per_page=1')).body.meta.total,
  'blind6-q-ignored-with-most-reviewed': async (call) =>
    (await call(`/games?q=${searchTerm.word}&sort=most_reviewed&per_page=1`)).body.meta.total,
  'blind6-game-id-parseint': async (call) => (await call(`/games/${active[0]!.id}abc`)).status,
  'blind6-mssp-cache-keyed-by-route': async (call) => {
    await call(`/games/${firstSnapshot!.id}/mssp`);
    return (await call(`/games/${secondSnapshot!.id}/mssp`)).body.meta.game_id;
  },
  'blind6-raw-recorded-at-12-hour-clock': async (call) =>
    (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(1)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at),
  'blind6-daily-average-skips-zero-samples': async (call) =>
    (await call(`/games/${zeroMixed.id}/players`)).body.data,
  'blind6-reviews-sorted-within-page': async (call) => ids(await call('/reviews?per_page=5')),
  'blind6-review-body-markdown-escaped': async (call) =>
    (await call(`/reviews/${markdownReview.id}`)).body.data.body,
  'blind6-tags-last-group-without-values': async (call) => (await call('/tags')).body.data.at(-1).values,
  'blind6-stats-count-includes-missing-values': async (call) =>
    (
      await call(`/games/${withoutObjects.id}/statistics?metric=objects&from=${daysAgo(6)}&to=${TODAY}`)
    ).body.data.map((point: { count: number }) => point.count),
  'blind6-activity-range-in-local-zone': async (call) =>
    (
      await call(
        `/games/${allWeek.id}/activity-pattern?timezone=Asia%2FTokyo&from=${daysAgo(3)}&to=${daysAgo(3)}`,
      )
    ).body.data.map((cell: { count: number }) => cell.count),
  'blind6-activity-three-observations-null': async (call) =>
    // Sunday 12h: the 12:00 and 12:30 crawls of a week ago, and today's 12:00 crawl.
    cellOf(
      (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${TODAY}`)).body.data,
      7,
      12,
    ),
  'blind6-cors-origin-reflected': async (call) =>
    (await call('/tags', { headers: { origin: 'https://console.example' } })).headers[
      'access-control-allow-origin'
    ],
  'blind6-request-id-counter-number': async (call) =>
    typeof (await call(`/games/${NO_GAME}`)).body.request_id,
  // The base already ends in /api/v1: `..` leads to /api/games (the URL parser resolves it).
  'blind6-api-without-version-served': async (call) => (await call('/../games')).status,
};

describe('blind fault set 6', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind6', 20, BLIND_FAULTS_6, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const second = (await call('/games?per_page=5&page=2')).body;
    expect(asWritten(second.links.previous)).toBe('/api/v1/games?per_page=5&page=1');

    const webOnly = active.filter((g) => g.webOnly);
    const webOnlyPage = await call('/games?connection_type=web_only&per_page=50');
    expect(webOnlyPage.body.meta.total).toBe(webOnly.length);
    expect(ids(webOnlyPage).sort((a, b) => a - b)).toEqual(webOnly.map((g) => g.id));

    const listed = (await call('/games?per_page=50')).body.data as Array<{ id: number; intro: string }>;
    expect(listed.some((game) => game.intro.length > 80)).toBe(true);
    for (const game of listed.slice(0, 5)) {
      expect((await call(`/games/${game.id}`)).body.data.intro).toBe(game.intro);
    }
    expect(listed.every((game) => game.intro === dataset.games.find((g) => g.id === game.id)!.intro)).toBe(
      true,
    );

    const connection = (await call(`/games/${withoutTlsPort.id}`)).body.data.connection;
    expect(connection.port).not.toBeNull();
    expect(connection.tls_port).toBeNull();

    const webOnlyReviews = (await call(`/reviews?game_id=${webOnlyReviewed.id}`)).body.data;
    expect(webOnlyReviews.length).toBeGreaterThan(0);
    expect(webOnlyReviews.every((review: { game: { archived: boolean } }) => !review.game.archived)).toBe(
      true,
    );
    expect((await call(`/reviews/${archivedReview.id}`)).body.data.game.archived).toBe(true);

    const recent = active.filter((g) => g.updated >= ANCHOR_SECONDS - 30 * DAY).length;
    expect(recent).toBeGreaterThan(0);
    expect((await call('/games?recently_updated=1&per_page=1')).body.meta.total).toBe(recent);

    const searched = (await call(`/games?q=${searchTerm.word}&per_page=1`)).body.meta.total;
    expect(searched).toBe(searchTerm.found);
    expect(searched).toBeLessThan(active.length);
    expect((await call(`/games?q=${searchTerm.word}&sort=most_reviewed&per_page=1`)).body.meta.total).toBe(
      searched,
    );

    const trailing = await call(`/games/${active[0]!.id}abc`);
    expect([trailing.status, trailing.body.error.code]).toEqual([404, 'game_not_found']);

    await call(`/games/${firstSnapshot!.id}/mssp`);
    const snapshot = (await call(`/games/${secondSnapshot!.id}/mssp`)).body;
    expect([snapshot.meta.game_id, snapshot.meta.status]).toEqual([secondSnapshot!.id, 'available']);

    const raw = (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(1)}&to=${daysAgo(1)}`)
    ).body.data.map((sample: { recorded_at: string }) => sample.recorded_at);
    expect(raw).toHaveLength(48);
    expect(raw).toEqual([...raw].sort());
    expect(raw[0]).toBe(`${daysAgo(1)}T00:00:00Z`);
    expect(raw.at(-1)).toBe(`${daysAgo(1)}T23:30:00Z`);

    const daily = (await call(`/games/${zeroMixed.id}/players`)).body.data as Array<{
      recorded_at: string;
      players: number;
    }>;
    const stamp = `${new Date(zeroMixedDay * DAY * 1000).toISOString().slice(0, 10)}T00:00:00Z`;
    expect(daily.find((sample) => sample.recorded_at === stamp)?.players).toBe(
      Math.round(mean(samplesByDay(zeroMixed).get(zeroMixedDay)!)),
    );

    expect(ids(await call('/reviews?per_page=5'))).toEqual(listedReviews.slice(0, 5).map((r) => r.id));
    expect((await call(`/reviews/${markdownReview.id}`)).body.data.body).toBe(markdownReview.body);

    const groups = (await call('/tags')).body.data as Array<{ values: Array<{ id: number }> }>;
    const lastGroup = dataset.taxonomy.groups.at(-1)!;
    expect(groups.at(-1)!.values.map((tag) => tag.id)).toEqual(lastGroup.values.map((tag) => tag.id));
    expect(active.some((g) => g.categories[lastGroup.key] !== undefined)).toBe(true);

    const objects = (
      await call(`/games/${withoutObjects.id}/statistics?metric=objects&from=${daysAgo(6)}&to=${TODAY}`)
    ).body.data as Array<{ count: number; average: number | null }>;
    expect(objects).toHaveLength(7);
    expect(objects.every((point) => point.count === 0 && point.average === null)).toBe(true);

    // One UTC day seen from Tokyo (UTC+9): 09:00 of that weekday to 08:59 of the next.
    const tokyo = (
      await call(
        `/games/${allWeek.id}/activity-pattern?timezone=Asia%2FTokyo&from=${daysAgo(3)}&to=${daysAgo(3)}`,
      )
    ).body.data as Array<{ weekday: number; hour: number; count: number }>;
    const weekdays = new Set(tokyo.filter((cell) => cell.count > 0).map((cell) => cell.weekday));
    expect(weekdays.size).toBe(2);
    expect(tokyo.reduce((sum, cell) => sum + cell.count, 0)).toBe(48);
    // daysAgo(3) is a Thursday: Tokyo's Thursday 09h holds its first two crawls.
    expect(cellOf(tokyo, 4, 9)).toMatchObject({ count: 2 });

    const week = (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${TODAY}`)).body
      .data;
    expect(cellOf(week, 7, 12)).toMatchObject({ count: 3, average: expect.any(Number) });

    const origin = await call('/tags', { headers: { origin: 'https://console.example' } });
    expect(origin.status).toBe(200);
    expect(origin.headers['access-control-allow-origin']).toBeUndefined();

    const missing = await call(`/games/${NO_GAME}`);
    expect(typeof missing.body.request_id).toBe('string');
    expect(missing.headers['x-request-id']).toBe(missing.body.request_id);

    const unversioned = await call('/../games');
    expect([unversioned.status, unversioned.body.error.code]).toEqual([404, 'route_not_found']);
  });

  itWitnessesEach(BLIND_FAULTS_6, WITNESSES, start);
});

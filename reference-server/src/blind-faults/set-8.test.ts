/**
 * Witnesses of blind fault set 8 (set-8.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import { REVIEW_LISTING } from '../domain/review-query.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
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
  sendTimes,
  witnessKeys,
  witnessServers,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_8, type BlindFault8Name } from './set-8.ts';

const KEYS = witnessKeys('blind8');

/** A link without its origin, as written: the two servers listen on different ports. */
const asWritten = (link: string | undefined): string | undefined => link?.replace(/^[a-z]+:\/\/[^/]+/, '');

const searchable = (game: GameRecord) =>
  [game.name, game.intro, game.description].map((t) => t.toLowerCase());

const withCustomTags = pick(
  active.filter((g) => g.customTags.length > 0),
  'active game with custom tags',
);
const webOnly = pick(
  active.filter((g) => g.webOnly && g.website !== null),
  'active web-only game with a website',
);
/** A theme carried by some active games but not all. */
const theme = (() => {
  const values = dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values.map((t) => t.id);
  const id = values.find((value) => active.some((g) => g.categories.theme === value));
  if (id === undefined) throw new Error('no theme carried by an active game');
  return id;
})();
const themed = active.filter((g) => g.categories.theme === theme).length;
const reached = active.filter((g) => !g.webOnly && lastSuccessfulConnect(g, ANCHOR_SECONDS) !== null).length;
const withCPlusPlus = active.filter((g) => searchable(g).some((text) => text.includes('c++'))).length;
const archivedGame = pick(archived, 'archived game');
const archivedTerms = encodeURIComponent(archivedGame.name);
const staleSnapshot = pick(
  active.filter(
    (g) => g.msspRaw !== null && g.msspCollectedAt !== null && g.msspCollectedAt < ANCHOR_SECONDS - 30 * DAY,
  ),
  'active game whose newest MSSP snapshot is older than 30 days',
);
/** An active game crawled for 60 days and still answering, with an outage inside the default 30-day range. */
const withOutage = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 60 * DAY &&
      g.crawlEnd === null &&
      g.outages.some((o) => o.start > ANCHOR_SECONDS - 28 * DAY && o.end < ANCHOR_SECONDS),
  ),
  'game with an outage in the last 28 days',
);
/** An active game with statistics ready, crawled for 60 days, without an outage in the last week. */
const allWeek = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 60 * DAY &&
      g.crawlEnd === null &&
      g.outages.every((o) => o.end < ANCHOR_SECONDS - 7 * DAY),
  ),
  'game with statistics ready, crawled all week',
);
/** The listed reviews of an active game, newest first, in an order their ids do not follow. */
const [reviewedGame, reviewOrder] = (() => {
  for (const game of active) {
    const order = dataset.reviews
      .filter((r) => r.gameId === game.id)
      .sort((a, b) => REVIEW_LISTING.order(a, b))
      .map((r) => r.id);
    if (order.join() !== [...order].sort((a, b) => a - b).join()) return [game, order] as const;
  }
  throw new Error('no active game whose reviews newest first are not in id order');
})();
/** Darwin is UTC+09:30 all year (no daylight saving time). */
const DARWIN_OFFSET = 9.5 * 3600;

/** The activity pattern of `game` over [from, to] (UTC dates) in a fixed-offset zone: count and average per cell. */
function expectedCells(game: GameRecord, from: string, to: string, offset: number) {
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  const start = Date.parse(`${from}T00:00:00Z`) / 1000;
  const end = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY - 1;
  for (const t of sampleTimes(game, start, end, ANCHOR_SECONDS)) {
    const local = t + offset;
    const day = Math.floor(local / DAY);
    const cell = ((((day + 3) % 7) + 7) % 7) * 24 + Math.floor((local - day * DAY) / 3600);
    counts[cell]! += 1;
    sums[cell]! += playersAt(game, t);
  }
  return counts.map((count, cell) => ({
    count,
    average: count < 3 ? null : roundToHundredths(sums[cell]! / count),
  }));
}

const remaining = (reply: { headers: Record<string, unknown> }) =>
  Number(reply.headers['x-ratelimit-remaining']);

const WITNESSES: Record<BlindFault8Name, Observe> = {
  'blind8-links-drop-default-valued-params': async (call) =>
    asWritten((await call('/games?sort=last_updated&per_page=20')).body.links.self),
  'blind8-custom-tag-name-missing': async (call) =>
    (await call(`/games/${withCustomTags.id}`)).body.data.tags.custom,
  'blind8-web-only-play-listing-page': async (call) =>
    (await call(`/games/${webOnly.id}`)).body.data.urls.play,
  'blind8-encoded-bracket-tag-ignored': async (call) =>
    (await call(`/games?theme_tag_id%5B%5D=${theme}&per_page=1`)).body.meta.total,
  'blind8-recently-online-drops-never-reached': async (call) =>
    (await call('/games?sort=recently_online&per_page=1')).body.meta.total,
  'blind8-q-plus-decoded-as-space': async (call) =>
    (await call('/games?q=C%2B%2B&per_page=1')).body.meta.total,
  'blind8-archived-found-by-search': async (call) => ids(await call(`/games?q=${archivedTerms}&per_page=50`)),
  'blind8-mssp-stale-snapshot-hidden': async (call) =>
    (await call(`/games/${staleSnapshot.id}/mssp`)).body.meta.status,
  'blind8-raw-failed-crawls-as-zero': async (call) =>
    (await call(`/games/${withOutage.id}/players?granularity=raw`)).body.data.length,
  'blind8-daily-average-over-full-day': async (call) =>
    (await call(`/games/${allWeek.id}/players`)).body.data.at(-1).players,
  'blind8-reviews-game-filter-id-order': async (call) =>
    ids(await call(`/reviews?game_id=${reviewedGame.id}&per_page=50`)),
  'blind8-tags-custom-in-null-group': async (call) =>
    (await call('/tags')).body.data.map((group: { id: unknown }) => group.id),
  'blind8-stats-default-range-calendar-month': async (call) =>
    (await call(`/games/${allWeek.id}/statistics?resolution=daily`)).body.data.length,
  'blind8-activity-offset-whole-hours': async (call) =>
    (
      await call(
        `/games/${allWeek.id}/activity-pattern?timezone=Australia/Darwin&from=${daysAgo(7)}&to=${TODAY}`,
      )
    ).body.data,
  'blind8-trailing-slash-skips-auth': async (call) => (await call('/tags/', { key: null })).status,
  'blind8-request-id-replayed-from-cache': async (call) => {
    const [first, second] = [await call('/tags'), await call('/tags')];
    return first.headers['x-request-id'] === second.headers['x-request-id'];
  },
  'blind8-429-code-too-many-requests': async (call) => (await sendTimes(call, 6, KEYS.low)).body.error.code,
  'blind8-api-root-index-served': async (call) => (await call('/')).status,
  'blind8-json-php-redirects': async (call) => (await call('/json.php')).status,
  'blind8-unknown-route-counted-twice': async (call) =>
    remaining(await call('/tags')) - remaining(await call('/no-such-route')),
};

describe('blind fault set 8', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind8', 20, BLIND_FAULTS_8, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const defaults = (await call('/games?sort=last_updated&per_page=20')).body.links;
    expect(asWritten(defaults.self)).toBe('/api/v1/games?sort=last_updated&per_page=20&page=1');
    expect(asWritten(defaults.next)).toBe('/api/v1/games?sort=last_updated&per_page=20&page=2');

    const custom = (await call(`/games/${withCustomTags.id}`)).body.data.tags.custom;
    expect(custom).toEqual(
      withCustomTags.customTags.map((id) => ({
        id,
        name: dataset.taxonomy.custom.find((tag) => tag.id === id)!.name,
      })),
    );
    expect((await call(`/games/${webOnly.id}`)).body.data.urls.play).toBe(webOnly.website);

    const encoded = (await call(`/games?theme_tag_id%5B%5D=${theme}&per_page=1`)).body.meta.total;
    expect(encoded).toBe(themed);
    expect(encoded).toBeLessThan(active.length);

    expect(reached).toBeLessThan(active.length);
    expect((await call('/games?sort=recently_online&per_page=1')).body.meta.total).toBe(active.length);

    expect((await call('/games?q=C%2B%2B&per_page=1')).body.meta.total).toBe(withCPlusPlus);
    expect(withCPlusPlus).toBeLessThan((await call('/games?q=c&per_page=1')).body.meta.total);

    const found = await call(`/games?q=${archivedTerms}&per_page=50`);
    expect(ids(found)).not.toContain(archivedGame.id);
    const terms = archivedGame.name.toLowerCase().split(/\s+/u);
    expect(found.body.meta.total).toBe(
      active.filter((g) => terms.every((term) => searchable(g).some((text) => text.includes(term)))).length,
    );

    const stale = (await call(`/games/${staleSnapshot.id}/mssp`)).body;
    expect(stale.meta.status).toBe('available');
    expect(Date.parse(stale.data.collected_at) / 1000).toBeLessThan(ANCHOR_SECONDS - 30 * DAY);

    // The default range runs from 29 days ago, 00:00Z, to now: the outage leaves a gap, not zeros.
    const raw = (await call(`/games/${withOutage.id}/players?granularity=raw`)).body;
    const rangeStart = Date.parse(`${daysAgo(29)}T00:00:00Z`) / 1000;
    const samples = [...sampleTimes(withOutage, rangeStart, ANCHOR_SECONDS, ANCHOR_SECONDS)];
    expect(raw.data.map((s: { recorded_at: string }) => Date.parse(s.recorded_at) / 1000)).toEqual(samples);
    expect(samples.length).toBeLessThan((ANCHOR_SECONDS - rangeStart) / 1800 + 1);

    const today = [
      ...sampleTimes(allWeek, ANCHOR_SECONDS - (ANCHOR_SECONDS % DAY), ANCHOR_SECONDS, ANCHOR_SECONDS),
    ];
    expect(today).toHaveLength(25);
    const mean = today.reduce((sum, t) => sum + playersAt(allWeek, t), 0) / today.length;
    expect((await call(`/games/${allWeek.id}/players`)).body.data.at(-1)).toEqual({
      recorded_at: `${TODAY}T00:00:00Z`,
      players: Math.round(mean),
    });

    expect(ids(await call(`/reviews?game_id=${reviewedGame.id}&per_page=50`))).toEqual(reviewOrder);

    const groups = (await call('/tags')).body.data as Array<{ id: unknown; name: unknown }>;
    expect(groups.map((group) => group.id)).toEqual(dataset.taxonomy.groups.map((group) => group.id));

    const points = (await call(`/games/${allWeek.id}/statistics?resolution=daily`)).body;
    expect([points.data.length, points.meta.from, points.meta.to]).toEqual([30, daysAgo(29), TODAY]);

    const cells = (
      await call(
        `/games/${allWeek.id}/activity-pattern?timezone=Australia/Darwin&from=${daysAgo(7)}&to=${TODAY}`,
      )
    ).body.data as Array<{ count: number; average: number | null }>;
    expect(cells.map(({ count, average }) => ({ count, average }))).toEqual(
      expectedCells(allWeek, daysAgo(7), TODAY, DARWIN_OFFSET),
    );

    const anonymous = await call('/tags/', { key: null });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_required']);

    const [first, second] = [await call('/tags'), await call('/tags')];
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);

    const refused = await sendTimes(call, 6, KEYS.low);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limit_exceeded']);

    for (const path of ['/', '']) {
      const root = await call(path);
      expect([root.status, root.body.error.code]).toEqual([404, 'route_not_found']);
    }

    expect((await call('/json.php')).status).toBe(410);
    expect((await call('/../../json.php', { key: null })).status).toBe(410);

    const before = remaining(await call('/tags'));
    const unknown = await call('/no-such-route');
    expect([unknown.status, before - remaining(unknown)]).toEqual([404, 1]);
  });

  itWitnessesEach(BLIND_FAULTS_8, WITNESSES, start);
});

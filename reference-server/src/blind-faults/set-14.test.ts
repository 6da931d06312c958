/**
 * Witnesses of blind fault set 14 (set-14.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { playAddress } from '../domain/representation.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  crawledAllWeek,
  dataset,
  date,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  witnessKeys,
  type Observe,
  statisticsGame,
} from './testing/witness-harness.ts';
import { witnessServers } from './testing/witness-harness.ts';
import { BLIND_FAULTS_14, type BlindFault14Name } from './set-14.ts';

const KEYS = witnessKeys('blind14');

const allWeek = crawledAllWeek(120);
const lower = (game: (typeof active)[number]) =>
  [game.name, game.intro, game.description].map((text) => text.toLowerCase());
/** A word of an active game's name that its intro holds too (two hits for one term). */
const twice = pick(
  active.flatMap((game) =>
    game.name
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => /^[a-z]{4,}$/.test(word) && lower(game)[1]!.includes(word))
      .map((word) => ({ game, word })),
  ),
  "word of a game's name and intro",
);
/** A term no game holds anywhere. */
const nowhere = 'qzxjvw';
if (dataset.games.some((game) => lower(game).some((text) => text.includes(nowhere)))) {
  throw new Error(`the test dataset holds ${nowhere}`);
}
const withoutCustom = pick(
  active.filter((game) => game.customTags.length === 0),
  'active game without custom tags',
);
const adminDisabled = pick(
  dataset.games.filter((game) => game.archiveReason === 'admin_disabled' && playAddress(game) !== null),
  'game archived by an administrator, with a play address',
);
const named = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.msspCollectedAt !== null &&
      /[A-Z]/.test(game.msspRaw?.NAME ?? '') &&
      game.msspRaw?.NAME !== undefined,
  ),
  'game whose MSSP NAME has capitals',
);
/** A game crawled only for the last days of the default 30-day range. */
const newlyCrawled = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.crawlStart !== null &&
      game.crawlStart > ANCHOR_SECONDS - 25 * DAY &&
      game.crawlStart < ANCHOR_SECONDS - 2 * DAY &&
      game.crawlEnd === null,
  ),
  'game crawled since a date inside the default range',
);
/** A game with statistics, crawled all week. */
const steady = statisticsGame(30, 8);
const statsRange = `from=${daysAgo(7)}&to=${daysAgo(1)}`;
const gameOf = (id: number) => dataset.games.find((game) => game.id === id);
/** A listed review whose id names another game than its own, of another name. */
const misjoined = pick(
  dataset.reviews.filter((review) => {
    const own = gameOf(review.gameId);
    const other = gameOf(review.id);
    return own?.archiveReason === null && other !== undefined && other.name !== own.name;
  }),
  'review whose id names another game',
);
const unknownGame = Math.max(...dataset.games.map((game) => game.id)) + 1000;

const WITNESSES: Record<BlindFault14Name, Observe> = {
  'blind14-has-reviews-join-duplicates': async (call) =>
    (await call('/games?has_reviews=1&per_page=1')).body.meta.total,
  'blind14-q-hits-counted-not-terms': async (call) =>
    ids(await call(`/games?q=${twice.word}%20${nowhere}&per_page=50`)),
  'blind14-explicit-page-zero-based': async (call) => ids(await call('/games?page=1&per_page=5')),
  'blind14-links-query-encoded-twice': async (call) =>
    (await call('/games?q=dragon%20keep&per_page=1')).body.links.self,
  'blind14-detail-from-list-cache': async (call) => {
    const [first] = ids(await call('/games?per_page=1'));
    const detail = (await call(`/games/${first}`)).body.data;
    return [detail.description, detail.watcher_count];
  },
  'blind14-custom-tags-null-when-none': async (call) =>
    (await call(`/games/${withoutCustom.id}`)).body.data.tags.custom,
  'blind14-admin-disabled-play-kept': async (call) =>
    (await call(`/games/${adminDisabled.id}`)).body.data.urls.play,
  'blind14-mssp-text-values-lowercased': async (call) =>
    (await call(`/games/${named.id}/mssp`)).body.data.values.name,
  'blind14-raw-limit-skipped-without-to': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(99)}`)).status,
  'blind14-players-meta-range-from-samples': async (call) =>
    (await call(`/games/${newlyCrawled.id}/players`)).body.meta,
  'blind14-stats-min-max-over-whole-range': async (call) =>
    (await call(`/games/${steady.id}/statistics?metric=players&resolution=daily&${statsRange}`)).body.data,
  'blind14-activity-count-distinct-days': async (call) =>
    (await call(`/games/${allWeek.id}/activity-pattern?${statsRange}`)).body.data,
  'blind14-review-game-joined-on-review-id': async (call) =>
    (await call(`/reviews/${misjoined.id}`)).body.data.game,
  'blind14-reviews-one-per-game': async (call) => (await call('/reviews?per_page=1')).body.meta.total,
  'blind14-tags-groups-zipped-by-name-order': async (call) => (await call('/tags')).body.data,
  'blind14-unknown-game-404-before-auth': async (call) =>
    (await call(`/games/${unknownGame}`, { key: null })).status,
  'blind14-method-override-honoured': async (call) =>
    (await call('/tags', { method: 'POST', headers: { 'x-http-method-override': 'GET' } })).status,
  'blind14-accept-not-json-406': async (call) =>
    (await call('/tags', { headers: { accept: 'text/html' } })).status,
  'blind14-remaining-min-with-day-limit': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-remaining'],
  'blind14-reset-day-only-when-spent': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-reset'],
};

describe('blind fault set 14', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind14', 20, BLIND_FAULTS_14, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const reviewCount = (gameId: number) => dataset.reviews.filter((r) => r.gameId === gameId).length;

    // Each active game with a review once: 170 games, fewer than the reviews they have.
    const reviewed = active.filter((game) => reviewCount(game.id) > 0);
    const withReviews = await call('/games?has_reviews=1&per_page=50');
    expect(withReviews.body.meta.total).toBe(reviewed.length);
    expect(new Set(ids(withReviews)).size).toBe(ids(withReviews).length);
    expect(reviewed.reduce((sum, game) => sum + reviewCount(game.id), 0)).toBeGreaterThan(reviewed.length);

    expect(ids(await call(`/games?q=${twice.word}%20${nowhere}&per_page=50`))).toEqual([]);
    expect(ids(await call(`/games?q=${twice.word}&per_page=50`))).toContain(twice.game.id);

    const implicit = ids(await call('/games?per_page=5'));
    expect(ids(await call('/games?page=1&per_page=5'))).toEqual(implicit);

    const self = new URL((await call('/games?q=dragon%20keep&per_page=1')).body.links.self);
    expect([self.searchParams.get('q'), self.searchParams.get('page')]).toEqual(['dragon keep', '1']);

    const [first] = ids(await call('/games?per_page=1'));
    const detail = (await call(`/games/${first}`)).body.data;
    expect(typeof detail.description).toBe('string');
    expect(Number.isInteger(detail.watcher_count)).toBe(true);

    expect((await call(`/games/${withoutCustom.id}`)).body.data.tags.custom).toEqual([]);
    const disabled = (await call(`/games/${adminDisabled.id}`)).body.data;
    expect([disabled.status.archived, disabled.status.archive_reason, disabled.urls.play]).toEqual([
      true,
      'admin_disabled',
      null,
    ]);

    expect((await call(`/games/${named.id}/mssp`)).body.data.values.name).toBe(named.msspRaw!.NAME);

    const longRaw = await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(99)}`);
    expect([longRaw.status, longRaw.body.error.code]).toEqual([422, 'invalid_date_range']);

    const history = await call(`/games/${newlyCrawled.id}/players`);
    expect(history.body.meta.from).toBe(daysAgo(29));
    expect(history.body.meta.to).toBe(date(ANCHOR_SECONDS));
    expect(history.body.data[0].recorded_at.slice(0, 10) > daysAgo(29)).toBe(true);

    const points = (
      await call(`/games/${steady.id}/statistics?metric=players&resolution=daily&${statsRange}`)
    ).body.data as Array<{ count: number; min: number; max: number }>;
    expect(points.filter((point) => point.count > 0).length).toBeGreaterThan(1);
    expect(new Set(points.map((point) => `${point.min}/${point.max}`)).size).toBeGreaterThan(1);

    // A week of samples every 30 minutes: two observations a cell, each with its day; one day a week.
    const cells = (await call(`/games/${allWeek.id}/activity-pattern?${statsRange}`)).body.data as Array<{
      count: number;
      average: number | null;
    }>;
    expect(cells.length).toBe(168);
    expect(cells.some((cell) => cell.count >= 2)).toBe(true);

    const review = (await call(`/reviews/${misjoined.id}`)).body.data.game;
    expect(review).toEqual({ id: misjoined.gameId, name: gameOf(misjoined.gameId)!.name, archived: false });

    const listed = dataset.reviews.filter((r) => gameOf(r.gameId)?.archiveReason === null);
    expect((await call('/reviews?per_page=1')).body.meta.total).toBe(listed.length);
    expect(new Set(listed.map((r) => r.gameId)).size).toBeLessThan(listed.length);

    const groups = (await call('/tags')).body.data as Array<{ id: number; values: Array<{ id: number }> }>;
    expect(groups.map((group) => group.values.map((tag) => tag.id))).toEqual(
      dataset.taxonomy.groups.map((group) => group.values.map((tag) => tag.id)),
    );
    expect(groups.map((group) => group.id)).toEqual(dataset.taxonomy.groups.map((group) => group.id));

    const anonymous = await call(`/games/${unknownGame}`, { key: null });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_required']);

    const posted = await call('/tags', { method: 'POST', headers: { 'x-http-method-override': 'GET' } });
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET']);

    const html = await call('/tags', { headers: { accept: 'text/html' } });
    expect([html.status, html.body.data.length > 0]).toEqual([200, true]);

    // The day-limited key (10/min, 3/day): the day binds from the first request.
    const day = await call('/tags', { key: KEYS.dayLimited });
    expect(day.headers['x-ratelimit-remaining']).toBe('2');
    expect(day.headers['x-ratelimit-reset']).toBe(String(ANCHOR_SECONDS - (ANCHOR_SECONDS % DAY) + DAY));
  });

  itWitnessesEach(BLIND_FAULTS_14, WITNESSES, start);
});

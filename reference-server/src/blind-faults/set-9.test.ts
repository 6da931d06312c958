/**
 * Witnesses of blind fault set 9 (set-9.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_KEYS, type GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  crawledAllWeek,
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
import { BLIND_FAULTS_9, type BlindFault9Name } from './set-9.ts';

const KEYS = witnessKeys('blind9');

const searchable = (game: GameRecord) =>
  [game.name, game.intro, game.description].map((text) => text.toLowerCase());
const matches = (terms: readonly string[]) =>
  active.filter((game) => terms.every((term) => searchable(game).some((text) => text.includes(term))));

/** A term found in several active games, in the name of some and only further down in others. */
const TERM = 'mud';
/** Two words of one game, the first of its name and the last of its description: not side by side. */
const [phraseGame, phrase] = (() => {
  for (const game of active) {
    const first = game.name.toLowerCase().split(/\s+/u)[0]!;
    const last = game.description
      .toLowerCase()
      .split(/\s+/u)
      .at(-1)!
      .replace(/[^a-z]/g, '');
    if (last.length > 3 && !searchable(game).some((text) => text.includes(`${first} ${last}`)))
      return [game, `${first} ${last}`] as const;
  }
  throw new Error('no game for a two-word search');
})();
const reviewed = new Set(dataset.reviews.map((review) => review.gameId));
const RECENT = ANCHOR_SECONDS - 30 * DAY;
const bothFlags = active.filter((game) => reviewed.has(game.id) && game.updated >= RECENT).length;
const eitherFlag = active.filter((game) => reviewed.has(game.id) || game.updated >= RECENT).length;
const mudClients = active.filter((game) => !game.webOnly);
/** A theme carried by some active games but not all. */
const theme = (() => {
  const values = dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values.map((t) => t.id);
  const id = values.find((value) => active.some((g) => g.categories.theme === value));
  if (id === undefined) throw new Error('no theme carried by an active game');
  return id;
})();
const themed = active.filter((g) => g.categories.theme === theme).length;
const withoutSomeCategory = pick(
  active.filter((game) => CATEGORY_KEYS.some((key) => game.categories[key] === undefined)),
  'active game without a tag in some category',
);
const listedReviews = dataset.reviews.filter((review) => active.some((game) => game.id === review.gameId));
const review = pick(listedReviews, 'listed review');
const withMultiwordFlag = pick(
  active.filter((game) => game.msspRaw?.['XTERM 256 COLORS'] !== undefined),
  'active game reporting XTERM 256 COLORS',
);
const allWeek = crawledAllWeek(60);
const unavailable = pick(
  active.filter((game) => game.statisticsState === 'unavailable'),
  'game whose statistics are unavailable',
);
const SERVER_ZONE = 5 * 3600;

const WITNESSES: Record<BlindFault9Name, Observe> = {
  'blind9-search-ordered-by-relevance': async (call) => ids(await call(`/games?q=${TERM}&per_page=50`)),
  'blind9-q-searched-as-phrase': async (call) =>
    (await call(`/games?q=${encodeURIComponent(phrase)}&per_page=1`)).body.meta.total,
  'blind9-flags-combined-with-or': async (call) =>
    (await call('/games?has_reviews=1&recently_updated=1&per_page=1')).body.meta.total,
  'blind9-mud-client-excludes-never-reached': async (call) =>
    (await call('/games?connection_type=mud_client&per_page=1')).body.meta.total,
  'blind9-single-bracketed-tag-ignored': async (call) =>
    (await call(`/games?theme_tag_id[]=${theme}&per_page=1`)).body.meta.total,
  'blind9-rank-within-filtered-results': async (call) =>
    (await call(`/games?q=${TERM}&per_page=5`)).body.data.map(
      (game: { ranking: { rank: number | null } }) => game.ranking.rank,
    ),
  'blind9-categories-null-for-missing': async (call) =>
    (await call(`/games/${withoutSomeCategory.id}`)).body.data.tags.categories,
  'blind9-review-submitted-without-seconds': async (call) =>
    (await call(`/reviews/${review.id}`)).body.data.dates.submitted,
  'blind9-review-game-link-relative': async (call) =>
    (await call(`/reviews/${review.id}`)).body.data.urls.game.replace(/^[a-z]+:\/\/[^/]+/, 'origin'),
  'blind9-reviews-unrated-missing': async (call) => (await call('/reviews?per_page=1')).body.meta.total,
  'blind9-mssp-multiword-flags-as-text': async (call) =>
    (await call(`/games/${withMultiwordFlag.id}/mssp`)).body.data.values,
  'blind9-granularity-invalid-filter-code': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=hourly`)).body.error.code,
  'blind9-daily-buckets-server-local-day': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=${daysAgo(3)}&to=${daysAgo(1)}`)).body.data,
  'blind9-activity-to-exclusive': async (call) =>
    (
      await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}`)
    ).body.data.reduce((sum: number, cell: { count: number }) => sum + cell.count, 0),
  'blind9-stats-unavailable-500': async (call) => (await call(`/games/${unavailable.id}/statistics`)).status,
  'blind9-tags-served-as-html': async (call) => (await call('/tags')).headers['content-type'],
  'blind9-other-scheme-authentication-required': async (call) =>
    (await call('/tags', { authorization: 'Basic dXNlcjpwYXNz' })).body.error.code,
  'blind9-401-without-request-id': async (call) =>
    typeof (await call('/tags', { key: null })).body.request_id,
  'blind9-revoked-key-rate-limit-headers': async (call) =>
    (await call('/tags', { key: KEYS.revoked })).headers['x-ratelimit-limit'],
  'blind9-reset-always-day-end': async (call) =>
    (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-reset'],
};

describe('blind fault set 9', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind9', 20, BLIND_FAULTS_9, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    // The default order (last_updated) holds for a search too.
    const searched = await call(`/games?q=${TERM}&per_page=50`);
    const found = matches([TERM]);
    expect(searched.body.meta.total).toBe(found.length);
    expect(found.length).toBeGreaterThan(5);
    const updated = ids(searched).map((id) => dataset.games.find((game) => game.id === id)!.updated);
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(ids(searched)).toEqual(ids(await call(`/games?q=${TERM}&sort=last_updated&per_page=50`)));

    const twoTerms = (await call(`/games?q=${encodeURIComponent(phrase)}&per_page=50`)).body;
    expect(twoTerms.meta.total).toBe(matches(phrase.split(' ')).length);
    expect(twoTerms.data.map((game: { id: number }) => game.id)).toContain(phraseGame.id);

    expect(bothFlags).toBeLessThan(eitherFlag);
    const flagged = await call('/games?has_reviews=1&recently_updated=1&per_page=1');
    expect(flagged.body.meta.total).toBe(bothFlags);

    const neverReached = mudClients.filter((game) => lastSuccessfulConnect(game, ANCHOR_SECONDS) === null);
    expect(neverReached.length).toBeGreaterThan(0);
    const mud = await call('/games?connection_type=mud_client&per_page=1');
    expect(mud.body.meta.total).toBe(mudClients.length);

    expect(themed).toBeLessThan(active.length);
    expect((await call(`/games?theme_tag_id[]=${theme}&per_page=1`)).body.meta.total).toBe(themed);

    // Each listed game's rank is the one its detail shows.
    for (const item of (await call(`/games?q=${TERM}&per_page=5`)).body.data as Array<{
      id: number;
      ranking: { rank: number | null };
    }>) {
      expect((await call(`/games/${item.id}`)).body.data.ranking.rank).toBe(item.ranking.rank);
    }

    const categories = (await call(`/games/${withoutSomeCategory.id}`)).body.data.tags.categories;
    expect(Object.values(categories)).not.toContain(null);
    expect(Object.keys(categories)).toEqual(
      CATEGORY_KEYS.filter((key) => withoutSomeCategory.categories[key] !== undefined),
    );

    const detail = (await call(`/reviews/${review.id}`)).body.data;
    expect(detail.dates.submitted).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(detail.urls.game).toMatch(new RegExp(`^http://[^/]+/api/v1/games/${review.gameId}$`));

    expect(listedReviews.some((r) => r.rating === null)).toBe(true);
    expect((await call('/reviews?per_page=1')).body.meta.total).toBe(listedReviews.length);

    const values = (await call(`/games/${withMultiwordFlag.id}/mssp`)).body.data.values;
    expect(typeof values.xterm_256_colors).toBe('boolean');

    const refused = await call(`/games/${allWeek.id}/players?granularity=hourly`);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'invalid_date_range']);

    // Daily values per UTC day: the mean of the samples from 00:00Z to 23:30Z.
    const daily = (await call(`/games/${allWeek.id}/players?from=${daysAgo(3)}&to=${daysAgo(1)}`)).body.data;
    expect(daily).toEqual(
      [3, 2, 1].map((days) => {
        const dayStart = ANCHOR_SECONDS - (ANCHOR_SECONDS % DAY) - days * DAY;
        const times = [...sampleTimes(allWeek, dayStart, dayStart + DAY - 1, ANCHOR_SECONDS)];
        const mean = times.reduce((sum, t) => sum + playersAt(allWeek, t), 0) / times.length;
        return { recorded_at: `${daysAgo(days)}T00:00:00Z`, players: Math.round(mean) };
      }),
    );
    expect(SERVER_ZONE).toBeGreaterThan(0);

    const oneDay = (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}`))
      .body.data as Array<{ count: number }>;
    expect(oneDay.reduce((sum, cell) => sum + cell.count, 0)).toBe(48);

    const stats = await call(`/games/${unavailable.id}/statistics`);
    expect([stats.status, stats.body.error.code]).toEqual([503, 'statistics_unavailable']);

    expect((await call('/tags')).headers['content-type']).toBe('application/json; charset=utf-8');

    const basic = await call('/tags', { authorization: 'Basic dXNlcjpwYXNz' });
    expect([basic.status, basic.body.error.code]).toEqual([401, 'invalid_api_key']);

    const anonymous = await call('/tags', { key: null });
    expect([anonymous.status, typeof anonymous.body.request_id]).toEqual([401, 'string']);

    const revoked = await call('/tags', { key: KEYS.revoked });
    expect(revoked.status).toBe(401);
    expect(revoked.headers['x-ratelimit-limit']).toBeUndefined();

    const nextMinute = Math.floor(ANCHOR_SECONDS / 60) * 60 + 60;
    expect(Number((await call('/tags', { key: KEYS.low })).headers['x-ratelimit-reset'])).toBe(nextMinute);
    expect(TODAY).toBe('2026-11-22');
  });

  itWitnessesEach(BLIND_FAULTS_9, WITNESSES, start);
});

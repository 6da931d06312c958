/**
 * Witnesses of blind fault set 22 (set-22.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { CategoryKey, GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, rawSamples } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  clockOf,
  crawledAllWeek,
  daysAgo,
  dataset,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  statisticsGame,
  witnessKeys,
  type Call,
  type Observe,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_22, type BlindFault22Name } from './set-22.ts';

const KEYS = witnessKeys('blind22');
const now = ANCHOR_SECONDS;
const HOUR = 3600;

const allWeek = crawledAllWeek(400);
const statsGame = statisticsGame(30, 2);
const YESTERDAY = daysAgo(1);

const texts = (game: GameRecord) => `${game.name}\n${game.intro}\n${game.description}`.toLowerCase();
const containing = (term: string) => active.filter((game) => texts(game).includes(term)).length;

const reviewCounts = new Map<number, number>();
for (const review of dataset.reviews)
  reviewCounts.set(review.gameId, (reviewCounts.get(review.gameId) ?? 0) + 1);
const activeIds = new Set(active.map((game) => game.id));
/** The active reviewed game with the highest id. */
const lastReviewed = Math.max(...[...reviewCounts.keys()].filter((id) => activeIds.has(id)));
/** An active game with an MSSP snapshot whose id is a multiple of 64. */
const block64 = pick(
  active.filter(
    (game) => game.id % 64 === 0 && !game.webOnly && game.msspRaw !== null && game.msspCollectedAt !== null,
  ),
  'active game with a snapshot whose id is a multiple of 64',
);

const themes = dataset.taxonomy.groups.find((group) => group.key === 'theme')!.values;
const [themeA, themeB] = [themes[0]!.id, themes[1]!.id];

/** The active games in the default order (last updated first, ties by id). */
const byUpdated = [...active].sort((a, b) => b.updated - a.updated || a.id - b.id);
/** A tag with at least 10 active games, fewer than 5 of which are among the first 20 of the default order. */
const rareTag = (() => {
  for (const group of dataset.taxonomy.groups) {
    for (const value of group.values) {
      const carries = (game: GameRecord) => game.categories[group.key as CategoryKey] === value.id;
      const total = active.filter(carries).length;
      const early = byUpdated.slice(0, 20).filter(carries).length;
      if (total >= 10 && early < 5) return { parameter: `${group.key}_tag_id`, id: value.id, total };
    }
  }
  throw new Error('the test dataset has no rare tag');
})();
const RARE_TAG = `/games?${rareTag.parameter}=${rareTag.id}&per_page=5`;

const games = (path: string) => async (call: Call) => (await call(path)).body.meta.total;

async function recentlyUpdatedAfterThreeDays(call: Call) {
  await call('/games?recently_updated=1&per_page=1');
  clockOf(call).set((now + 3 * DAY) * 1000);
  return (await call('/games?recently_updated=1&per_page=1')).body.meta.total;
}

const RECENTLY_ONLINE = '/games?sort=recently_online&per_page=50';
async function recentlyOnlineTwentyDaysOn(call: Call) {
  clockOf(call).set((now - 20 * DAY) * 1000);
  await call(RECENTLY_ONLINE);
  clockOf(call).set(now * 1000);
  return ids(await call(RECENTLY_ONLINE));
}

const dailyOf = (game: GameRecord) => `/games/${game.id}/players`;

async function todayTwice(call: Call) {
  await call(dailyOf(allWeek));
  clockOf(call).set((now + 8 * HOUR) * 1000);
  return (await call(dailyOf(allWeek))).body.data.at(-1);
}

async function rawAfterDaily(call: Call) {
  const range = `from=${YESTERDAY}&to=${YESTERDAY}`;
  await call(`/games/${allWeek.id}/players?${range}`);
  return (await call(`/games/${allWeek.id}/players?granularity=raw&${range}`)).body.data.length;
}

async function defaultToNextDay(call: Call) {
  await call(dailyOf(allWeek));
  clockOf(call).set((now + DAY) * 1000);
  return (await call(dailyOf(allWeek))).body.meta;
}

async function themeAThenBoth(call: Call) {
  await call(`/games?theme_tag_id[]=${themeA}&per_page=1`);
  return (await call(`/games?theme_tag_id[]=${themeA}&theme_tag_id[]=${themeB}&per_page=1`)).body.meta.total;
}

async function searchNewestThenOldest(call: Call) {
  await call('/games?q=dragon&sort=newest&per_page=10');
  return ids(await call('/games?q=dragon&sort=oldest&per_page=10'));
}

const WITNESSES: Record<BlindFault22Name, Observe> = {
  'blind22-q-index-tokens-cut-at-12': games('/games?q=megacorporations&per_page=1'),
  'blind22-q-trigram-short-terms-match-nothing': games('/games?q=rp&per_page=1'),
  'blind22-q-terms-stemmed': games('/games?q=realms&per_page=1'),
  'blind22-total-count-capped': async (call) => {
    const { meta, links } = (await call('/games?per_page=50&page=5')).body;
    return [meta.total, 'next' in links];
  },
  'blind22-has-reviews-bitset-word-boundary': games('/games?has_reviews=1&per_page=1'),
  'blind22-most-reviewed-keyset-skips-ties': async (call) =>
    ids(await call('/games?sort=most_reviewed&per_page=4&page=2')),
  'blind22-tag-filter-overfetch-window': async (call) => (await call(RARE_TAG)).body.data.length,
  'blind22-tag-union-memo-keyed-by-first-id': themeAThenBoth,
  'blind22-search-order-memo-ignores-sort': searchNewestThenOldest,
  'blind22-recently-updated-cutoff-at-first-request': recentlyUpdatedAfterThreeDays,
  'blind22-recently-online-order-from-first-request': recentlyOnlineTwentyDaysOn,
  'blind22-reviews-chunk-boundary-skip': async (call) => ids(await call('/reviews?per_page=50&page=2')),
  'blind22-reviews-game-binary-search-last-missed': games(`/reviews?game_id=${lastReviewed}`),
  'blind22-mssp-block-boundary-missing': async (call) =>
    (await call(`/games/${block64.id}/mssp`)).body.meta.status,
  'blind22-raw-last-sample-dropped': async (call) =>
    (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${YESTERDAY}&to=${YESTERDAY}`)
    ).body.data.at(-1).recorded_at,
  'blind22-daily-today-memoised-partial': todayTwice,
  'blind22-daily-average-from-hourly-downsample': async (call) =>
    (await call(dailyOf(allWeek))).body.data.map((sample: { players: number }) => sample.players),
  'blind22-history-memo-ignores-granularity': rawAfterDaily,
  'blind22-players-default-to-fixed-at-first-request': defaultToNextDay,
  'blind22-stats-count-assumed-full-bucket': async (call) =>
    (
      await call(
        `/games/${statsGame.id}/statistics?metric=players&resolution=daily&from=${TODAY}&to=${TODAY}`,
      )
    ).body.data[0].count,
};

describe('blind fault set 22', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind22', 20, BLIND_FAULTS_22, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_22, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    const long = containing('megacorporations');
    expect(long).toBeGreaterThan(0);
    expect(await WITNESSES['blind22-q-index-tokens-cut-at-12'](call)).toBe(long);
    expect(await WITNESSES['blind22-q-trigram-short-terms-match-nothing'](call)).toBe(containing('rp'));
    expect(containing('rp')).toBeGreaterThan(0);
    expect(await WITNESSES['blind22-q-terms-stemmed'](call)).toBe(containing('realms'));
    expect(containing('realm')).toBeGreaterThan(containing('realms'));

    expect(active.length).toBeGreaterThan(250);
    const fifth = (await call('/games?per_page=50&page=5')).body;
    expect(fifth.meta.total).toBe(active.length);
    expect(fifth.links.next).toMatch(/page=6/);

    const reviewed = active.filter((game) => reviewCounts.has(game.id));
    expect(reviewed.some((game) => game.id % 32 === 0)).toBe(true);
    expect(await WITNESSES['blind22-has-reviews-bitset-word-boundary'](call)).toBe(reviewed.length);

    const byReviews = [...active].sort(
      (a, b) => (reviewCounts.get(b.id) ?? 0) - (reviewCounts.get(a.id) ?? 0) || 0,
    );
    const secondPage = await call('/games?sort=most_reviewed&per_page=4&page=2');
    const counts = ids(secondPage).map((id) => reviewCounts.get(id) ?? 0);
    expect(counts).toEqual(byReviews.slice(4, 8).map((game) => reviewCounts.get(game.id) ?? 0));
    expect(counts[0]).toBe(reviewCounts.get(ids(await call('/games?sort=most_reviewed&per_page=4'))[3]!));

    const rare = (await call(RARE_TAG)).body;
    expect(rare.meta.total).toBe(rareTag.total);
    expect(rare.data).toHaveLength(5);

    const inTheme = (id: number) => active.filter((game) => game.categories.theme === id).length;
    expect(inTheme(themeB)).toBeGreaterThan(0);
    expect(await themeAThenBoth(call)).toBe(inTheme(themeA) + inTheme(themeB));

    const oldest = await searchNewestThenOldest(call);
    const dragons = active
      .filter((game) => texts(game).includes('dragon'))
      .sort((a, b) => a.listed - b.listed || a.id - b.id);
    expect(oldest).toEqual(dragons.slice(0, 10).map((game) => game.id));

    const threeDaysOn = now + 3 * DAY;
    expect(await recentlyUpdatedAfterThreeDays(call)).toBe(
      active.filter((game) => game.updated >= threeDaysOn - 30 * DAY).length,
    );

    const online = await recentlyOnlineTwentyDaysOn(call);
    const connects = (await call(RECENTLY_ONLINE)).body.data.map(
      (game: { status: { last_successful_connect: string | null } }) => game.status.last_successful_connect,
    );
    const known = connects.filter((stamp: string | null) => stamp !== null);
    expect(known).toEqual([...known].sort().reverse());
    expect(online).toHaveLength(50);

    const listed = (await call('/reviews?per_page=50&page=2')).body;
    expect(listed.data).toHaveLength(50);
    const submitted = listed.data.map((review: { dates: { submitted: string } }) => review.dates.submitted);
    expect(submitted).toEqual([...submitted].sort().reverse());
    const firstPage = (await call('/reviews?per_page=50')).body.data;
    expect(firstPage.at(-1).dates.submitted >= submitted[0]).toBe(true);

    expect(await WITNESSES['blind22-reviews-game-binary-search-last-missed'](call)).toBe(
      reviewCounts.get(lastReviewed),
    );

    expect(await WITNESSES['blind22-mssp-block-boundary-missing'](call)).toBe('available');

    expect(await WITNESSES['blind22-raw-last-sample-dropped'](call)).toBe(`${YESTERDAY}T23:30:00Z`);

    const day = Math.floor(now / DAY) * DAY;
    clockOf(call).set(now * 1000);
    const partial = await todayTwice(call);
    expect(partial.recorded_at).toBe(`${TODAY}T00:00:00Z`);
    const evening = rawSamples(allWeek, day, day + DAY - 1, now + 8 * HOUR).map((sample) => sample.players);
    expect(partial.players).toBe(Math.round(evening.reduce((a, b) => a + b, 0) / evening.length));

    clockOf(call).set(now * 1000);
    const daily = (await call(dailyOf(allWeek))).body.data as Array<{ recorded_at: string; players: number }>;
    for (const sample of daily.slice(-3)) {
      const start = Date.parse(sample.recorded_at) / 1000;
      const values = rawSamples(allWeek, start, start + DAY - 1, now).map((s) => s.players);
      expect(sample.players).toBe(Math.round(values.reduce((a, b) => a + b, 0) / values.length));
    }

    expect(await rawAfterDaily(call)).toBe(48);

    const meta = await defaultToNextDay(call);
    expect(meta.to).toBe(new Date((now + DAY) * 1000).toISOString().slice(0, 10));
    clockOf(call).set(now * 1000);

    const reachedToday = rawSamples(statsGame, day, now, now).length;
    expect(reachedToday).toBeLessThan(48);
    expect(await WITNESSES['blind22-stats-count-assumed-full-bucket'](call)).toBe(reachedToday);
    expect(lastSuccessfulConnect(statsGame, now)).toBe(now);
  });
});

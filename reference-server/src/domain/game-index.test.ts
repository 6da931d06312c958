import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dataset, GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { GAME_INDEX_RULES, GameIndex, SORT_KEYS } from './game-index.ts';
import { GAME_SORTS, parseGameQuery, type GameQuery } from './game-query.ts';
import { buildGame } from './testing/build-game.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z') / 1000;

function dataset(games: GameRecord[], reviewsOf: Record<number, number> = {}): Dataset {
  const reviews = Object.entries(reviewsOf).flatMap(([gameId, count]) =>
    Array.from({ length: count }, (_, i) => ({
      id: Number(gameId) * 100 + i,
      gameId: Number(gameId),
      title: 't',
      rating: i % 2 === 0 ? 4 : null,
      authorDisplayName: 'a',
      authorAffiliation: null,
      submitted: NOW - i,
      edited: null,
      body: 'b',
    })),
  );
  return {
    seed: 1,
    anchor: NOW,
    taxonomy: { groups: [], custom: [] },
    games,
    reviews,
  };
}

function query(params: Record<string, string | string[]> = {}): GameQuery {
  const result = parseGameQuery({ per_page: '50', ...params });
  if ('error' in result) throw new Error(result.error.message);
  return result.ok;
}

const ids = (index: GameIndex, params: Record<string, string | string[]> = {}) =>
  index.search(query(params), NOW).games.map((g) => g.id);

describe('GameIndex', () => {
  it('answers every filter alike, asked first or again, after its cached mask was dropped or not', () => {
    const games = Array.from({ length: 60 }, (_, i) =>
      buildGame({
        id: i + 1,
        categories: { theme: 100 + (i % 30), codebase: 200 + (i % 7) },
        webOnly: i % 4 === 0,
        monthlyVotes: i,
      }),
    );
    // 30 themes × 2 connection types: more filters than the 16 masks a small index keeps.
    const filters = Array.from({ length: 30 }, (_, t): Record<string, string>[] => [
      { 'theme_tag_id[]': String(100 + t) },
      { 'theme_tag_id[]': String(100 + t), connection_type: 'web_only' },
    ]).flat();
    const fresh = (params: Record<string, string>) => ids(new GameIndex(dataset(games)), params);
    const expected = filters.map(fresh);
    const index = new GameIndex(dataset(games));
    for (const round of [0, 1, 2]) {
      const order = round === 1 ? [...filters.keys()].reverse() : [...filters.keys()];
      for (const i of order) expect(ids(index, filters[i]!), `round ${round}`).toEqual(expected[i]);
    }
    expect(expected.some((result) => result.length > 0)).toBe(true);
  });

  it('orders by any sort key exactly as the comparator sort does (packed or not)', () => {
    const key = fc.oneof(
      fc.integer({ min: -5, max: 5 }), // many ties
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }), // spans beyond what packing takes
      fc.double({ noNaN: true, min: -10, max: 10 }), // fractions: not packed
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 40 }), fc.boolean(), (values, ascending) => {
        const games = values.map((monthlyVotes, i) => buildGame({ id: i * 3 + 1, monthlyVotes }));
        const tiesById = ascending ? 'ascending' : 'descending';
        const index = new GameIndex(dataset(games), {
          ...GAME_INDEX_RULES,
          tiesById,
          sortKeys: { ...SORT_KEYS, top_voted: (game) => game.monthlyVotes },
        });
        const expected = [...games]
          .sort((a, b) => a.monthlyVotes - b.monthlyVotes || (ascending ? a.id - b.id : b.id - a.id))
          .map((game) => game.id);
        expect(ids(index, { sort: 'top_voted' })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves archived games out of results and total', () => {
    const index = new GameIndex(
      dataset([buildGame({ id: 1 }), buildGame({ id: 2, archiveReason: 'admin_disabled' })]),
    );
    expect(index.search(query(), NOW).total).toBe(1);
  });

  it('breaks sort ties by id ascending (D22)', () => {
    const games = [3, 1, 2].map((id) => buildGame({ id, monthlyVotes: 5 }));
    expect(ids(new GameIndex(dataset(games)), { sort: 'top_voted' })).toEqual([1, 2, 3]);
  });

  it('sorts newest by listing date descending', () => {
    const games = [
      buildGame({ id: 1, listed: 100 }),
      buildGame({ id: 2, listed: 300 }),
      buildGame({ id: 3, listed: 200 }),
    ];
    expect(ids(new GameIndex(dataset(games)), { sort: 'newest' })).toEqual([2, 3, 1]);
  });

  it('sorts most_reviewed by review count descending', () => {
    const index = new GameIndex(dataset([buildGame({ id: 1 }), buildGame({ id: 2 })], { 2: 3, 1: 1 }));
    expect(ids(index, { sort: 'most_reviewed' })).toEqual([2, 1]);
  });

  it('puts never-reached and web-only games last for recently_online', () => {
    const games = [
      buildGame({ id: 1, crawlStart: null }),
      buildGame({ id: 2, webOnly: true }),
      buildGame({ id: 3, crawlEnd: NOW - 86_400 }),
      buildGame({ id: 4 }),
    ];
    expect(ids(new GameIndex(dataset(games)), { sort: 'recently_online' })).toEqual([4, 3, 1, 2]);
  });

  it('re-orders recently_online when the clock passes the crawl grid', () => {
    const games = [buildGame({ id: 1, crawlEnd: NOW - 3600 }), buildGame({ id: 2, crawlStart: NOW + 1800 })];
    const index = new GameIndex(dataset(games));
    const before = index.search(query({ sort: 'recently_online' }), NOW).games.map((g) => g.id);
    const after = index.search(query({ sort: 'recently_online' }), NOW + 1800).games.map((g) => g.id);
    expect([before, after]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('combines tag ids with OR within a category and AND across', () => {
    const games = [
      buildGame({ id: 1, categories: { theme: 10, codebase: 20 } }),
      buildGame({ id: 2, categories: { theme: 11, codebase: 20 } }),
      buildGame({ id: 3, categories: { theme: 11, codebase: 21 } }),
    ];
    expect(
      ids(new GameIndex(dataset(games)), { 'theme_tag_id[]': ['10', '11'], codebase_tag_id: '20' }),
    ).toEqual([1, 2]);
  });

  it('requires every search term somewhere in name, intro or description', () => {
    const games = [
      buildGame({ id: 1, name: 'Dragon Keep', intro: 'Elves', description: '' }),
      buildGame({ id: 2, name: 'Dragon Keep', intro: 'Orcs', description: '' }),
    ];
    expect(ids(new GameIndex(dataset(games)), { q: 'dragon ELVES' })).toEqual([1]);
  });

  it('answers a search asked before its background build is done, and the same after', async () => {
    const games = Array.from({ length: 500 }, (_, i) =>
      buildGame({ id: i + 1, name: `Keep ${i}`, intro: i % 3 === 0 ? 'Elves' : 'Orcs', description: '' }),
    );
    const index = new GameIndex(dataset(games));
    const built = index.buildInBackground();

    const before = ids(index, { q: 'elves keep', page: '2' });
    await built;

    expect(before).toHaveLength(50);
    expect(before).toEqual(ids(new GameIndex(dataset(games)), { q: 'elves keep', page: '2' }));
    expect(index.buildInBackground()).toBe(built);
  });

  it('answers every sort asked before its order is built by the background build, and the same after', async () => {
    const games = Array.from({ length: 300 }, (_, i) =>
      buildGame({
        id: i + 1,
        monthlyVotes: (i * 7) % 13,
        listed: NOW - ((i * 11) % 17) * 86_400,
        updated: NOW - (i % 5),
      }),
    );
    const sorts = ['top_voted', 'newest', 'oldest', 'last_updated', 'most_reviewed'];
    const index = new GameIndex(dataset(games));
    const before = sorts.map((sort) => ids(index, { sort, page: '2' }));
    const warmed = new GameIndex(dataset(games));
    await warmed.buildInBackground();

    expect(before.every((page) => page.length === 50)).toBe(true);
    expect(sorts.map((sort) => ids(warmed, { sort, page: '2' }))).toEqual(before);
    expect(ids(warmed, { sort: 'top_voted' })).toEqual(
      [...games]
        .sort((a, b) => b.monthlyVotes - a.monthlyVotes || a.id - b.id)
        .slice(0, 50)
        .map((g) => g.id),
    );
  });

  it('does not match a term across two fields', () => {
    const games = [buildGame({ id: 1, name: 'ab', intro: 'cd', description: '' })];
    expect(ids(new GameIndex(dataset(games)), { q: 'bc' })).toEqual([]);
  });

  it('keeps a game updated exactly 30 days ago in recently_updated (D48)', () => {
    const games = [
      buildGame({ id: 1, updated: NOW - 30 * 86_400 }),
      buildGame({ id: 2, updated: NOW - 30 * 86_400 - 1 }),
    ];
    expect(ids(new GameIndex(dataset(games)), { recently_updated: '1' })).toEqual([1]);
  });

  it('keeps a game reached exactly 48 hours ago in online_recently (D48)', () => {
    const games = [
      buildGame({ id: 1, crawlEnd: NOW - 48 * 3600 }),
      buildGame({ id: 2, crawlEnd: NOW - 48 * 3600 - 1800 }),
    ];
    expect(ids(new GameIndex(dataset(games)), { online_recently: '1' })).toEqual([1]);
  });

  it('returns the requested page and the total across pages', () => {
    const games = Array.from({ length: 7 }, (_, i) => buildGame({ id: i + 1, monthlyVotes: i }));
    const page = new GameIndex(dataset(games)).search(
      query({ per_page: '3', page: '2', sort: 'top_voted' }),
      NOW,
    );
    expect([page.total, page.games.map((g) => g.id)]).toEqual([7, [4, 3, 2]]);
  });

  it('ranks active games by votes and leaves games without votes unranked (D23)', () => {
    const index = new GameIndex(
      dataset([
        buildGame({ id: 1, monthlyVotes: 5 }),
        buildGame({ id: 2, monthlyVotes: 9 }),
        buildGame({ id: 3, monthlyVotes: 0 }),
      ]),
    );
    expect([index.rank(1), index.rank(2), index.rank(3)]).toEqual([2, 1, null]);
  });

  it('averages ratings to two decimals over rated reviews only (D41)', () => {
    const index = new GameIndex(dataset([buildGame({ id: 1 })], { 1: 3 }));
    expect(index.reviewStats(1)).toEqual({ count: 3, ratingCount: 2, averageRating: 4 });
  });
});

describe('GameIndex at scale', () => {
  // How fast is the bench's to say (npm run bench); a timed test only fails on a busy machine.
  it('answers a filtered, sorted page over 100,000 games as a filter-then-sort of every game would', () => {
    const games = Array.from({ length: 100_000 }, (_, i) =>
      buildGame({
        id: i + 1,
        name: `Realm ${i}`,
        description: i % 7 === 0 ? 'dragons and elves' : 'orcs',
        monthlyVotes: (i * 7919) % 1000,
        updated: NOW - ((i * 104_729) % (60 * 86_400)),
        categories: { theme: 10 + (i % 5), codebase: 20 + (i % 3) },
      }),
    );
    const index = new GameIndex(dataset(games));
    const page = index.search(
      query({
        q: 'dragons',
        sort: 'top_voted',
        'theme_tag_id[]': ['10', '11'],
        recently_updated: '1',
        page: '3',
      }),
      NOW,
    );
    const expected = Array.from({ length: 100_000 }, (_, i) => i)
      .filter(
        (i) => i % 7 === 0 && [10, 11].includes(10 + (i % 5)) && (i * 104_729) % (60 * 86_400) <= 30 * 86_400,
      )
      .sort((a, b) => ((b * 7919) % 1000) - ((a * 7919) % 1000) || a - b)
      .slice(100, 150)
      .map((i) => i + 1);
    expect(page.games.map((game) => game.id)).toEqual(expected);
  });
});

describe('GameIndex totals without clock-relative filters', () => {
  const games = Array.from({ length: 97 }, (_, i) =>
    buildGame({ id: i + 1, categories: { theme: 10 + (i % 3) }, webOnly: i % 5 === 0, monthlyVotes: i % 7 }),
  );
  const index = new GameIndex(dataset(games));

  it('counts the whole filter on page 1 though the walk stops at the end of the page', () => {
    const page = index.search(query({ 'theme_tag_id[]': ['10', '11'], per_page: '5' }), NOW);
    expect(page.total).toBe(games.filter((g) => g.categories.theme !== 12).length);
    expect(page.games).toHaveLength(5);
  });

  it('gives the same total and the last items on the last page', () => {
    const all = index.search(
      query({ connection_type: 'mud_client', sort: 'top_voted', per_page: '50' }),
      NOW,
    );
    const last = index.search(
      query({ connection_type: 'mud_client', sort: 'top_voted', per_page: '50', page: '2' }),
      NOW,
    );
    expect(last.total).toBe(all.total);
    expect(all.games.length + last.games.length).toBe(games.filter((g) => !g.webOnly).length);
  });

  it('counts every active game when nothing filters', () => {
    expect(index.search(query({ per_page: '1' }), NOW).total).toBe(97);
  });
});

describe('GameIndex against a filter-then-sort of every game', () => {
  const THEMES = [10, 11, 12];
  const CODEBASES = [20, 21];
  const WORDS = ['dragon', 'elf', 'orc', 'sea'];
  const games = Array.from({ length: 240 }, (_, i) =>
    buildGame({
      id: i + 1,
      name: `Realm ${WORDS[i % 4]}`,
      intro: i % 3 === 0 ? 'Elves. And dragons' : 'Orcs',
      description: `${WORDS[(i * 7) % 4]} ${WORDS[(i * 5) % 4]}`,
      monthlyVotes: (i * 31) % 17,
      listed: NOW - ((i * 7919) % 500) * 86_400,
      updated: NOW - ((i * 104_729) % 61) * 86_400,
      webOnly: i % 6 === 0,
      archiveReason: i % 29 === 0 ? 'non_connectivity' : null,
      crawlStart: i % 5 === 0 ? null : NOW - 90 * 86_400,
      crawlEnd: i % 5 === 1 ? NOW - ((i * 13) % 5) * 86_400 : null,
      categories: {
        ...(i % 4 === 0 ? {} : { theme: THEMES[i % 3]! }),
        ...(i % 7 === 0 ? {} : { codebase: CODEBASES[i % 2]! }),
      },
    }),
  );
  const reviews = Object.fromEntries(games.filter((_, i) => i % 3 === 1).map((g, i) => [g.id, 1 + (i % 4)]));
  const index = new GameIndex(dataset(games, reviews));

  /** Every rule of §4 GET /games and D22 applied to every game, then the page cut out. */
  function expected(q: GameQuery, now: number): { total: number; ids: number[] } {
    const connect = (g: GameRecord) => (g.webOnly ? null : lastSuccessfulConnect(g, now));
    const matching = games.filter((g) => {
      const text = [g.name, g.intro, g.description].join('\n').toLowerCase();
      return (
        g.archiveReason === null &&
        (q.connectionType !== 'web_only' || g.webOnly) &&
        (q.connectionType !== 'mud_client' || !g.webOnly) &&
        (!q.hasReviews || (reviews[g.id] ?? 0) > 0) &&
        q.terms.every((term) => text.includes(term)) &&
        Object.entries(q.tagIds).every(([key, tagIds]) =>
          tagIds.includes(g.categories[key as keyof GameRecord['categories']] ?? -1),
        ) &&
        (!q.recentlyUpdated || g.updated >= now - 30 * 86_400) &&
        (!q.onlineRecently || (connect(g) ?? Number.NEGATIVE_INFINITY) >= now - 48 * 3600)
      );
    });
    const key = (g: GameRecord): number => {
      if (q.sort === 'recently_online') return -(connect(g) ?? Number.NEGATIVE_INFINITY);
      return SORT_KEYS[q.sort](g, reviews[g.id] ?? 0);
    };
    const sorted = matching.sort((a, b) => key(a) - key(b) || a.id - b.id);
    const first = (q.page - 1) * q.perPage;
    return { total: matching.length, ids: sorted.slice(first, first + q.perPage).map((g) => g.id) };
  }

  const params = fc.record(
    {
      sort: fc.constantFrom(...GAME_SORTS),
      connection_type: fc.constantFrom('all', 'web_only', 'mud_client'),
      has_reviews: fc.constant('1'),
      recently_updated: fc.constant('1'),
      online_recently: fc.constant('1'),
      q: fc
        .subarray(['dragon', 'elve', 'orc', 's', 'realm', 'zzz'], { minLength: 1, maxLength: 2 })
        .map((t) => t.join(' ')),
      'theme_tag_id[]': fc.subarray(['10', '11', '12', '99'], { minLength: 1 }),
      'codebase_tag_id[]': fc.subarray(['20', '21'], { minLength: 1 }),
      page: fc.integer({ min: 1, max: 12 }).map(String),
      per_page: fc.integer({ min: 1, max: 50 }).map(String),
    },
    { requiredKeys: [] },
  );

  it('answers every query (dense or sparse, any page, the clock windows) as the rules applied to every game do', () => {
    fc.assert(
      fc.property(params, fc.integer({ min: 0, max: 6 * 86_400 }), (drawn, later) => {
        const parsed = parseGameQuery(drawn);
        fc.pre('ok' in parsed);
        if (!('ok' in parsed)) return;
        const now = NOW + later;
        const page = index.search(parsed.ok, now);
        expect({ total: page.total, ids: page.games.map((g) => g.id) }).toEqual(expected(parsed.ok, now));
      }),
      { numRuns: 400 },
    );
  });
});

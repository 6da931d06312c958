/** §4 GET /games: filters, sorts, search, pagination; DECISIONS D18, D20–D22, D39, D40, D47, D48, D52. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const activeGames = () => server.dataset.games.filter((g) => g.archiveReason === null);
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((g) => g.id);

/** Every matching id across all pages. */
async function allIds(query: string): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const response = await server.get(`/games?${query}&per_page=50&page=${page}`);
    found.push(...ids(response.body));
    if (!response.body.links.next) return found;
  }
}

describe('collection', () => {
  it('excludes archived games from data and total', async () => {
    const response = await server.get('/games?per_page=50');
    expect(response.body.meta.total).toBe(activeGames().length);
  });

  it('never lists an archived game on any page', async () => {
    const listed = await allIds('sort=newest');
    expect(listed.filter((id) => server.dataset.games.find((g) => g.id === id)?.archiveReason)).toEqual([]);
  });

  it('defaults to page 1 of 20', async () => {
    const response = await server.get('/games');
    expect([response.body.meta.page, response.body.meta.per_page, response.body.data.length]).toEqual([
      1, 20, 20,
    ]);
  });
});

describe('sorts (D22)', () => {
  it('defaults to last_updated', async () => {
    const [byDefault, explicit] = await Promise.all([
      server.get('/games'),
      server.get('/games?sort=last_updated'),
    ]);
    expect(ids(byDefault.body)).toEqual(ids(explicit.body));
  });

  it('falls back to last_updated for an unknown sort', async () => {
    const [unknown, explicit] = await Promise.all([
      server.get('/games?sort=best'),
      server.get('/games?sort=last_updated'),
    ]);
    expect([unknown.status, ids(unknown.body)]).toEqual([200, ids(explicit.body)]);
  });

  it.each(['top_voted', 'newest', 'oldest', 'last_updated', 'recently_online', 'most_reviewed'])(
    'returns the same set of games sorted by %s',
    async (sort) => {
      const listed = await allIds(`sort=${sort}`);
      expect([...listed].sort((a, b) => a - b)).toEqual(activeGames().map((g) => g.id));
    },
  );

  it('orders top_voted by monthly votes descending, ties by id ascending', async () => {
    const response = await server.get('/games?sort=top_voted&per_page=50&page=3');
    const rows: Array<[number, number]> = response.body.data.map(
      (g: { ranking: { monthly_votes: number }; id: number }) => [g.ranking.monthly_votes, g.id],
    );
    const sorted = [...rows].sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    expect(rows).toEqual(sorted);
  });

  it('orders oldest by listing date ascending', async () => {
    const response = await server.get('/games?sort=oldest&per_page=50');
    const listed = response.body.data.map((g: { dates: { listed: string } }) => g.dates.listed);
    expect(listed).toEqual([...listed].sort());
  });

  it('orders most_reviewed by review count descending', async () => {
    const response = await server.get('/games?sort=most_reviewed&per_page=50');
    const counts = response.body.data.map((g: { reviews: { count: number } }) => g.reviews.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('puts games never reached last when sorted by recently_online', async () => {
    const listed = await allIds('sort=recently_online');
    const now = ANCHOR_SECONDS;
    const reached = (id: number) => {
      const game = server.dataset.games.find((g) => g.id === id)!;
      return !game.webOnly && lastSuccessfulConnect(game, now) !== null;
    };
    const firstUnreached = listed.findIndex((id) => !reached(id));
    expect(listed.slice(firstUnreached).every((id) => !reached(id))).toBe(true);
  });
});

describe('filters', () => {
  it('matches every search term case-insensitively in name, intro or description (D21)', async () => {
    const response = await server.get('/games?q=THE%20world&per_page=50');
    for (const game of response.body.data) {
      const record = server.dataset.games.find((g) => g.id === game.id)!;
      const text = `${record.name} ${record.intro} ${record.description}`.toLowerCase();
      expect(text.includes('the') && text.includes('world'), String(game.id)).toBe(true);
    }
  });

  it('finds the game a word of its name was taken from', async () => {
    const game = activeGames()[7]!;
    const word = game.name.split(' ')[0]!;
    expect(await allIds(`q=${encodeURIComponent(word.toUpperCase())}`)).toContain(game.id);
  });

  it('treats an all-space q as no filter (D21)', async () => {
    const response = await server.get('/games?q=%20%20');
    expect(response.body.meta.total).toBe(activeGames().length);
  });

  it('combines tag ids within one category with OR', async () => {
    const [a, b] = server.dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values;
    const union = await allIds(`theme_tag_id[]=${a!.id}&theme_tag_id[]=${b!.id}`);
    const expected = activeGames().filter(
      (g) => g.categories.theme === a!.id || g.categories.theme === b!.id,
    );
    expect(union.sort((x, y) => x - y)).toEqual(expected.map((g) => g.id));
  });

  it('combines categories with AND', async () => {
    const game = activeGames().find(
      (g) => g.categories.theme !== undefined && g.categories.codebase !== undefined,
    )!;
    const listed = await allIds(
      `theme_tag_id=${game.categories.theme}&codebase_tag_id[]=${game.categories.codebase}`,
    );
    const expected = activeGames().filter(
      (g) =>
        g.categories.theme === game.categories.theme && g.categories.codebase === game.categories.codebase,
    );
    expect(listed.sort((x, y) => x - y)).toEqual(expected.map((g) => g.id));
  });

  it('accepts a single tag id without brackets', async () => {
    const id = server.dataset.taxonomy.groups.find((g) => g.key === 'language')!.values[0]!.id;
    const [bare, bracketed] = await Promise.all([
      server.get(`/games?language_tag_id=${id}`),
      server.get(`/games?language_tag_id[]=${id}`),
    ]);
    expect(ids(bare.body)).toEqual(ids(bracketed.body));
  });

  it('takes the union of the bracketed and bare forms (D52)', async () => {
    const [a, b] = server.dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values;
    const [mixed, both] = await Promise.all([
      server.get(`/games?theme_tag_id=${a!.id}&theme_tag_id[]=${b!.id}&per_page=50`),
      server.get(`/games?theme_tag_id[]=${a!.id}&theme_tag_id[]=${b!.id}&per_page=50`),
    ]);
    expect(mixed.body.meta.total).toBe(both.body.meta.total);
  });

  it('answers an unknown tag id with an empty result, not an error (D20)', async () => {
    const response = await server.get('/games?codebase_tag_id[]=999999');
    expect([response.status, response.body.meta.total]).toEqual([200, 0]);
  });

  it('keeps only games with reviews for has_reviews=1', async () => {
    const response = await server.get('/games?has_reviews=1&per_page=50');
    expect(response.body.data.every((g: { reviews: { count: number } }) => g.reviews.count > 0)).toBe(true);
  });

  it('keeps only web-only games for connection_type=web_only', async () => {
    const response = await server.get('/games?connection_type=web_only&per_page=50');
    expect(response.body.meta.total).toBe(activeGames().filter((g) => g.webOnly).length);
  });

  it('keeps only MUD-client games for connection_type=mud_client', async () => {
    const response = await server.get('/games?connection_type=mud_client&per_page=50');
    expect(response.body.data.some((g: { status: { web_only: boolean } }) => g.status.web_only)).toBe(false);
  });
});

describe('time windows against the injected clock (D48)', () => {
  it('includes a game updated exactly 30 days ago in recently_updated', async () => {
    const game = activeGames()[3]!;
    server.clock.set((game.updated + 30 * 86_400) * 1000);
    const listed = await allIds('recently_updated=1');
    server.clock.set(ANCHOR_SECONDS * 1000);
    expect(listed).toContain(game.id);
  });

  it('excludes a game updated 30 days and one second ago from recently_updated', async () => {
    const game = activeGames()[3]!;
    server.clock.set((game.updated + 30 * 86_400 + 1) * 1000);
    const listed = await allIds('recently_updated=1');
    server.clock.set(ANCHOR_SECONDS * 1000);
    expect(listed).not.toContain(game.id);
  });

  it('includes a game last reached exactly 48 hours ago in online_recently', async () => {
    const game = activeGames().find((g) => g.crawlEnd !== null && !g.webOnly)!;
    const reached = lastSuccessfulConnect(game, ANCHOR_SECONDS)!;
    server.clock.set((reached + 48 * 3600) * 1000);
    const listed = await allIds('online_recently=1');
    server.clock.set(ANCHOR_SECONDS * 1000);
    expect(listed).toContain(game.id);
  });

  it('excludes a game last reached 48 hours and one second ago from online_recently', async () => {
    const game = activeGames().find((g) => g.crawlEnd !== null && !g.webOnly)!;
    const reached = lastSuccessfulConnect(game, ANCHOR_SECONDS)!;
    server.clock.set((reached + 48 * 3600 + 1) * 1000);
    const listed = await allIds('online_recently=1');
    server.clock.set(ANCHOR_SECONDS * 1000);
    expect(listed).not.toContain(game.id);
  });

  it('reports confirmed_online exactly for the games online_recently keeps', async () => {
    const response = await server.get('/games?online_recently=1&per_page=50');
    expect(
      response.body.data.every((g: { status: { confirmed_online: boolean } }) => g.status.confirmed_online),
    ).toBe(true);
  });
});

describe('invalid filters (§4 rule 3, D18, D47)', () => {
  it.each([
    'connection_type=web_only&online_recently=1',
    'connection_type=web_only&sort=recently_online',
    'connection_type=telnet',
    'connection_type=',
    'has_reviews=0',
    'has_reviews=',
    'has_reviews=true',
    'recently_updated=2',
    'online_recently=01',
    'page=0',
    'page=-1',
    'page=1e3',
    'page=0x10',
    'page=%2B5',
    'page=05',
    'page=1.0',
    'page=',
    'page=9007199254740992',
    'page=%zz',
    'per_page=0',
    'per_page=51',
    'per_page=abc',
    'page=1&page=2',
    'sort=newest&sort=oldest',
    'q=a&q=b',
    'codebase_tag_id[]=abc',
    'codebase_tag_id[]=0',
    'codebase_tag_id[]=',
    'codebase_tag_id[]=3&codebase_tag_id[]=3',
  ])('answers %s with 422 invalid_filter', async (query) => {
    const response = await server.get(`/games?${query}`);
    expect([response.status, response.body.error.code]).toEqual([422, 'invalid_filter']);
  });

  it('accepts the largest safe integer as a page', async () => {
    const response = await server.get('/games?page=9007199254740991');
    expect([response.status, response.body.data]).toEqual([200, []]);
  });
});

describe('hostile input', () => {
  it.each([
    '__proto__=1',
    '__proto__[x]=1',
    'constructor=1',
    'constructor[prototype][x]=1',
    'hasOwnProperty=1',
  ])('treats %s as an ignored unknown parameter', async (query) => {
    const response = await server.get(`/games?${query}`);
    expect(response.status).toBe(200);
  });

  it('ignores a parameter whose name is a broken escape', async () => {
    const response = await server.get('/games?%zz=1&%E0%A4%A=2');
    expect(response.status).toBe(200);
  });

  it('searches a broken escape in q literally', async () => {
    const response = await server.get('/games?q=%zz');
    expect([response.status, response.body.meta.total]).toEqual([200, 0]);
  });

  it('answers a 20 kB query string with the envelope', async () => {
    const response = await server.get(`/games?q=${'a'.repeat(20_000)}`);
    expect([response.status, response.body.meta.total]).toEqual([200, 0]);
  });

  it('answers a 20 kB query string of repeated tag ids with the envelope', async () => {
    const response = await server.get(`/games?${'theme_tag_id[]=1&'.repeat(1200)}`);
    expect([response.status, response.body.error.code]).toEqual([422, 'invalid_filter']);
  });
});

describe('pagination (§1.5, D39, D40)', () => {
  it('links to the next page and keeps the other parameters in request order', async () => {
    const response = await server.get('/games?sort=newest&per_page=7&has_reviews=1');
    const next = new URL(response.body.links.next);
    expect([...next.searchParams.entries()]).toEqual([
      ['sort', 'newest'],
      ['per_page', '7'],
      ['has_reviews', '1'],
      ['page', '2'],
    ]);
  });

  it('builds absolute links from the request host', async () => {
    const response = await server.get('/games?page=2');
    expect(response.body.links.self).toBe(`${server.baseUrl}/games?page=2`);
  });

  it('has no previous link on the first page', async () => {
    const response = await server.get('/games');
    expect(response.body.links.previous).toBeUndefined();
  });

  it('has no next link on the last page', async () => {
    const last = Math.ceil(activeGames().length / 50);
    const response = await server.get(`/games?per_page=50&page=${last}`);
    expect([response.body.links.next, response.body.links.previous]).toEqual([
      undefined,
      `${server.baseUrl}/games?per_page=50&page=${last - 1}`,
    ]);
  });

  it('answers the page after the last with empty data and a link back (D39)', async () => {
    const last = Math.ceil(activeGames().length / 50);
    const response = await server.get(`/games?per_page=50&page=${last + 1}`);
    expect([response.body.data, response.body.links.previous]).toEqual([
      [],
      `${server.baseUrl}/games?per_page=50&page=${last}`,
    ]);
  });

  it('has no previous link far beyond the last page (D39)', async () => {
    const last = Math.ceil(activeGames().length / 50);
    const response = await server.get(`/games?per_page=50&page=${last + 5}`);
    expect(response.body.links.previous).toBeUndefined();
  });

  it('counts the total across pages, not the page', async () => {
    const response = await server.get('/games?per_page=5');
    expect([response.body.data.length, response.body.meta.total]).toEqual([5, activeGames().length]);
  });
});

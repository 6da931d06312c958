/**
 * D64: a query parameter that is not an array, given twice, is an invalid value of that
 * parameter — answered 422 with the operation's code where the operation lists a 422, and on
 * /reviews (§4 lists none) with the fallback of a malformed value (D19). Parameters an operation
 * does not define are ignored, repeated or not. Whether the two values agree makes no difference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let gameId: number;

beforeAll(async () => {
  server = await startTestServer();
  gameId = server.dataset.games.find(
    (game) => game.archiveReason === null && game.msspCollectedAt !== null,
  )!.id;
});

afterAll(() => server.close());

/** `name=a&name=b`. */
function twice(name: string, a: string, b: string = a): string {
  return `${name}=${encodeURIComponent(a)}&${name}=${encodeURIComponent(b)}`;
}

describe('a repeated scalar parameter on an operation that lists 422', () => {
  const cases: Array<[string, (id: number) => string, string, string, string?]> = [
    ['/games', () => '/games', 'q', 'dragon', 'elf'],
    ['/games', () => '/games', 'sort', 'newest'],
    ['/games', () => '/games', 'connection_type', 'mud_client', 'web_only'],
    ['/games', () => '/games', 'page', '1'],
    ['/games', () => '/games', 'per_page', '10', '20'],
    ['/games', () => '/games', 'has_reviews', '1'],
    ['/games', () => '/games', 'recently_updated', '1'],
    ['/games', () => '/games', 'online_recently', '1'],
    ['players', (id) => `/games/${id}/players`, 'granularity', 'daily', 'raw'],
    ['players', (id) => `/games/${id}/players`, 'from', '2026-11-01'],
    ['players', (id) => `/games/${id}/players`, 'to', '2026-11-20'],
    ['statistics', (id) => `/games/${id}/statistics`, 'metric', 'players'],
    ['statistics', (id) => `/games/${id}/statistics`, 'resolution', 'daily', 'weekly'],
    ['statistics', (id) => `/games/${id}/statistics`, 'from', '2026-11-01'],
    ['statistics', (id) => `/games/${id}/statistics`, 'to', '2026-11-20'],
    ['activity-pattern', (id) => `/games/${id}/activity-pattern`, 'timezone', 'UTC'],
    ['activity-pattern', (id) => `/games/${id}/activity-pattern`, 'from', '2026-11-01'],
    ['activity-pattern', (id) => `/games/${id}/activity-pattern`, 'to', '2026-11-20'],
  ];
  const codes: Record<string, string> = {
    '/games': 'invalid_filter',
    players: 'invalid_date_range',
    statistics: 'invalid_statistics_query',
    'activity-pattern': 'invalid_statistics_query',
  };

  it.each(cases)('%s: %s twice is 422 with the operation code', async (operation, path, name, a, b) => {
    const response = await server.get(`${path(gameId)}?${twice(name, a, b)}`);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe(codes[operation]);
    expect(response.body.error.details).toMatchObject({ parameter: name });
  });
});

describe('a repeated scalar parameter on /reviews (no 422 in §4)', () => {
  it('game_id twice matches no game: 200, an empty page, total 0', async () => {
    const response = await server.get(`/reviews?${twice('game_id', String(gameId))}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.total).toBe(0);
  });

  it('page twice falls back to page 1', async () => {
    const response = await server.get(`/reviews?per_page=2&${twice('page', '3')}`);
    expect(response.status).toBe(200);
    expect(response.body.meta.page).toBe(1);
  });

  it('per_page twice falls back to the default 20', async () => {
    const response = await server.get(`/reviews?${twice('per_page', '5')}`);
    expect(response.status).toBe(200);
    expect(response.body.meta.per_page).toBe(20);
  });
});

describe('a repeated parameter an operation does not define', () => {
  it.each([
    ['/games', () => '/games'],
    ['getGame', (id: number) => `/games/${id}`],
    ['mssp', (id: number) => `/games/${id}/mssp`],
    ['reviews', () => '/reviews'],
    ['tags', () => '/tags'],
  ])('%s: ignored, the same 200 as without it', async (_operation, path) => {
    const plain = await server.get(path(gameId));
    const repeated = await server.get(`${path(gameId)}?${twice('utm_source', 'a', 'b')}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.data).toEqual(plain.body.data);
  });
});

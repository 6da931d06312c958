/** §4 GET /games/{gameId}; §2 rules 1 and 2; DECISIONS D4, D5, D17, D23, D41. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const archived = () => server.dataset.games.find((g) => g.archiveReason !== null)!;
const webOnly = () => server.dataset.games.find((g) => g.webOnly && g.archiveReason === null)!;
const mudClient = () =>
  server.dataset.games.find((g) => !g.webOnly && g.archiveReason === null && g.host !== null)!;

describe('game detail', () => {
  it('returns the detail form with description and watcher count', async () => {
    const game = mudClient();
    const response = await server.get(`/games/${game.id}`);
    expect([response.body.data.description, response.body.data.watcher_count]).toEqual([
      game.description,
      game.watcherCount,
    ]);
  });

  it('returns archived games in the archived representation (§2 rule 1)', async () => {
    const response = await server.get(`/games/${archived().id}`);
    const { status, urls, ranking } = response.body.data;
    expect([
      status.archived,
      status.archive_reason !== null,
      urls.play,
      ranking.rank,
      status.confirmed_online,
    ]).toEqual([true, true, null, null, false]);
  });

  it('nulls the connection of a web-only game and plays it on its website (§2 rule 2)', async () => {
    const game = webOnly();
    const response = await server.get(`/games/${game.id}`);
    const { connection, urls } = response.body.data;
    expect([connection, urls.play]).toEqual([
      { host: null, port: null, tls_port: null, mssp_port: null },
      game.website,
    ]);
  });

  it('suppresses the current MSSP summary fields of a web-only game (D4)', async () => {
    const response = await server.get(`/games/${webOnly().id}`);
    const { status } = response.body.data;
    expect([status.latest_players, status.mssp_collected_at]).toEqual([null, null]);
  });

  it('reports a web-only game as not connection-tested (D5)', async () => {
    const response = await server.get(`/games/${webOnly().id}`);
    const { status } = response.body.data;
    expect([status.confirmed_online, status.last_successful_connect, status.last_crawled]).toEqual([
      false,
      null,
      null,
    ]);
  });

  it('ranks the most-voted active game first (D23)', async () => {
    const top = await server.get('/games?sort=top_voted&per_page=1');
    expect(top.body.data[0].ranking.rank).toBe(1);
  });

  it('counts the reviews /reviews?game_id= lists (D41)', async () => {
    const reviewed = server.dataset.games.find(
      (g) => g.archiveReason === null && server.dataset.reviews.some((r) => r.gameId === g.id),
    )!;
    const [detail, reviews] = await Promise.all([
      server.get(`/games/${reviewed.id}`),
      server.get(`/reviews?game_id=${reviewed.id}`),
    ]);
    expect(detail.body.data.reviews.count).toBe(reviews.body.meta.total);
  });

  it('links to its sub-resources', async () => {
    const game = mudClient();
    const response = await server.get(`/games/${game.id}`);
    expect(response.body.data.urls.mssp).toBe(`${server.baseUrl}/games/${game.id}/mssp`);
  });

  it('answers an unknown id with 404 game_not_found', async () => {
    const response = await server.get('/games/999999');
    expect([response.status, response.body.error.code]).toEqual([404, 'game_not_found']);
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e3', '9007199254740993', '%zz', '%31%'])(
    'answers the malformed id %s with 404 game_not_found (D17)',
    async (id) => {
      const response = await server.get(`/games/${id}`);
      expect([response.status, response.body.error.code]).toEqual([404, 'game_not_found']);
    },
  );
});

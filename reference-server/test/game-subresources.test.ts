/** §4 GET /games/{gameId}/mssp, /players, /statistics, /activity-pattern, wired to the domain modules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock() });
});
afterAll(() => server.close());

const readyGame = () =>
  server.dataset.games.find(
    (g) => g.statisticsState === 'ready' && g.msspRaw !== null && g.archiveReason === null,
  )!;

describe('mssp', () => {
  it('answers a game with a snapshot as available', async () => {
    const response = await server.get(`/games/${readyGame().id}/mssp`);
    expect(response.body.meta.status).toBe('available');
  });

  it('answers a game without a snapshot with data null and mssp_not_available', async () => {
    const game = server.dataset.games.find((g) => g.msspRaw === null)!;
    const response = await server.get(`/games/${game.id}/mssp`);
    expect([response.body.data, response.body.meta.status]).toEqual([null, 'mssp_not_available']);
  });

  it('answers an unknown game with 404 game_not_found', async () => {
    const response = await server.get('/games/999999/mssp');
    expect(response.body.error.code).toBe('game_not_found');
  });
});

describe('players', () => {
  it('defaults to the 30 days ending on the current UTC date, one second before midnight', async () => {
    server.clock.set(Date.UTC(2026, 10, 22, 23, 59, 59));
    const response = await server.get(`/games/${readyGame().id}/players`);
    expect([response.body.meta.from, response.body.meta.to]).toEqual(['2026-10-24', '2026-11-22']);
  });

  it('moves the default range at UTC midnight', async () => {
    server.clock.set(Date.UTC(2026, 10, 23, 0, 0, 0));
    const response = await server.get(`/games/${readyGame().id}/players`);
    expect([response.body.meta.from, response.body.meta.to]).toEqual(['2026-10-25', '2026-11-23']);
  });

  it('answers an impossible date with 422 invalid_date_range', async () => {
    const response = await server.get(`/games/${readyGame().id}/players?from=2026-02-30`);
    expect([response.status, response.body.error.code]).toEqual([422, 'invalid_date_range']);
  });

  it('answers a repeated granularity with 422 invalid_date_range', async () => {
    const response = await server.get(`/games/${readyGame().id}/players?granularity=raw&granularity=daily`);
    expect(response.body.error.code).toBe('invalid_date_range');
  });
});

describe('statistics', () => {
  it('answers a ready game with points', async () => {
    const response = await server.get(`/games/${readyGame().id}/statistics`);
    expect(response.status).toBe(200);
  });

  it('answers an unavailable game with 503 statistics_unavailable and the rate-limit headers', async () => {
    const game = server.dataset.games.find((g) => g.statisticsState === 'unavailable')!;
    const response = await server.get(`/games/${game.id}/statistics`);
    expect([response.status, response.body.error.code]).toEqual([503, 'statistics_unavailable']);
  });

  it('answers an unknown metric with 422 invalid_statistics_query', async () => {
    const response = await server.get(`/games/${readyGame().id}/statistics?metric=gold`);
    expect([response.status, response.body.error.code]).toEqual([422, 'invalid_statistics_query']);
  });
});

describe('activity pattern', () => {
  it('answers 168 cells', async () => {
    const response = await server.get(`/games/${readyGame().id}/activity-pattern?timezone=Europe/Berlin`);
    expect(response.body.data).toHaveLength(168);
  });

  it('answers an unknown time zone with 422 invalid_statistics_query', async () => {
    const response = await server.get(`/games/${readyGame().id}/activity-pattern?timezone=Mars/Olympus`);
    expect(response.body.error.code).toBe('invalid_statistics_query');
  });
});

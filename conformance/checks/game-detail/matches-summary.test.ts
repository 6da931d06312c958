import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../src/testing/fake-game.ts';
import { matchesSummary } from './matches-summary.ts';

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: its detail's state, and whether a search for its name lists it. */
let now = { archived: false, votes: 12, detailVotes: 12, listed: true };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (req, res) => {
      const origin = originOf(req);
      res.json({ data: fakeGame({ archived: now.archived, votes: now.detailVotes, origin }, true) });
    });
    app.get('/api/v1/games', (req, res) => {
      const data = now.listed ? [fakeGame({ votes: now.votes, origin: originOf(req) })] : [];
      res.json({
        data,
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: data.length },
        links: { self: `${originOf(req)}${req.originalUrl}` },
      });
    });
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 active with 12 votes. */
async function runCheck(): Promise<unknown> {
  const discovery = {
    games: [fakeGame({ votes: 12, origin: api.origin }) as unknown as GameSummary],
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, matchesSummary, discovery);
}

describe('GAME-DETAIL-MATCHES-SUMMARY on a game that moved since discovery (D65)', () => {
  it('passes a game whose summary and detail agree', async () => {
    now = { archived: false, votes: 12, detailVotes: 12, listed: true };
    expect(await runCheck()).toBeUndefined();
  });
  it('passes a game archived since discovery listed it: no list shows it now, its detail reads archived', async () => {
    now = { archived: true, votes: 12, detailVotes: 12, listed: false };
    expect(await runCheck()).toBeUndefined();
  });
  it('passes a game whose votes moved since discovery: judged again on the list as it is now', async () => {
    now = { archived: false, votes: 15, detailVotes: 15, listed: true };
    expect(await runCheck()).toBeUndefined();
  });
  it("still fails a detail that differs from the list's summary of the same moment", async () => {
    now = { archived: false, votes: 15, detailVotes: 16, listed: true };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/ranking\.monthly_votes differs from the list's/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../src/testing/fake-game.ts';
import { activeState } from './active-state.ts';

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: whether its detail reads archived, and whether the list still shows it. */
let now = { archived: true, listed: false };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (req, res) =>
      res.json({ data: fakeGame({ archived: now.archived, origin: originOf(req) }, true) }),
    );
    app.get('/api/v1/games', (req, res) => {
      const data = now.listed ? [fakeGame({ origin: originOf(req) })] : [];
      res.json({
        data,
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: data.length },
        links: { self: `${originOf(req)}${req.originalUrl}` },
      });
    });
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 active. */
async function runCheck(): Promise<unknown> {
  const game = fakeGame({ origin: api.origin }) as unknown as GameSummary;
  const discovery = { games: [game], serverNow: () => Date.now() } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, activeState, discovery);
}

describe('GAME-DETAIL-ACTIVE-STATE on a game archived since discovery listed it (D65)', () => {
  it('gives no verdict on a game no list shows now whose detail reads archived', async () => {
    now = { archived: true, listed: false };
    expect(await runCheck()).toBeUndefined();
  });
  it('still fails a game the list shows now whose detail reads archived', async () => {
    now = { archived: true, listed: true };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/not in the active state/);
  });
});

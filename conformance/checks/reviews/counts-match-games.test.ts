import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../src/testing/fake-game.ts';
import { countsMatchGames } from './counts-match-games.ts';

const TWO_REVIEWS = { count: 2, average_rating: 4, rating_count: 2 };

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: archived or not, and the figures its detail shows. */
let now = { archived: false, count: 2 };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (req, res) => {
      const reviews = { ...TWO_REVIEWS, count: now.count };
      res.json({ data: fakeGame({ archived: now.archived, reviews, origin: originOf(req) }, true) });
    });
    // The collection leaves an archived game's reviews out (§4): none listed for game 7.
    app.get('/api/v1/reviews', (req, res) =>
      res.json({
        data: [],
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: 0 },
        links: { self: `${originOf(req)}${req.originalUrl}` },
      }),
    );
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 active with two rated reviews. */
async function runCheck(): Promise<unknown> {
  const game = fakeGame({ reviews: TWO_REVIEWS, origin: api.origin }) as unknown as GameSummary;
  const discovery = { games: [game], serverNow: () => Date.now() } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, countsMatchGames, discovery);
}

describe('REVIEWS-COUNTS-MATCH-GAMES on a game archived since discovery (D65)', () => {
  it('gives no verdict on a game archived since: the collection leaves its reviews out', async () => {
    now = { archived: true, count: 2 };
    expect(await runCheck()).toBeUndefined();
  });
  it('still fails an active game whose count differs from its reviews in the collection', async () => {
    now = { archived: false, count: 2 };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(
      /reviews\.count differs from the collection's total/,
    );
  });
});

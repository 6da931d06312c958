import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders } from '../../src/testing/fake-game.ts';
import { gameFilter } from './game-filter.ts';

/** The one review of the directory, posted on game 7 after discovery read an empty collection. */
function review(req: Request) {
  const origin = `${req.protocol}://${req.get('host')}`;
  return {
    id: 1,
    title: 'Still my favourite',
    rating: 4,
    author: { display_name: 'Wren', affiliation: null },
    game: { id: 7, name: 'Emberfall', archived: false },
    dates: { submitted: '2026-11-30T12:00:00Z', edited: null },
    urls: {
      self: `${origin}/api/v1/reviews/1`,
      mudverse: 'https://mudverse.example/reviews/1',
      game: `${origin}/api/v1/games/7`,
    },
  };
}

let spec: SpecValidator;
let api: FakeApi;
/** The unfiltered collection's total the server answers now. */
let unfilteredTotal = 1;

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/reviews', (req, res) => {
      const filtered = req.query.game_id !== undefined;
      const perPage = Number(req.query.per_page ?? 20);
      const total = filtered ? 1 : unfilteredTotal;
      res.json({
        data: total > 0 ? [review(req)] : [],
        meta: { page: 1, per_page: perPage, total },
        links: { self: `${req.protocol}://${req.get('host')}${req.originalUrl}` },
      });
    });
  });
});
afterAll(() => api.close());

async function runCheck(): Promise<unknown> {
  const game = { id: 7, name: 'Emberfall', reviews: { count: 0, average_rating: null, rating_count: 0 } };
  // Discovery read the directory before its first review.
  const discovery = {
    games: [game as unknown as GameSummary],
    reviews: [],
    totalReviews: 0,
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, gameFilter, discovery);
}

describe('REVIEWS-GAME-FILTER on a collection that grew since discovery (D65)', () => {
  it("holds a game's total against the collection's total now, not discovery's", async () => {
    unfilteredTotal = 1;
    expect(await runCheck()).toBeUndefined();
  });
  it('still fails a filtered total above the unfiltered total read after it', async () => {
    unfilteredTotal = 0;
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/A filtered total exceeds the unfiltered total/);
  });
});

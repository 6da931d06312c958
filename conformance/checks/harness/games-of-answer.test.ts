/**
 * gamesOfAnswer on answers mangled where §2 has objects or arrays (null, a number, a string in
 * their place): it reads only the shape the traffic checks read, and the three checks judging the
 * games of the run's answers end with a verdict on such traffic, never a TypeError.
 */
import { describe, expect, it } from 'vitest';
import { CheckFailure, CheckSkipped, type CheckDefinition } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { admittedHeaders, fakeGame } from '../../src/testing/fake-game.ts';
import { runInContext, useFakeTarget } from '../../src/testing/run-checks.ts';
import { crawlNeverOlder } from '../game-detail/crawl-never-older.ts';
import { msspNeedsConnect } from '../games/mssp-needs-connect.ts';
import { categoryTagsListed } from '../tags/category-tags-listed.ts';
import { gamesOfAnswer } from './games-of-answer.ts';

const answer = (body: unknown) => ({ body }) as ApiResponse;

/** A MUD-client game with an MSSP collection time and no successful connection: GAMES-STATUS-MSSP-NEEDS-CONNECT fails it. */
const UNBACKED = {
  web_only: false,
  mssp_collected_at: '2026-11-30T12:00:00Z',
  last_successful_connect: null,
};

/** Categories whose only TagReference (`style`) GET /tags does not list: TAGS-CATEGORY-TAGS-LISTED fails it. */
const MANGLED_CATEGORIES = {
  theme: null,
  genre: 5,
  era: 'x',
  setting: { id: null },
  world: [],
  style: { id: 8, name: 'Sci-fi' },
};

/** Answers of GET /games or GET /games/{id} without an object in their data. */
const WITHOUT_GAMES: unknown[] = [null, 5, 'x', { data: null }, { data: 5 }, { data: [null, 5, 'x'] }];

/** A game's detail with its status and tags mangled. */
const MANGLED_DETAIL = { data: { id: 1, status: null, tags: null } };

/** A page of games, each mangled at a nested part. */
const MANGLED_PAGE = {
  data: [
    { id: 2, status: 5, tags: 'x' },
    { id: 3, status: 'x', tags: { categories: null } },
    { id: 4, status: UNBACKED, tags: { categories: 5 } },
    { id: 5, status: { last_crawled: 7 }, tags: { categories: 'theme' } },
    { id: 6, status: { last_crawled: null }, tags: { categories: MANGLED_CATEGORIES } },
  ],
};

/** What GET /games?answer=N answers in the checks' runs. */
const PAGES = [...WITHOUT_GAMES, MANGLED_PAGE];

describe('gamesOfAnswer', () => {
  it('reads no game from an answer without an object in its data', () => {
    expect(WITHOUT_GAMES.flatMap((body) => gamesOfAnswer(answer(body)))).toEqual([]);
  });

  it('reads a status or categories of another shape as empty, and only the TagReferences among categories', () => {
    const games = [MANGLED_DETAIL, MANGLED_PAGE].flatMap((body) => gamesOfAnswer(answer(body)));
    expect(games.map((game) => [game.id, game.status, game.tags.categories])).toEqual([
      [1, {}, {}],
      [2, {}, {}],
      [3, {}, {}],
      [4, UNBACKED, {}],
      [5, { last_crawled: 7 }, {}],
      [6, { last_crawled: null }, { style: { id: 8, name: 'Sci-fi' } }],
    ]);
  });
});

describe('the checks judging the games of the traffic, on mangled answers', () => {
  const target = useFakeTarget((app) => {
    app.use(admittedHeaders);
    // The check's own GET /games (no `answer`) gets the first.
    app.get('/api/v1/games/:id', (_req, res) => res.json(MANGLED_DETAIL));
    app.get('/api/v1/games', (req, res) => res.json(PAGES[Number(req.query.answer ?? 0)]));
  });

  /** What `check` threw after the run's traffic was every mangled answer, discovery having read a game with mangled categories. */
  async function judged(check: CheckDefinition): Promise<unknown> {
    const game = fakeGame({ id: 9 });
    const discovery: Partial<Discovery> = {
      games: [{ ...game, tags: { categories: MANGLED_CATEGORIES, custom: [] } } as unknown as GameSummary],
      tagGroups: [],
    };
    return runInContext(target(), check, discovery, {
      run: async (ctx) => {
        for (const at of PAGES.keys()) await ctx.client.get(`/games?answer=${at}`);
        await ctx.client.get('/games/1');
        return check.run(ctx);
      },
    });
  }

  it.each([crawlNeverOlder, msspNeedsConnect, categoryTagsListed].map((check) => [check.id, check] as const))(
    '%s ends with a verdict, not a TypeError',
    async (_id, check) => {
      const thrown = await judged(check);
      expect(
        thrown === undefined || thrown instanceof CheckFailure || thrown instanceof CheckSkipped,
        String(thrown),
      ).toBe(true);
    },
  );

  it('still fails what the mangled answers break: an MSSP time without a connection, an unlisted category tag', async () => {
    expect(await judged(msspNeedsConnect)).toBeInstanceOf(CheckFailure);
    expect(await judged(categoryTagsListed)).toBeInstanceOf(CheckFailure);
  });
});

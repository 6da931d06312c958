import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { dataOf, expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { gamesOfAnswer } from '../harness/games-of-answer.ts';
import { expectGame } from '../harness/fetch-game.ts';
import { observedGets } from '../harness/observed-gets.ts';

/**
 * How long a newer crawl may take to reach every answer: a data cache or a replica behind the
 * one that answered first (D76). A list still older than the detail after it is stale for longer.
 */
const GRACE_MS = 60_000;

/** Requests the run must have to spare for a probe of its own when its traffic offered none. */
const SPARE_REQUESTS = 50;

/** A list answer that reported an older crawl of a game than an answer received before it. */
interface Regression {
  gameId: number;
  listUrl: string;
  older: string;
  newer: string;
}

/**
 * The regressions read again and found caught up, by the run (its discovery): a later pass of the
 * check meets the same answers in the traffic and does not wait for them again.
 */
const caughtUp = new WeakMap<object, Set<string>>();
const keyOf = (seen: Regression) => `${seen.gameId} ${seen.listUrl} ${seen.older}`;

const crawlOf = (game: GameSummary | undefined): string | undefined => {
  const at = game?.status?.last_crawled;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : undefined;
};

/**
 * §2: a game's detail holds "all summary fields" — the list and the detail report one game, and
 * `status.last_crawled` is the time of its last crawl. A crawl only ever adds a later one (a crawl
 * that fails is still a crawl; a failure reported late moves the last successful connection, not
 * this), so an answer read after another never reports an older crawl of the same game. A list
 * served from a snapshot, a count or page cache, or a lagging replica, while details are read live,
 * does: its games' crawls are the snapshot's. Judged on the run's traffic in the order it arrived
 * (no request of its own); a list older than an answer before it is read again, with the detail
 * before it, after a minute's grace (D76: a cache or replica that catches up within a minute
 * passes), and fails only if it is still older. When the traffic offered no list after a detail of
 * a game on it and the run has requests to spare, one detail of the first page's first crawled
 * game and that page after it.
 */
export const listNotOlder = defineCheck({
  id: 'GAME-DETAIL-LIST-NOT-OLDER',
  area: 'game-detail',
  source: '§2 game detail ("All summary fields"); §2 status table (last_crawled)',
  level: 'must',
  title: "A list read after a game's detail never reports an older crawl of it",
  covers: ['S2.GD.FORMS', 'S2.ST.LASTCRAWLED'],
  decisions: ['D76'],
  async run(ctx) {
    const newest = new Map<number, string>();
    let regression: Regression | undefined;
    let followed = 0;
    ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      const list = Array.isArray(dataOf<unknown>(response));
      for (const game of gamesOfAnswer(response)) {
        const at = crawlOf(game);
        if (at === undefined) continue;
        const seen = newest.get(game.id);
        if (seen !== undefined && list) followed += 1;
        if (seen !== undefined && Date.parse(at) < Date.parse(seen)) {
          const found = { gameId: game.id, listUrl: response.url, older: at, newer: seen };
          if (list && !caughtUp.get(ctx.discovery)?.has(keyOf(found))) regression ??= found;
        } else {
          newest.set(game.id, at);
        }
      }
      return true;
    });
    if (regression !== undefined) return confirm(ctx, regression);
    if (followed > 0 || ctx.budgetLeft() < SPARE_REQUESTS) {
      if (followed === 0) ctx.skip('no list in the run came after an answer holding one of its games');
      return;
    }
    // No list after a detail in the traffic: the first page's first crawled game, its detail, then that page.
    const page = ctx.discovery.games.find((game) => crawlOf(game) !== undefined);
    if (page === undefined) return ctx.skip('discovery found no game with a crawl time');
    const detail = await ctx.client.get(`/games/${page.id}`, { fresh: true });
    const at = crawlOf(expectGame(ctx, detail));
    const listUrl = `${ctx.client.baseUrl}/games`;
    const list = await ctx.client.getAbsolute(listUrl, { fresh: true });
    const listed = gamesOfAnswer(list).find((game) => game.id === page.id);
    const older = crawlOf(listed);
    if (at !== undefined && older !== undefined && Date.parse(older) < Date.parse(at))
      return confirm(ctx, { gameId: page.id, listUrl, older, newer: at });
  },
});

/** After the grace, the detail and the list again: fails when the list is still older than the detail before it. */
async function confirm(ctx: CheckContext, seen: Regression): Promise<void> {
  if (ctx.timeLeftMs() < GRACE_MS + 10_000) {
    ctx.log(
      `game ${seen.gameId}: ${seen.listUrl} reported crawl ${seen.older} after ${seen.newer}; no time left to read it again`,
    );
    return ctx.skip('a list older than an answer before it, and no time left for the minute of grace');
  }
  await ctx.wait(GRACE_MS, 'a minute of grace, then a game detail and the list that reported an older crawl');
  const detail = await ctx.client.get(`/games/${seen.gameId}`, { fresh: true });
  const at = crawlOf(expectGame(ctx, detail));
  const list: ApiResponse = await ctx.client.getAbsolute(seen.listUrl, { fresh: true });
  const older = crawlOf(gamesOfAnswer(list).find((game) => game.id === seen.gameId));
  const known = caughtUp.get(ctx.discovery) ?? new Set<string>();
  caughtUp.set(ctx.discovery, known.add(keyOf(seen)));
  if (at === undefined || older === undefined) {
    ctx.log(
      `game ${seen.gameId}: not on ${seen.listUrl} any more, or without a crawl time; not judged again`,
    );
    return;
  }
  expectThat(
    list,
    Date.parse(older) >= Date.parse(at),
    `A list reports an older crawl of game ${seen.gameId} than its detail read just before (first seen: ${seen.older} after ${seen.newer}, a minute earlier)`,
    `status.last_crawled ≥ ${at} (GET /games/${seen.gameId}, read before this list)`,
    `status.last_crawled ${older}`,
  );
}

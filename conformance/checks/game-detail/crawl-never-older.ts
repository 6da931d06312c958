import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { gamesOfAnswer, type GameAsRead } from '../harness/games-of-answer.ts';
import { observedGets } from '../harness/observed-gets.ts';

/**
 * How long a newer crawl may take to reach every answer: a data cache or a replica behind the
 * one that answered first (D76). An answer still older than one read just before it is stale for longer.
 */
const GRACE_MS = 60_000;

/** Requests the run must have to spare for a probe of its own when its traffic offered none. */
const SPARE_REQUESTS = 50;

/** A game whose answer at `olderUrl` reported an older crawl than the answer at `newerUrl` received before it. */
interface Regression {
  gameId: unknown;
  newerUrl: string;
  newer: string;
  olderUrl: string;
  older: string;
}

/**
 * The regressions read again and found caught up, by the run (its discovery): a later pass of the
 * check meets the same answers in the traffic and does not wait for them again.
 */
const caughtUp = new WeakMap<object, Set<string>>();
const keyOf = (seen: Regression) => `${seen.gameId} ${seen.newerUrl} ${seen.olderUrl} ${seen.older}`;

const crawlOf = (game: GameAsRead | undefined): string | undefined => {
  const at = game?.status.last_crawled;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : undefined;
};

/** The crawl time of game `gameId` in a fresh answer of `url` (a page of games or a game's detail). */
async function crawlAt(ctx: CheckContext, url: string, gameId: unknown) {
  const response: ApiResponse = await ctx.client.getAbsolute(url, { fresh: true });
  const at = crawlOf(gamesOfAnswer(response).find((game) => game.id === gameId));
  return { response, at };
}

/**
 * §2: a game's detail holds "all summary fields" — every page of games and the detail report one
 * game, and `status.last_crawled` is the time of its last crawl. A crawl only ever adds a later one
 * (a crawl that fails is still a crawl; a failure reported late moves the last successful
 * connection, not this), so an answer read after another never reports an older crawl of the same
 * game. A list or a detail served from a snapshot, a page cache or a lagging replica while the other
 * reads live does: its games' crawls are the snapshot's. Judged on the run's traffic in the order
 * it arrived (no request of its own): an answer older than one before it is read again a minute
 * later, right after the one that was newer (D76: a cache or replica that catches up within a
 * minute passes), and fails only if it is still older. When no page of the traffic came after an
 * answer holding one of its games and the run has requests to spare, the first page's first
 * crawled game's detail, then that page.
 */
export const crawlNeverOlder = defineCheck({
  id: 'GAME-DETAIL-CRAWL-NEVER-OLDER',
  area: 'game-detail',
  source: '§2 game detail ("All summary fields"); §2 status table (last_crawled)',
  level: 'must',
  title: 'An answer read after another never reports an older crawl of the same game',
  covers: ['S2.GD.FORMS', 'S2.ST.LASTCRAWLED'],
  decisions: ['D76'],
  async run(ctx) {
    const newest = new Map<unknown, { at: string; url: string }>();
    let regression: Regression | undefined;
    let followed = 0;
    ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      for (const game of gamesOfAnswer(response)) {
        const at = crawlOf(game);
        if (at === undefined) continue;
        const seen = newest.get(game.id);
        if (seen === undefined || Date.parse(at) >= Date.parse(seen.at)) {
          if (seen !== undefined) followed += 1;
          newest.set(game.id, { at, url: response.url });
          continue;
        }
        followed += 1;
        const found = {
          gameId: game.id,
          newerUrl: seen.url,
          newer: seen.at,
          olderUrl: response.url,
          older: at,
        };
        if (!caughtUp.get(ctx.discovery)?.has(keyOf(found))) regression ??= found;
      }
      return true;
    });
    if (regression !== undefined) return confirm(ctx, regression);
    if (followed > 0 || ctx.budgetLeft() < SPARE_REQUESTS) {
      if (followed === 0) ctx.skip('no answer in the run came after another holding one of its games');
      return;
    }
    // Nothing to compare in the traffic: the first page's first crawled game, its detail, then that page.
    const game = ctx.discovery.games.find((listed) => crawlOf(listed) !== undefined);
    if (game === undefined) return ctx.skip('discovery found no game with a crawl time');
    const detailUrl = `${ctx.client.baseUrl}/games/${game.id}`;
    const listUrl = `${ctx.client.baseUrl}/games`;
    const newer = (await crawlAt(ctx, detailUrl, game.id)).at;
    const older = (await crawlAt(ctx, listUrl, game.id)).at;
    if (newer !== undefined && older !== undefined && Date.parse(older) < Date.parse(newer))
      return confirm(ctx, { gameId: game.id, newerUrl: detailUrl, newer, olderUrl: listUrl, older });
  },
});

/** After the grace, the newer answer's URL and the older one's again: fails when the second is still older. */
async function confirm(ctx: CheckContext, seen: Regression): Promise<void> {
  const first = `game ${seen.gameId}: ${seen.olderUrl} reported crawl ${seen.older} after ${seen.newerUrl} reported ${seen.newer}`;
  if (ctx.timeLeftMs() < GRACE_MS + 10_000) {
    ctx.log(`${first}; no time left to read them again`);
    return ctx.skip('an answer older than one before it, and no time left for the minute of grace');
  }
  await ctx.wait(GRACE_MS, 'a minute of grace, then the answer that was newer and the one that was older');
  const newer = await crawlAt(ctx, seen.newerUrl, seen.gameId);
  const older = await crawlAt(ctx, seen.olderUrl, seen.gameId);
  const known = caughtUp.get(ctx.discovery) ?? new Set<string>();
  caughtUp.set(ctx.discovery, known.add(keyOf(seen)));
  if (newer.at === undefined || older.at === undefined) {
    ctx.log(`${first}; the game is not in one of them any more, or without a crawl time: not judged again`);
    return;
  }
  expectThat(
    older.response,
    Date.parse(older.at) >= Date.parse(newer.at),
    `An answer reports an older crawl of game ${seen.gameId} than one read just before it (first seen a minute earlier: ${first})`,
    `status.last_crawled ≥ ${newer.at} (GET ${seen.newerUrl}, read just before)`,
    `status.last_crawled ${older.at}`,
  );
}

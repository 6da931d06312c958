import type { CheckContext } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { spreadOrder } from './spread-order.ts';
import { unlistedIds } from './unlisted-ids.ts';
import { judgeUnlistedAnswer } from './unlisted-answer.ts';

/** Gaps of the discovered id range a not-found check looks up at most (after its own cases). */
export const GAPS_LOOKED_UP = 5;

/**
 * Looks up ids inside the range discovery saw but did not list, spread over it, at one path under
 * a game (GET /games/{id}, …/mssp, …/players, …/statistics): each is an archived game, an active
 * one discovery's walk missed (200), or none (404 `game_not_found`) — never another status, such
 * as a 410 for an id given out once (blind fault set 37), which a not-found check drawing ids past
 * the largest never meets. Needs no complete listing. A refusal that says nothing of the id (429,
 * 503) is let pass. The items are a sweep's, so a minimal pass asks one.
 */
export async function lookUpIdGaps(
  ctx: CheckContext,
  request: (id: number, index: number) => Promise<GapRequest> | GapRequest,
): Promise<void> {
  const { gaps } = unlistedIds(new Set(ctx.discovery.games.map((game) => game.id)));
  const ids = spreadOrder(gaps).slice(0, GAPS_LOOKED_UP);
  await ctx.sweep(
    ids.map((id, index) => [id, index] as const),
    async ([id, index]) => {
      const { path, query } = await request(id, index);
      const response = await ctx.client.get(path, query === undefined ? {} : { query });
      judgeUnlistedAnswer(response, `GET ${path}`, 'game_not_found');
    },
  );
}

/** One look-up of a gap: the path under the game, and the query it needs (statistics: a valid one). */
export interface GapRequest {
  path: string;
  query?: QueryPairs;
}

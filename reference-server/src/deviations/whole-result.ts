/**
 * For deviations that read GET /games' whole result another way, then page it: every game a query
 * matches, in its order, and the page the query asks for cut from such a list.
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';

/** A search of the index at one instant (the operation's `searchGames` bound to its request). */
export type Search = (query: GameQuery) => GamePage;

/** Every game a query matches, in its order (page 1 of one page holding them all). */
export function everyMatch(search: Search, query: GameQuery): GameRecord[] {
  return search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).games;
}

/** The page `query` asks for, cut from the whole result. */
export function paged(all: readonly GameRecord[], query: GameQuery): GamePage {
  const first = (query.page - 1) * query.perPage;
  return { total: all.length, games: all.slice(first, first + query.perPage) };
}

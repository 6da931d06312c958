/** Helpers the planted faults of GET /games share (main catalogue and blind sets). */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';

/** The page `query` asks for of `games` (already filtered and ordered), with `total` when given. */
export function blindPage(games: readonly GameRecord[], query: GameQuery, total = games.length): GamePage {
  const first = (query.page - 1) * query.perPage;
  return { total, games: games.slice(first, first + query.perPage) };
}

/** `query` without any filter: no term, every connection type, no flag, no tag (its sort and paging kept). */
export function withoutFilters(query: GameQuery): GameQuery {
  return {
    ...query,
    terms: [],
    connectionType: 'all',
    hasReviews: false,
    recentlyUpdated: false,
    onlineRecently: false,
    tagIds: {},
  };
}

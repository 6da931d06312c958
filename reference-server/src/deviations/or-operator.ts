/**
 * Fault `q-or-operator` (faults.ts): `q` read as a web search box reads it (PostgreSQL's
 * `websearch_to_tsquery`, a query-string parser): a standalone `or` between terms makes either
 * side enough, so `dragon OR realm` finds the games holding `dragon` and those holding `realm`.
 * §4 makes every whitespace-separated term, `or` included, a term that must occur. Called only
 * behind the fault's guard (operations.ts); a `q` without a standalone `or` is answered as the API
 * says.
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import { everyMatch, paged, type Search } from './whole-result.ts';

/**
 * The page of `query` when its terms hold a standalone `or` (the terms split there into
 * alternatives, a game matching every term of any one of them), else undefined.
 */
export function orOperatorSearch(search: Search, query: GameQuery): GamePage | undefined {
  if (!query.terms.includes('or')) return undefined;
  const alternatives: string[][] = [[]];
  for (const term of query.terms) {
    if (term === 'or') alternatives.push([]);
    else alternatives.at(-1)!.push(term);
  }
  const holds = (game: GameRecord, term: string) =>
    [game.name, game.intro, game.description].some((field) => field.toLowerCase().includes(term));
  const matching = everyMatch(search, { ...query, terms: [] }).filter((game) =>
    alternatives.some((terms) => terms.length > 0 && terms.every((term) => holds(game, term))),
  );
  return paged(matching, query);
}

/**
 * How many of discovery's games carry each filterable tag: the commonest tags make the
 * examples a rule is surest to bite on (a filter that keeps many games, a union of the two
 * biggest values of one category).
 */
import type { Discovery } from '../../../src/core/discovery.ts';

export interface TagFrequency {
  /** The filter parameter of the tag's category. */
  param: string;
  id: number;
  /** Discovery's games carrying it. */
  games: number;
}

/** Per tag filter, its values by the number of discovery's games carrying them, commonest first. */
export function tagFrequencies(discovery: Discovery): TagFrequency[][] {
  const carried = new Map<number, number>();
  for (const game of discovery.games) {
    for (const id of new Set(Object.values(game.tags.categories ?? {}).map((tag) => tag.id)))
      carried.set(id, (carried.get(id) ?? 0) + 1);
  }
  return discovery.tagFilters.map((filter) =>
    filter.group.values
      .map((value) => ({ param: filter.param, id: value.id, games: carried.get(value.id) ?? 0 }))
      .sort((a, b) => b.games - a.games),
  );
}

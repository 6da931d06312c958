/**
 * Tag filters (§4 rule 1–2): up to `maxCategories` categories, each with one to three
 * ids. Half the time the ids are the tags of a discovered game, so the combination
 * matches at least that game instead of (usually) nothing; otherwise they are drawn
 * from the discovered groups.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { TagCriterion } from '../support/games-filter.ts';
import { categoryTagIds } from '../support/filter-violations.ts';
import { tagParamIndex } from '../support/tag-param-index.ts';

export function tagCriteria(discovery: Discovery, maxCategories = 2): fc.Arbitrary<TagCriterion[]> {
  const groups = discovery.tagFilters.filter((filter) => filter.group.values.length > 0);
  if (groups.length === 0) return fc.constant([]);

  const fromGroups = fc
    .subarray(groups, { minLength: 1, maxLength: Math.min(maxCategories, groups.length) })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((filter) =>
          fc.record({
            param: fc.constant(filter.param),
            ids: fc.subarray(
              filter.group.values.map((value) => value.id),
              { minLength: 1, maxLength: Math.min(3, filter.group.values.length) },
            ),
            bracketless: fc.boolean(),
          }),
        ),
      ),
    );

  const index = tagParamIndex(discovery);
  const tagged = discovery.games
    .map((game) => categoryTagIds(game).filter((id) => index.has(id)))
    .filter((ids) => ids.length > 0);
  if (tagged.length === 0) return fromGroups;
  const fromGame = fc
    .constantFrom(...tagged)
    .chain((ids) => fc.subarray(ids, { minLength: 1, maxLength: Math.min(maxCategories, ids.length) }))
    .chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            param: fc.constant(index.get(id) as string),
            ids: fc.constant<number[]>([id]),
            bracketless: fc.boolean(),
          }),
        ),
      ),
    );
  return fc.oneof(fromGroups, fromGame);
}

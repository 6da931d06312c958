/**
 * Two tag criteria of different categories, one id each, taken from one discovered
 * game half the time (so their intersection is not empty) and from two random
 * groups otherwise.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { TagCriterion } from '../support/games-filter.ts';
import { categoryTagIds } from '../support/filter-violations.ts';
import { tagParamIndex } from '../support/tag-param-index.ts';

export function twoCategoryTags(
  discovery: Discovery,
): fc.Arbitrary<[TagCriterion, TagCriterion]> | undefined {
  const groups = discovery.tagFilters.filter((filter) => filter.group.values.length > 0);
  if (groups.length < 2) return undefined;
  const criterion = (param: string, id: number): TagCriterion => ({ param, ids: [id] });
  const fromGroups = fc.subarray(groups, { minLength: 2, maxLength: 2 }).chain(([a, b]) =>
    fc.tuple(
      fc.constantFrom(...a!.group.values).map((value) => criterion(a!.param, value.id)),
      fc.constantFrom(...b!.group.values).map((value) => criterion(b!.param, value.id)),
    ),
  );
  const index = tagParamIndex(discovery);
  const pairs = discovery.games
    .map((game) => categoryTagIds(game).filter((id) => index.has(id)))
    .filter((ids) => ids.length >= 2);
  if (pairs.length === 0) return fromGroups;
  const fromGame = fc
    .constantFrom(...pairs)
    .chain((ids) => fc.subarray(ids, { minLength: 2, maxLength: 2 }))
    .map(([a, b]): [TagCriterion, TagCriterion] => [
      criterion(index.get(a!)!, a!),
      criterion(index.get(b!)!, b!),
    ]);
  return fc.oneof(fromGroups, fromGame);
}

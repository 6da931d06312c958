/** A discovered tag filter (parameter and group) with at least `minValues` values. */
import fc from 'fast-check';
import type { Discovery, TagFilter } from '../../../src/core/discovery.ts';

export function tagGroup(discovery: Discovery, minValues = 1): fc.Arbitrary<TagFilter> | undefined {
  const groups = discovery.tagFilters.filter((filter) => filter.group.values.length >= minValues);
  return groups.length === 0 ? undefined : fc.constantFrom(...groups);
}

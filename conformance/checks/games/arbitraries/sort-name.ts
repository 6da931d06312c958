/** One of the six sorts of §4 GET /games. */
import fc from 'fast-check';
import type { SortName } from '../../../src/core/profile.ts';
import { SORT_NAMES } from '../support/games-filter.ts';

export function sortName(): fc.Arbitrary<SortName> {
  return fc.constantFrom(...SORT_NAMES);
}

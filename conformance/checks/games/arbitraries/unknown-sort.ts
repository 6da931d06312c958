/**
 * A `sort` value that is none of the six names (§4: it falls back to `last_updated`).
 * Values that only differ from a name by case, padding or dashes are left out: a
 * server may reasonably normalize them, and the description does not say.
 */
import fc from 'fast-check';
import { SORT_NAMES } from '../support/games-filter.ts';
import { INHERITED_NAMES } from '../../harness/arbitraries/inherited-names.ts';

const UNKNOWN = ['random', 'rank', 'name', 'popular', 'updated', '-newest', 'last_updated,newest', 'asc', ''];

const normalized = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');

/**
 * A known name with another API's direction syntax around it (`-newest` in JSON:API, `+oldest`,
 * `newest:desc`, `top_voted desc`): unknown values all the same, which a server reading that syntax
 * answers in another order.
 */
export function directionSyntaxSort(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...SORT_NAMES),
      fc.constantFrom<[string, string]>(
        ['-', ''],
        ['+', ''],
        ['', ':desc'],
        ['', ':asc'],
        ['', ' desc'],
        ['', '.asc'],
      ),
    )
    .map(([name, [before, after]]) => `${before}${name}${after}`);
}

export function unknownSort(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...UNKNOWN),
      directionSyntaxSort(),
      fc.constantFrom(...INHERITED_NAMES),
      fc.string({ minLength: 1, maxLength: 24 }),
    )
    .filter((value) => !(SORT_NAMES as readonly string[]).includes(normalized(value)));
}

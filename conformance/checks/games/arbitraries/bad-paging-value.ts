/**
 * A `page` or `per_page` outside its range or not a plain integer (§4 GET /games
 * parameters; §8 limits; the values D18 lists).
 */
import fc from 'fast-check';
import type { BadValue } from './invalid-filter-value.ts';

export function badPagingValue(): fc.Arbitrary<BadValue> {
  const perPage = fc.record({
    param: fc.constant('per_page'),
    value: fc.oneof(
      fc.constantFrom('0', '51', '100', '-1', '1e3', 'abc', '', '1.5', '0x10', '9007199254740993'),
      fc.integer({ min: 51, max: 100000 }).map(String),
      fc.integer({ min: -1000, max: 0 }).map(String),
    ),
  });
  const page = fc.record({
    param: fc.constant('page'),
    value: fc.oneof(
      fc.constantFrom('0', '-1', 'abc', '1e3', '', '1.5', '0x10', '9007199254740993'),
      fc.integer({ min: -1000, max: 0 }).map(String),
    ),
  });
  return fc.oneof(perPage, page);
}

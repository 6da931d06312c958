/**
 * A filter parameter with a value the description rules out (§4 GET /games parameter
 * table): a flag other than 1 (D47, empty included), a connection type outside the
 * three (near-misses of another case or spelling are left out: a server might
 * reasonably normalize them), a tag id that is not an integer ≥ 1 — a list of ids in one
 * value among them (`3,7`, `3 7`, `3|7`: §4 rule 1 selects several ids by repeating the
 * parameter, D69). Numeric spellings of one valid value (`01`, `+1`, `1.0`, `1e0`, `0x1`) are left
 * out (D18 leaves such spellings open, D47).
 */
import fc from 'fast-check';
import { TAG_FILTER_PARAMS } from '../../../src/core/discovery.ts';
import { INHERITED_NAMES } from '../../harness/arbitraries/inherited-names.ts';

const FLAGS = ['has_reviews', 'recently_updated', 'online_recently'];
const CONNECTION_TYPES = ['all', 'web_only', 'mud_client'];

/** Texts that denote the integer 1 in some lenient parser (`Number()` reads `1e0` and `0x1` too). */
const looksLikeOne = (text: string): boolean => /^\s*\+?0*1(\.0*)?\s*$/.test(text) || Number(text) === 1;
/** Texts that denote one positive integer in some lenient parser (`5`, `+5`, `5.0`). */
const looksLikePositiveInteger = (text: string): boolean =>
  /^\s*\+?\d+(\.0*)?\s*$/.test(text) && Number(text) >= 1;

/** The ways a list of ids is written in one value (D69: not the repeated parameter §4 rule 1 names). */
const ID_LIST_SEPARATORS = [',', ' ', '|', ';'];

export interface BadValue {
  param: string;
  value: string;
}

export function invalidFilterValue(): fc.Arbitrary<BadValue> {
  const flag = fc.record({
    param: fc.constantFrom(...FLAGS),
    value: fc
      .oneof(fc.constantFrom('0', '2', 'yes', 'true', 'on', '', '-1', 'null'), fc.string({ maxLength: 8 }))
      .filter((value) => !looksLikeOne(value)),
  });
  const connectionType = fc.record({
    param: fc.constant('connection_type'),
    value: fc
      .oneof(
        fc.constantFrom('web', 'mud', 'telnet', 'none', 'any', '1'),
        fc.constantFrom(...INHERITED_NAMES),
        fc.string({ minLength: 1, maxLength: 12 }),
      )
      .filter(
        (value) =>
          value.trim() !== '' && !CONNECTION_TYPES.includes(value.trim().toLowerCase().replace(/-/g, '_')),
      ),
  });
  const tag = fc.record({
    param: fc.constantFrom(...TAG_FILTER_PARAMS).chain((name) => fc.constantFrom(`${name}[]`, name)),
    value: fc
      .oneof(
        fc.constantFrom('0', '-1', '-42', 'abc', '1.5', 'x1', '0,3', 'null'),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc
          .tuple(
            fc.integer({ min: 1, max: 999 }),
            fc.integer({ min: 1, max: 999 }),
            fc.constantFrom(...ID_LIST_SEPARATORS),
          )
          .map(([a, b, separator]) => `${a}${separator}${b}`),
      )
      .filter((value) => value.trim() !== '' && !looksLikePositiveInteger(value)),
  });
  return fc.oneof(flag, connectionType, tag);
}

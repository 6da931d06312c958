/**
 * A `q` of one or two discovered words joined by whitespace (§4: "split on
 * whitespace" — spaces, runs of spaces and tabs). Words come from names and intros
 * of listed games, so most queries match a few games.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';

export function searchQuery(discovery: Discovery): fc.Arbitrary<string> {
  if (discovery.words.length === 0) return fc.constant('');
  const word = fc.constantFrom(...discovery.words.map((entry) => entry.word));
  return fc
    .tuple(fc.array(word, { minLength: 1, maxLength: 2 }), fc.constantFrom(' ', '  ', '\t'))
    .map(([words, separator]) => words.join(separator));
}

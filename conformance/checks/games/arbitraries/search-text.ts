/**
 * A `q` from a small grammar: one to three terms — discovered words of names and intros,
 * sometimes in another letter case, sometimes a non-ASCII term (a discovered word with an
 * accented letter appended, or a fixed non-ASCII word) — joined by any whitespace
 * (`spacedTerms`). It carries its terms: under every reading of §4 and D21, each game
 * returned contains each term, compared case-insensitively.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import { spacedTerms } from './spaced-terms.ts';

export interface SearchText {
  q: string;
  terms: string[];
}

/**
 * Non-ASCII words whose lower and upper case map one to one (no `ß`, `İ`, final sigma:
 * their case folding differs between languages, D21 compares case-insensitively).
 */
const NON_ASCII = ['Drachenhöhle', 'château', 'ñandú', 'Åsgard', 'Ælfric', 'Крепость', '龍城'];

export function searchText(discovery: Discovery): fc.Arbitrary<SearchText> {
  const words = discovery.words.map((entry) => entry.word);
  const discovered = words.length > 0 ? fc.constantFrom(...words) : fc.constantFrom(...NON_ASCII);
  const term = fc.oneof(
    { arbitrary: discovered, weight: 6 },
    {
      arbitrary: fc
        .tuple(
          discovered,
          fc.constantFrom<(w: string) => string>(
            (w) => w.toLowerCase(),
            (w) => w.toUpperCase(),
          ),
        )
        .map(([word, recase]) => recase(word)),
      weight: 2,
    },
    // A server that drops or folds non-ASCII letters would match the bare word.
    {
      arbitrary: fc.tuple(discovered, fc.constantFrom('é', 'ö', 'ñ', 'ø')).map(([w, c]) => `${w}${c}`),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...NON_ASCII), weight: 1 },
  );
  return fc
    .array(term, { minLength: 1, maxLength: 3 })
    .chain((terms) => spacedTerms(terms).map((q) => ({ q, terms })));
}

/**
 * `q` terms holding punctuation that a search built by hand chokes on or reads as syntax: the
 * quotes and backslash of SQL string literals, the statement separator `;`, the groups `(` `)`
 * of regular expressions and full-text queries, a leading `-` (a full-text NOT) and `:` (a
 * full-text column filter), and what a query string reads as its own syntax when decoded twice
 * (`+`, `%`, `&`, `=`, `#`). §4 splits `q` on whitespace only, so each such term is one literal
 * term: the search is answered 200, with the games holding that text (usually none).
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { SearchText } from './search-text.ts';

/** A discovered word with punctuation in it or around it, each way a query builder may trip. */
const PUNCTUATE: ReadonlyArray<(word: string) => string> = [
  (w) => `${w}'s`,
  (w) => `${w.slice(0, 2)}'${w.slice(2)}`,
  (w) => `'${w}'`,
  (w) => `"${w}"`,
  (w) => `"${w}`,
  (w) => `${w}\\`,
  (w) => `${w.slice(0, 2)}\\${w.slice(2)}`,
  (w) => `${w};`,
  (w) => `${w};--`,
  (w) => `(${w})`,
  (w) => `${w}(`,
  (w) => `${w})`,
  (w) => `-${w}`,
  (w) => `${w}:`,
  (w) => `name:${w}`,
  // What a query string means besides its percent-escapes: `+` read as a space a second time
  // (`C++`), a `%` escape decoded twice, `&` `=` `#` read as the URL's own syntax.
  (w) => `${w}+`,
  (w) => `${w.slice(0, 1)}++`,
  (w) => `${w}%2B`,
  (w) => `${w}%20${w}`,
  (w) => `${w}&${w}=1`,
  (w) => `${w}#`,
];

/** A whitespace-free token of a name or intro that holds a word and one of the characters. */
const PUNCTUATED_TOKEN = /^(?=.*\p{L}{3})(?=.*['"\\;():-]).+$/u;

/** The whitespace-free tokens of discovered names and intros that already hold such punctuation. */
function punctuatedTokens(discovery: Discovery): string[] {
  const tokens = discovery.games.flatMap((game) => `${game.name} ${game.intro}`.split(/\s+/));
  return [...new Set(tokens.filter((token) => PUNCTUATED_TOKEN.test(token)))];
}

/**
 * The canonical cases, as examples: one `q` of a discovered word punctuated each way (a server
 * choking on any of the characters answers it with an error), then a token of a discovered name
 * or intro as the text spells it with its punctuation (`Dragon's`, `(MUSH)`: the search finds its
 * game, and a server splitting on punctuation returns games without it), then a leading hyphen
 * alone (a full-text NOT returns the games without the word).
 */
export function punctuationExamples(discovery: Discovery): SearchText[] {
  const word = discovery.words.find((entry) => entry.word.length >= 4)?.word.toLowerCase();
  if (word === undefined) return [];
  const spelled = punctuatedTokens(discovery)
    .slice(0, 1)
    .map((token) => ({ q: token, terms: [token] }));
  const all = [`${word}'s`, `"${word}"`, `${word}\\`, `${word};`, `(${word})`, `-${word}`, `${word}:`];
  // Each alone, so that a term read as two (`word+` as `word`, `word%20word` as two words) finds
  // the games holding the word, which lack the term: `c++`, then a twice-decoded escape.
  // And, second, `&` `=` inside a term (sent as %26, %3D): a server splitting the decoded query
  // string on them searches the word alone.
  const decoded = [`${word.slice(0, 1)}++`, `${word}%20${word}`];
  const syntax = `${word}&${word}=1`;
  return [
    { q: all.join(' '), terms: all },
    { q: syntax, terms: [syntax] },
    ...spelled,
    { q: `-${word}`, terms: [`-${word}`] },
    ...decoded.map((term) => ({ q: term, terms: [term] })),
    // And a term ending in `;`, alone (sent literal): a server splitting the query string on `;`
    // as well as `&` (HTML 4's recommendation, old CGI libraries) searches the word.
    { q: `${word};`, terms: [`${word};`] },
  ];
}

/**
 * One or two terms: a discovered word punctuated one of the ways above (or a token of a name or
 * intro that holds punctuation already), sometimes beside a plain discovered word.
 */
export function punctuatedText(discovery: Discovery): fc.Arbitrary<SearchText> {
  const words = discovery.words.map((entry) => entry.word);
  const tokens = punctuatedTokens(discovery);
  const made = fc
    .tuple(fc.constantFrom(...words), fc.constantFrom(...PUNCTUATE))
    .map(([word, punctuate]) => punctuate(word));
  const punctuated = tokens.length > 0 ? fc.oneof(made, made, fc.constantFrom(...tokens)) : made;
  return fc
    .tuple(punctuated, fc.option(fc.constantFrom(...words), { nil: undefined }))
    .map(([term, plain]) => {
      const terms = plain === undefined ? [term] : [term, plain];
      return { q: terms.join(' '), terms };
    });
}

/**
 * A `q` from a small grammar: one to three terms — discovered words of names and intros,
 * sometimes in another letter case, sometimes a non-ASCII term (a discovered word with an
 * accented letter appended, or a fixed non-ASCII word; a word with a letter swapped for a
 * wildcard or pattern character) — joined by any whitespace
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

/** Wildcards and pattern syntax of SQL LIKE (`_`, `%`), globs (`*`, `?`) and regular expressions. */
const PATTERN_CHARACTERS = ['_', '%', '*', '?', '.', '.*', '[a-z]', '\\w', '+'];

/**
 * The canonical pattern cases, as examples: a discovered word with its second letter swapped for
 * SQL LIKE's one-character and any-length wildcards and a glob star — what a server building
 * a LIKE or glob pattern from the term without escaping it would match (SQL stores back most).
 */
export function patternExamples(discovery: Discovery): SearchText[] {
  const word = discovery.words.find((entry) => entry.word.length >= 3)?.word;
  if (word === undefined) return [];
  return ['_', '%', '*'].map((pattern) => {
    const term = `${word[0]}${pattern}${word.slice(2)}`;
    return { q: term, terms: [term] };
  });
}

/**
 * A web search's query syntax, sent as `q`, whose characters §4 makes part of the terms ("split on
 * whitespace"): two adjacent words of one game's name or intro in double quotes (`"distant
 * crowns"`: the terms `"distant` and `crowns"`), then a word of that game with a word of another
 * game behind a minus (`distant -harbour`: the terms `distant` and `-harbour`). A server reading
 * the quotes as a phrase, or the minus as an exclusion, returns games lacking the literal terms
 * (the phrase's game, the first word's games without the other word); a correct one returns only
 * games that hold them as written (often none). Each pair is chosen so that no discovered name or
 * intro holds the quoted or minus term itself.
 */
export function searchSyntaxExamples(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map((game) => `${String(game.name)} ${String(game.intro)}`.toLowerCase());
  const heldByNone = (term: string) => !texts.some((text) => text.includes(term.toLowerCase()));
  const examples: SearchText[] = [];
  for (const game of discovery.games) {
    const text = `${String(game.name)} ${String(game.intro)}`;
    const pair = /(?:^|\s)(\p{L}{3,}) (\p{L}{3,})(?=\s|$)/u.exec(text);
    if (pair === null) continue;
    const [, first, second] = pair as unknown as [string, string, string];
    const phrase = [`"${first}`, `${second}"`];
    const other = discovery.words.find(
      (entry) => entry.gameId !== game.id && !text.toLowerCase().includes(entry.word.toLowerCase()),
    )?.word;
    if (!phrase.every(heldByNone)) continue;
    examples.push({ q: phrase.join(' '), terms: phrase });
    if (other !== undefined && heldByNone(`-${other}`)) {
      examples.push({ q: `${first} -${other}`, terms: [first, `-${other}`] });
    }
    break;
  }
  return examples;
}

/**
 * A query-string parser's operators, sent as `q`, which §4 makes part of the terms ("split on
 * whitespace"): a word of a discovered game's name after a `+` (required), after `name:` (a
 * field), before a `~` (fuzzy). A server passing `q` to such a parser (Lucene, Elasticsearch's
 * `query_string`) returns the word's games, which lack the literal terms; a correct one returns
 * only games holding them as written (often none). Chosen so that no discovered name or intro
 * holds them. (`OR` between two words is in the second case, `twoGamesWords`.)
 */
export function searchOperatorExamples(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map((game) => `${String(game.name)} ${String(game.intro)}`.toLowerCase());
  const heldByNone = (term: string) => !texts.some((text) => text.includes(term.toLowerCase()));
  for (const game of discovery.games) {
    const word = /(?:^|\s)(\p{L}{4,})(?=\s|$)/u.exec(String(game.name))?.[1];
    if (word === undefined) continue;
    const operated = [`+${word}`, `name:${word}`, `${word}~`];
    if (operated.every(heldByNone)) return operated.map((term) => ({ q: term, terms: [term] }));
  }
  return [];
}

/**
 * A discovered word with a non-ASCII letter put inside it (`draögon`), which no game holds: a
 * server dropping or folding the letters outside ASCII before the search finds the bare word's
 * games. As an example: the generated terms put such a letter only at the end of a word.
 */
export function nonAsciiInsideExample(discovery: Discovery): SearchText[] {
  const word = discovery.words.find((entry) => /^[a-z]{4,}$/i.test(entry.word))?.word;
  if (word === undefined) return [];
  const term = `${word.slice(0, 3)}ö${word.slice(3)}`;
  return [{ q: term, terms: [term] }];
}

/** The acute form of each vowel, in both cases: an accented letter of Latin-script languages. */
const ACUTE: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
};

/**
 * A term holding a control character (other than whitespace, which separates terms): a server
 * may refuse it as an invalid value (D21), so only a 200 answering it has a verdict.
 */
export const CONTROL_CHARACTER = /(?![\t\n\v\f\r\u0085])\p{Cc}/u;

/**
 * Text outside ASCII and what a query string holds besides words, each inside a term built from
 * a discovered word (of four ASCII letters or more), so that a server mangling the term finds the
 * word's games, which lack it; a correct server returns only games holding the term as written
 * (none, in a directory of ASCII text). In order:
 * - the word with its last vowel accented (`dragon` → `dragón`): a search comparing through an
 *   accent-insensitive collation (`utf8mb4_0900_ai_ci`, `unaccent()`) finds the word's games —
 *   an accented letter is another letter, not one a term may drop;
 * - the word, a NUL and more letters (`dragon\0xyz`, sent `%00`): a term handed to C as a
 *   NUL-terminated string ends at the NUL (a server may refuse the NUL instead: CONTROL_CHARACTER);
 * - the word with characters of three and four UTF-8 bytes after and inside it (`dragon€日`,
 *   `dra🐉gon`, the emoji beyond the Basic Multilingual Plane): a server dropping what its
 *   character set cannot hold, or cutting the term at the first such character (a 3-byte
 *   `utf8` column), finds the word's games, and one whose encoding fails answers an error;
 * - the word with a letter written as `unescape()`'s `%uXXXX` escape, as text (`dr%u0061gon`,
 *   sent `%25u0061`): a server running the decoded query through `unescape()` again searches
 *   the word.
 * Never a space other than ASCII whitespace: whether U+00A0 or U+3000 separate terms is open (D21).
 */
export function nonAsciiTermExamples(discovery: Discovery): SearchText[] {
  const word = discovery.words.find(
    (entry) => /^[a-z]{4,}$/i.test(entry.word) && /[aeiou]/i.test(entry.word.slice(1)),
  )?.word;
  if (word === undefined) return [];
  const vowel = word.search(/[aeiou][^aeiou]*$/i);
  const accented = `${word.slice(0, vowel)}${ACUTE[word[vowel]!]!}${word.slice(vowel + 1)}`;
  const escaped = `%u${word.charCodeAt(2).toString(16).padStart(4, '0')}`;
  return [
    accented,
    `${word}\0xyz`,
    `${word}€日`,
    `${word.slice(0, 3)}🐉${word.slice(3)}`,
    `${word.slice(0, 2)}${escaped}${word.slice(3)}`,
  ].map((term) => ({ q: term, terms: [term] }));
}

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
    // A term is text, not a pattern: a letter of a word swapped for a wildcard or pattern
    // character of SQL LIKE, globs or regular expressions matches only that literal text.
    {
      arbitrary: fc
        .tuple(discovered, fc.constantFrom(...PATTERN_CHARACTERS), fc.nat())
        .map(([word, pattern, at]) => {
          const i = word.length < 2 ? 0 : 1 + (at % (word.length - 1));
          return `${word.slice(0, i)}${pattern}${word.slice(i + 1)}`;
        }),
      weight: 1,
    },
  );
  return fc
    .array(term, { minLength: 1, maxLength: 3 })
    .chain((terms) => spacedTerms(terms).map((q) => ({ q, terms })));
}

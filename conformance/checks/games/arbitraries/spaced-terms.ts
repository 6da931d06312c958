/**
 * Search terms joined the ways a client may join them (§4 `q`: "split on whitespace"):
 * runs of one to three of space, tab, line feed and carriage return between the terms, and
 * optionally before and after them. Only ASCII whitespace: whether U+00A0 or U+2003 count as
 * whitespace differs between languages' definitions, so they are never sent as separators.
 */
import fc from 'fast-check';

const run = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r'), { minLength: 1, maxLength: 3 })
  .map((chars) => chars.join(''));

export function spacedTerms(terms: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.option(run, { nil: '' }),
      fc.array(run, { minLength: terms.length, maxLength: terms.length }),
      fc.option(run, { nil: '' }),
    )
    .map(
      ([leading, separators, trailing]) =>
        terms.reduce((q, term, i) => `${q}${i === 0 ? '' : separators[i]}${term}`, leading) + trailing,
    );
}

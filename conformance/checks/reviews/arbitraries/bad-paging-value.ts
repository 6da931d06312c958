import fc from 'fast-check';

/**
 * `page`/`per_page` values outside their ranges or not plain integers (D19): zero,
 * negatives, above 50, decimals, exponents, hex, signs, leading zeros, empty,
 * beyond 2^53, words.
 */
export function badPagingValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '51',
      '1000',
      '1.5',
      '1.0',
      '1e3',
      '0x10',
      '+5',
      '05',
      '',
      '9007199254740993',
      'abc',
    ),
    fc.integer({ min: -1000, max: 0 }).map(String),
    fc.integer({ min: 51, max: 100_000 }).map(String),
    fc.stringMatching(/^[a-z]{1,6}$/),
  );
}

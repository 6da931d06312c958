import fc from 'fast-check';

/**
 * Path segments that are not a listing id (D17): zero, negatives, decimals, words,
 * digits followed by letters (a `parseInt` trap), digits with a `_` between them (a
 * programming language's digit separator), digits with a space before or after them, digits of
 * another script (Arabic-Indic, fullwidth: Python's `int()` and Java's `parseInt` read them), and
 * integers beyond 2^53, a sub-resource's path after an encoded slash. Forms a lenient number parser could read as an existing id in a
 * notation for numbers (`05`, `+5`, `1e3`, `0x10`) are left out: D17 leaves them open.
 */
export function malformedGameId(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant('0'),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `-${n}`),
    fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 9 })).map(([n, d]) => `${n}.${d}`),
    fc.stringMatching(/^[a-z]{1,10}$/),
    fc.tuple(fc.integer({ min: 1, max: 500 }), fc.stringMatching(/^[a-z]{1,4}$/)).map(([n, s]) => `${n}${s}`),
    fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 9 })).map(([n, d]) => `${n}_${d}`),
    fc
      .tuple(fc.integer({ min: 1, max: 500 }), fc.boolean())
      .map(([n, before]) => (before ? ` ${n}` : `${n} `)),
    fc
      .tuple(fc.integer({ min: 1, max: 500 }), fc.constantFrom(0x0660, 0xff10))
      .map(([n, zero]) => [...String(n)].map((d) => String.fromCodePoint(zero + Number(d))).join('')),
    fc.bigInt({ min: 2n ** 53n + 1n, max: 10n ** 20n }).map((n) => n.toString()),
    encodedSubResource(),
  );
}

/**
 * An id with a sub-resource's name after a slash, sent in one segment (`5%2Fplayers`): an
 * encoded slash is data (RFC 3986 §2.2), so a router that decodes it before matching serves the
 * sub-resource.
 */
export function encodedSubResource(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 1, max: 500 }),
      fc.constantFrom('players', 'mssp', 'statistics', 'activity-pattern'),
    )
    .map(([n, tail]) => `${n}/${tail}`);
}

import fc from 'fast-check';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Strings that are not a real calendar date `YYYY-MM-DD` (D26 strict): day 0 or past
 * the month's end (`2026-02-30`, `2025-02-29`), month 0 or 13, missing zero padding,
 * other separators or orders, timestamps, words (a leading space is left out: D26 does not say whether to trim).
 */
export function impossibleDate(): fc.Arbitrary<string> {
  const year = fc.integer({ min: 2000, max: 2030 });
  return fc.oneof(
    fc
      .tuple(year, fc.constantFrom([2, 30], [2, 31], [4, 31], [6, 31], [9, 31], [11, 31], [1, 32], [3, 0]))
      .map(([y, [m, d]]) => `${y}-${pad(m ?? 1)}-${pad(d ?? 0)}`),
    year.filter((y) => y % 4 !== 0).map((y) => `${y}-02-29`),
    fc
      .tuple(year, fc.constantFrom(0, 13, 99), fc.integer({ min: 1, max: 28 }))
      .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
    fc
      .tuple(year, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }))
      .map(([y, m, d]) => `${y}-${m}-${d}`),
    fc
      .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .chain(([y, m, d]) =>
        fc.constantFrom(
          `${y}/${pad(m)}/${pad(d)}`,
          `${pad(d)}-${pad(m)}-${y}`,
          `${y}${pad(m)}${pad(d)}`,
          `${y}-${pad(m)}-${pad(d)}T00:00:00Z`,
        ),
      ),
    fc.constantFrom('today', 'yesterday', 'garbage', 'null', '-1', '0'),
    fc.stringMatching(/^[a-z]{1,12}$/),
  );
}

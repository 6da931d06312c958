/**
 * The class fixes made after blind fault set 29 (what a fuzzer, a scanner or a careless script
 * sends): each check passes the reference server and fails against the blind fault whose escape
 * showed the class missing — within the cases a default run reaches (`--runs` as each case's
 * place needs). Left, see the blind-faults README's measurement of set 29.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 29', () => {
  itFixesEach(
    [
      // A token outside the b64token grammar: SQL text spliced into the key lookup, a broken escape decoded.
      ['blind29-key-lookup-sql-injection', 'AUTH-MALFORMED-HEADER'],
      ['blind29-token-percent-decoded', 'AUTH-MALFORMED-HEADER'],
      // A name every JavaScript object answers to, as an enumerated value.
      ['blind29-sort-inherited-name-500', 'GAMES-SORT-UNKNOWN-FALLBACK'],
      // Hostile query values: a bare `%`, an escaped quote in a date.
      ['blind29-query-decoded-strictly-500', 'PROTOCOL-HOSTILE-QUERY-VALUES'],
      ['blind29-date-error-body-templated', 'PROTOCOL-HOSTILE-QUERY-VALUES'],
      // A date with text after it (the property's second example).
      ['blind29-stats-date-pattern-unanchored', 'STATISTICS-INVALID-DATES'],
    ],
    { runs: 3 },
  );

  // The scanners' paths among the unknown paths: a filter ahead of authentication answers them.
  describe('…a scanner probe', () => {
    itFixesEach(
      [['blind29-scanner-filter-before-accounting', 'RATE-LIMIT-HEADERS-PRESENT']],
      { runs: 2 },
      { 'RATE-LIMIT-HEADERS-PRESENT': 'PROTOCOL-UNKNOWN-ROUTE' },
    );
  });

  // The calendar's first day (fifth example), a sub-resource after an encoded slash (sixth), and
  // TRACE (the method sweep's fourth item).
  describe('…the edges of an id, a date or the methods', () => {
    itFixesEach(
      [
        ['blind29-players-year-below-100-as-1900s', 'PLAYERS-IMPOSSIBLE-DATES'],
        ['blind29-encoded-slash-decoded', 'GAME-DETAIL-MALFORMED-ID'],
        ['blind29-trace-echoed', 'PROTOCOL-METHOD-NOT-ALLOWED'],
      ],
      { runs: 6 },
    );
  });

  // A term ending in `;`, sent literal: the punctuation examples' last (runs 40: a fifth of them).
  describe('…a literal semicolon in q', () => {
    itFixesEach([['blind29-query-semicolon-separator', 'GAMES-Q-WHITESPACE']], { runs: 40 });
  });
});

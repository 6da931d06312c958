/**
 * The class fixes made after blind fault set 7's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A search term with an apostrophe answered 500: terms punctuated with quotes, a backslash,
  // `;`, parentheses, a leading `-` or `:` are one literal term, answered 200.
  ['blind7-q-apostrophe-500', 'GAMES-Q-WHITESPACE'],
  // Name, intro and description searched as one string: a term straddling two fields' boundary.
  ['blind7-q-fields-concatenated', 'GAMES-Q-TERMS'],
  // Today left out of the daily history: a second property judges a range up to today, whose
  // raw samples must each have a daily value (presence only: today's mean moves with a crawl).
  ['blind7-daily-history-without-today', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // /json.php with a query falling through to 404: the found place is asked with a query too.
  ['blind7-json-php-with-query-not-gone', 'PROTOCOL-LEGACY-ENDPOINT-BODY'],
  // An average by integer division: where a game's figures count exactly the reviews of its
  // page of 50, the average is their mean within half a star (D67).
  ['blind7-average-rating-integer-division', 'REVIEWS-GAME-FILTER'],
];

describe('class fixes after blind fault set 7', () => {
  itFixesEach(FIXES);
});

/**
 * A fault the default budget caught only by a later case, now the check's first case (all the
 * minimal pass judges): the last whole leap year, 366 days that a span counted in calendar
 * years takes for one.
 */
const FIRST_CASES: ClassFix[] = [['blind7-daily-span-calendar-year', 'PLAYERS-DAILY-MAX-SPAN']];

describe('first cases after blind fault set 7 (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIRST_CASES, { runs: 1 });
});

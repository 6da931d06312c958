/**
 * The class fixes made after blind fault set 16's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing. Left: a 304 to
 * If-Modified-Since (conditional requests are HTTP's own matter, D71) and Retry-After on answers
 * other than 429 (§7's table says where it is sent, not that it is sent nowhere else).
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A body parser ahead of the method check: a POST of JSON that does not parse answered 500.
  ['blind16-post-malformed-json-500', 'PROTOCOL-METHOD-NOT-ALLOWED'],
  // Raw statistics served as hourly buckets: points of two observations under the raw name.
  ['blind16-stats-raw-served-hourly', 'STATISTICS-POINT-FIELDS'],
  // Daily player samples carrying the statistics points' aggregates (§9 rule 2).
  ['blind16-daily-samples-carry-stats-fields', 'STATISTICS-PLAYER-HISTORY-UNCHANGED'],
  // Retry-After a full window's 60 s whatever is left of the window.
  ['blind16-retry-after-full-window', 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED'],
  // Counters kept per Authorization text: `bearer <key>` a fresh budget.
  ['blind16-limits-keyed-by-authorization-text', 'RATE-LIMIT-REMAINING-DECREMENTS'],
  // most_reviewed ordered by the newest review: review counts up and down the page.
  ['blind16-most-reviewed-by-latest-review', 'GAMES-SORT-DIRECTION'],
  // English stop words dropped from q (caught at the default budget, not at 600).
  ['blind16-q-stop-words-dropped', 'GAMES-Q-TERMS'],
];

describe('class fixes after blind fault set 16', () => {
  itFixesEach(FIXES);
});

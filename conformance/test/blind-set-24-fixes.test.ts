/**
 * The class fixes made after blind fault set 24 (the numbers at their edges): each check passes
 * the reference server and fails against the blind fault whose escape showed the class missing —
 * within its first four cases (`--runs 4`), as a 600-request run reaches them. Left, see the
 * blind-faults README's measurement of set 24.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 24', () => {
  itFixesEach(
    [
      // An integer parameter read as a number: a fraction past each integer's minimum (1.5).
      ['blind24-page-fractional-accepted', 'GAMES-BAD-PAGING'],
      // Ids kept to 32 bits: 2^32 plus an id the deployment has, first of the wide ids.
      ['blind24-tag-id-wraps-at-2-32', 'GAMES-UNKNOWN-TAG-ID'],
      // A repeated tag id joined row by row: one id sent twice, second.
      ['blind24-repeated-tag-id-counted-twice', 'GAMES-TAG-PARAM-FORMS'],
      // Page offsets computed in 32 bits: a page whose offset wraps to 0.
      ['blind24-reviews-offset-int32-wraps', 'REVIEWS-LINKS'],
      // A cap on the day count over calendar buckets: weekly over 7,000 days not from a Monday.
      ['blind24-stats-weekly-cap-whole-weeks', 'STATISTICS-POINT-CAP'],
      // A detail's figures computed over one page of the game's reviews: the most reviewed game.
      ['blind24-detail-review-stats-first-page', 'GAME-DETAIL-MATCHES-SUMMARY'],
    ],
    { runs: 4 },
  );
});

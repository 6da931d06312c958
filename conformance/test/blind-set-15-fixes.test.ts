/**
 * The class fixes made after blind fault set 15's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing — three of them in
 * the first case too (the minimal pass alone, --runs 1), where a 200-request run judges it.
 * GAMES-Q-TERMS's first case was made to catch a fault its later cases caught only past 200.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

/**
 * A week's average as the plain mean of its days' averages: not the mean of its observations. It
 * shows only in a week whose days hold unequal counts — today's hours so far beside whole days —
 * so not from 23:00 UTC (today whole too), nor on a Monday the 1st (today alone in its week and
 * month): the test's server starts its clock at a Tuesday afternoon (the run failed by chance at
 * 15:57 on the system clock before the check asked the busiest game's week: the quietest game's
 * days differ by less than the answers' precision).
 */
const WEEKLY_MEANS: ClassFix = [
  'blind15-stats-weekly-average-of-daily-means',
  'STATISTICS-RESOLUTIONS-AGREE',
];

const FIXES: ClassFix[] = [
  // Cells averaging over their days instead of their observations: twice the samples they count.
  ['blind15-activity-average-per-day', 'STATISTICS-ACTIVITY-COUNTS-COVER-POINTS'],
  // The review's title as a Markdown heading at the top of its body.
  ['blind15-review-body-title-heading', 'REVIEWS-BODY-MARKDOWN'],
  // The day's count reset with the minute's: a spent day admitted again a minute later.
  ['blind15-day-count-expires-with-minute', 'RATE-LIMIT-DAY-REFUSAL-OUTLASTS-MINUTE'],
  // Only the last term of q searched (caught from the second case before; at 200, not at all).
  ['blind15-q-last-term-only', 'GAMES-Q-TERMS'],
];

describe('class fixes after blind fault set 15', () => {
  itFixesEach(FIXES);
});

describe("class fix after blind fault set 15: a week's point against its days", () => {
  itFixesEach([WEEKLY_MEANS], { at: () => Date.parse('2026-12-01T15:57:00Z') });
});

// The week and the two weeks of cells are the statistics checks' second cases, run when deepened.
describe('…in the first case (the minimal pass alone, --runs 1)', () => {
  itFixesEach(
    FIXES.filter(([, check]) => !check.startsWith('STATISTICS-')),
    { runs: 1 },
  );
});

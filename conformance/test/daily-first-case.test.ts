/**
 * PLAYERS-DAILY-IS-ROUNDED-MEAN's first case (all a 200-request run judges of it): as many days
 * as a raw range holds of a game of one or two players next to a day without samples. Set 8's
 * two daily faults escaped the six weeks of the quietest game before it (a game of 0 players: a
 * day of zeros has the same mean however it is divided or filled) at 200 requests. The directory
 * is anchored at the clock, so these instants give the same directory on every machine; over 17
 * instants of three days the case caught five faults of the daily series at 81 of 85 pairs.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // Failed crawls read as samples of 0 (raw only): a day after the last reach, or of an outage.
  ['blind8-raw-failed-crawls-as-zero', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // A day's sum divided by a full day's count: the first day crawled, or the last reached.
  ['blind8-daily-average-over-full-day', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // The zeros skipped: ninety days of a one-player game.
  ['blind6-daily-average-skips-zero-samples', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
];

describe.each(['2026-11-28T05:30:00Z', '2026-11-29T12:30:00Z', '2026-11-30T04:30:00Z'])(
  'the daily first case at %s (the minimal pass alone, --runs 1)',
  (instant) => {
    itFixesEach(FIXES, { runs: 1, at: () => Date.parse(instant) });
  },
);

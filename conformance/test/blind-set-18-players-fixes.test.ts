/**
 * The player-history class fixes made after blind fault set 18: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A whole day without samples between crawled days filled with the previous day's value: the
  // generated ranges now reach a raw range's 90 days (the whole of it in half the cases).
  ['blind18-daily-gap-carried-forward', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // The span measured only up to today: the ends lie in the future half the time, and an example
  // ends a month ahead.
  ['blind18-future-to-span-counted-to-today', 'PLAYERS-DAILY-MAX-SPAN'],
  // A one-day range served as raw samples (escaped at 600): the first case is yesterday alone.
  ['blind18-single-day-daily-serves-raw', 'PLAYERS-DAILY-ONE-PER-DAY'],
];

describe('player-history class fixes after blind fault set 18', () => {
  itFixesEach(FIXES);
});

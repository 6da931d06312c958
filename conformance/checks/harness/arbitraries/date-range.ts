import fc from 'fast-check';
import { addDays } from '../../../src/core/dates.ts';

export interface DateRange {
  from: string;
  /** Inclusive; never after `latestTo`. */
  to: string;
  /** Days covered, both ends counted (D25). */
  days: number;
}

export interface DateRangeOptions {
  /** The server's current UTC date. */
  today: string;
  /** Longest span in days (both ends counted). */
  maxDays: number;
  /** How far back `to` may lie, in days before `today` (default 400). */
  maxDaysAgo?: number;
  /** Nearest `to` to today, in days before it (default 0: `to` may be today). */
  minDaysAgo?: number;
}

/**
 * Valid inclusive UTC date ranges ending on or before today (D26 leaves future `to`
 * open), biased toward the edges: today, a one-day span and the longest span.
 */
export function dateRange(options: DateRangeOptions): fc.Arbitrary<DateRange> {
  const { today, maxDays, maxDaysAgo = 400, minDaysAgo = 0 } = options;
  return fc
    .tuple(
      fc.oneof(fc.constant(minDaysAgo), fc.integer({ min: minDaysAgo, max: maxDaysAgo })),
      fc.oneof(fc.constant(1), fc.constant(maxDays), fc.integer({ min: 1, max: maxDays })),
    )
    .map(([daysAgo, days]) => {
      const to = addDays(today, -daysAgo);
      return { from: addDays(to, -(days - 1)), to, days };
    });
}

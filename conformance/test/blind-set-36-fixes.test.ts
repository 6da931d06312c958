/**
 * The class fixes made after blind fault sets 35 and 36 where a fault escaped the smaller budgets:
 * each check passes the reference server and fails against the blind fault whose escape showed the
 * class missing. See the blind-faults README's measurements of sets 35 and 36.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault sets 35 and 36: every answer of a kind judged, every endpoint of a rule asked (--runs 1)', () => {
  itFixesEach(
    [
      // Raw samples all stamped at their day's midnight: the check's own first case is a daily
      // year, whose samples are a day apart; the raw 90 days PLAYERS-RAW-MAX-SPAN receives
      // (run beside it) are judged too.
      ['blind35-raw-recorded-at-day-start', 'PLAYERS-CHRONOLOGICAL'],
      // A reversed range answered on the activity pattern (the statistics refuse it): the first
      // case asks both endpoints.
      ['blind36-activity-reversed-range-answered', 'STATISTICS-INVALID-DATES'],
    ],
    { runs: 1 },
    { 'PLAYERS-CHRONOLOGICAL': 'PLAYERS-RAW-MAX-SPAN' },
  );
});

/**
 * The class fixes made after blind fault set 28 (time and the calendar): each check passes the
 * reference server and fails against the blind fault whose escape showed the class missing —
 * within the cases a default run reaches (`--runs` as each case's place needs). Left, see the
 * blind-faults README's measurement of set 28.
 */
import { describe, expect, it } from 'vitest';
import { itFixesEach } from './class-fixes.ts';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

describe('class fixes after blind fault set 28', () => {
  itFixesEach(
    [
      // A number the game reports turned into a date-time (`CREATED 1994` as 1 January 1994).
      ['blind28-mssp-created-year-as-timestamp', 'MSSP-VALUE-TYPES'],
      // 91 raw days holding a spring change of the clocks: the span counted in a zone's hours (third case).
      ['blind28-raw-span-counted-in-berlin-hours', 'PLAYERS-RAW-MAX-SPAN'],
      // A zone asked without dates: the range still ends on the UTC date (the sweep's one item).
      ['blind28-activity-default-to-in-zone', 'STATISTICS-ACTIVITY-DEFAULTS'],
    ],
    { runs: 4 },
  );

  // Real days at the calendar's edges (the sweep after the property): 29 February 2000 first,
  // the turn of the year fifth.
  describe('…real calendar days in a statistics range', () => {
    itFixesEach(
      [
        ['blind28-stats-2000-leap-day-refused', 'STATISTICS-INVALID-DATES'],
        ['blind28-stats-order-check-ignores-year', 'STATISTICS-INVALID-DATES'],
      ],
      { runs: 6 },
    );
  });

  // The day of a zone's last change of offset (23 or 25 local hours), the second case.
  describe('…the day a zone changes its clocks', () => {
    itFixesEach([['blind28-activity-hour-counted-from-local-midnight', 'STATISTICS-ACTIVITY-ZONE-DAY']], {
      runs: 8,
    });
  });
});

// The class beyond the planted fault: a statistics validator whose leap rule has no century
// exception reads 29 February 1900 as 1 March (as a proxy rewriting it shows); the sweep's last
// range is that day, refused by a right server (runs 8: the sweep's eighth item).
describe('…29 February 1900 in a statistics range', () => {
  it('fails a server reading it as 1 March', async () => {
    const run = await runSuiteAgainstReference({
      only: 'STATISTICS-INVALID-DATES',
      runs: 8,
      frontedBy: proxyInFront({
        rewriteRequest: { path: (pathAndQuery) => pathAndQuery.replace('to=1900-02-29', 'to=1900-03-01') },
      }),
    });
    expect(run.failing, run.output).toEqual(['STATISTICS-INVALID-DATES']);
  }, 180_000);
});

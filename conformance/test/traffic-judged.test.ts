/**
 * Per-answer rules judged on every answer of a kind the run receives, not only on each check's own
 * cases: the statistics (every answer whose URL states its whole request) and the MSSP lookups.
 * Blind faults that escaped a 200-request run (each check's first cases alone meet them only at
 * larger budgets) fail the check whose rule they break, run beside the check whose request shows
 * them. Each fails with the checks of 85b7aec and passes now.
 */
import { describe } from 'vitest';
import { HOUR_MS } from '../src/core/dates.ts';
import { itFixesEach } from './class-fixes.ts';

describe('statistics per-answer rules judged on the run’s traffic (--runs 1)', () => {
  itFixesEach(
    [
      // A 0 minimum replaced by the next value: POINT-CAP-EDGE's thousand daily points hold days of
      // 0 and players; the check's own first case, an hourly week of a quiet game, holds none.
      ['blind11-stats-zero-minimum-replaced', 'STATISTICS-MIN-AVERAGE-MAX'],
      // Raw points served as hourly buckets: RAW-AGREES-HOURLY asks a raw day; the check's own
      // first cases are weekly and daily.
      ['blind16-stats-raw-served-hourly', 'STATISTICS-POINT-FIELDS'],
      // Aggregates null for a point of fewer than three observations (a rule of the activity
      // pattern's cells applied to points): the hourly week of a quiet game MIN-AVERAGE-MAX asks
      // holds such points; the check's own first case is weekly.
      ['blind27-statistics-sparse-average-null', 'STATISTICS-NULL-NOT-ZERO'],
    ],
    { runs: 1 },
    {
      'STATISTICS-MIN-AVERAGE-MAX': 'STATISTICS-POINT-CAP-EDGE',
      'STATISTICS-POINT-FIELDS': 'STATISTICS-RAW-AGREES-HOURLY',
      'STATISTICS-NULL-NOT-ZERO': 'STATISTICS-MIN-AVERAGE-MAX',
    },
  );
  // A lone observation's extremes null: the point of the current hour while it holds one crawl
  // (a crawl every half hour), in the same hourly week. The fault shows in the first half of an
  // hour only, so the clock starts ten minutes into the hour the test runs in.
  itFixesEach(
    [['blind33-stats-lone-observation-min-max-null', 'STATISTICS-NULL-NOT-ZERO']],
    {
      runs: 1,
      at: () => {
        const now = Date.now();
        return now - (now % HOUR_MS) + 10 * 60_000;
      },
    },
    { 'STATISTICS-NULL-NOT-ZERO': 'STATISTICS-MIN-AVERAGE-MAX' },
  );
});

describe('MSSP per-answer rules judged on the run’s traffic (--runs 1)', () => {
  // A game without a snapshot rewrites a shared meta template, so that later snapshots are served
  // with mssp_not_available: the check's own first game answers before any such game; the games
  // MSSP-SCHEMA asks after it show the mismatch.
  itFixesEach(
    [['blind31-mssp-meta-template-mutated', 'MSSP-STATUS-MATCHES-DATA']],
    { runs: 1 },
    { 'MSSP-STATUS-MATCHES-DATA': 'MSSP-SCHEMA' },
  );
});

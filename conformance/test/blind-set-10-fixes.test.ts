/**
 * The class fixes made after blind fault set 10's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing — in the
 * check's first case (the minimal pass alone, --runs 1), or on the run's traffic.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIRST_CASES: ClassFix[] = [
  // An unknown sort mapped to a known one: the whole directory under `relevance` first.
  ['blind10-unknown-sort-first-option', 'GAMES-SORT-UNKNOWN-FALLBACK'],
  // A default range shortened for raw samples: the raw granularity alone first.
  ['blind10-raw-default-range-one-day', 'PLAYERS-DEFAULT-RANGE'],
  // A minimum stuck at 0: one or two observations fix the average (any precision), judged first
  // on the busiest game's hourly players of two days (the first case had judged no observation).
  ['blind10-stats-minimum-initialised-zero', 'STATISTICS-MIN-AVERAGE-MAX'],
  // A valid page size not honoured: every canonical request of the run's reviews pages (and games
  // pages) must be served as asked — discovery's `per_page=50` among them.
  ['blind10-reviews-per-page-50-default', 'REVIEWS-COLLECTION-SCHEMA'],
];

describe('class fixes after blind fault set 10 (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIRST_CASES, { runs: 1 });
});

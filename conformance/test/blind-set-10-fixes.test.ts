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
  // A valid page size not honoured: every canonical request of the run's reviews pages (and games
  // pages) must be served as asked — discovery's `per_page=50` among them.
  ['blind10-reviews-per-page-50-default', 'REVIEWS-COLLECTION-SCHEMA'],
];

/**
 * A minimum stuck at 0: one or two observations fix the average (any precision), judged first on
 * the hourly players of the last week of the game with the fewest players (at least two). The
 * first case depends on the hour: scanned at 16 instants of 2026-12-01 (the server's clock started
 * there), it catches the fault at 13 and misses at 03:15, 22:30 and 22:45 UTC: at 22:45 the game of
 * the fewest players answers 503 statistics_unavailable, so nothing is judged; at 03:15 that game's
 * `latest_players` is a crawl weeks old (a choice among games reached within the day caught it
 * there in a trial, not kept). So the test starts its server's clock at an instant where the case
 * judges, not on the system clock.
 */
const MINIMUM_STUCK_AT_ZERO: ClassFix = [
  'blind10-stats-minimum-initialised-zero',
  'STATISTICS-MIN-AVERAGE-MAX',
];

describe('class fixes after blind fault set 10 (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIRST_CASES, { runs: 1 });
});

describe('…the minimum, on a clock started at 15:15 UTC', () => {
  itFixesEach([MINIMUM_STUCK_AT_ZERO], { runs: 1, at: () => Date.parse('2026-12-01T15:15:00Z') });
});

/**
 * The class fixes made after blind fault set 25 (consistency across the API: one fact read through
 * two doors): each check passes the reference server and fails against the blind fault whose
 * escape showed the class missing — within its first four cases (`--runs 4`), as a 600-request
 * run reaches them. Left, see the blind-faults README's measurement of set 25.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 25', () => {
  itFixesEach(
    [
      // A collection time on the game, no snapshot from its lookup: a game that stopped answering first.
      ['blind25-mssp-stopped-games-between-stores', 'MSSP-AVAILABLE-WHEN-COLLECTED'],
      // The same class through the archive's door: set 1's archived game answered without its snapshot.
      ['blind-mssp-archived-not-available', 'MSSP-AVAILABLE-WHEN-COLLECTED'],
      // A sort reading another source than the filter named after the same fact: never-edited listings sorted last.
      ['blind25-last-updated-never-edited-last', 'GAMES-FILTER-PREFIX-OF-SORT'],
      // Statistics rolled up past the last crawl: the game gone longest without a successful connect, third.
      ['blind25-stats-carried-past-last-crawl', 'STATISTICS-ACTIVITY-COUNTS-COVER-POINTS'],
      // A key's minute limit clamped in storage (16 bits): the primary key's limit as its owner states it.
      ['blind25-minute-limit-clamped-16-bit', 'RATE-LIMIT-LIMIT-CONSTANT'],
    ],
    { runs: 4 },
  );

  // The day refusal's X-RateLimit-Limit written by the day's own branch: the check runs after the key's
  // day is spent and judges its refusals (RATE-LIMIT-DAY-LIMIT-REFUSED's, run beside it, spends it).
  describe("…judging the day-limited key's refusals", () => {
    itFixesEach(
      [['blind25-day-refusal-limit-header-day', 'RATE-LIMIT-LIMIT-IS-MINUTE-WHEN-DAY-BINDS']],
      {},
      { 'RATE-LIMIT-LIMIT-IS-MINUTE-WHEN-DAY-BINDS': 'RATE-LIMIT-DAY-LIMIT-REFUSED' },
    );
  });
});

/**
 * The class fixes made after blind fault set 9's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing — all of them
 * in the check's first case, the one the minimal pass judges, at no more requests than before.
 */
import { describe, expect, it } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const FIRST_CASES: ClassFix[] = [
  // A search answered in order of relevance when no sort is asked: the first case compares a
  // search for the commonest word seen without a sort with the same search under last_updated.
  ['blind9-search-ordered-by-relevance', 'GAMES-SORT-DEFAULT'],
  // The terms searched as one phrase (or in the text's order): first two words of one game from
  // its name and its intro, the later one first.
  ['blind9-q-searched-as-phrase', 'GAMES-Q-FINDS-SOURCE'],
  // A connection type read through a key some games lack: the whole directory's partition first.
  ['blind9-mud-client-excludes-never-reached', 'GAMES-CONNECTION-TYPE-PARTITION'],
  // A figure computed among the request's matches (a rank numbered within the results): a summary
  // of the run's page with the most search and filter parameters against its game's detail.
  ['blind9-rank-within-filtered-results', 'GAME-DETAIL-MATCHES-SUMMARY'],
  // The range's `to` day left out of the activity pattern: where a one-day pattern holds too few
  // samples to place, the counts of two consecutive days must add up.
  ['blind9-activity-to-exclusive', 'STATISTICS-ACTIVITY-ZONE-DAY'],
];

describe('class fixes after blind fault set 9 (the minimal pass alone, --runs 1)', () => {
  // The rank is judged on a page another check asked for (a search): GAMES-SORT-SAME-SET's.
  itFixesEach(FIRST_CASES, { runs: 1 }, { 'GAME-DETAIL-MATCHES-SUMMARY': 'GAMES-SORT-SAME-SET' });
});

describe('a Reset naming the day while the minute binds (blind9-reset-always-day-end)', () => {
  it('refuses to run (exit 2) and says the Reset may name the wrong limit', async () => {
    const run = await runSuiteAgainstReference({ faults: ['blind9-reset-always-day-end'], runs: 1 });
    expect(run.exitCode, run.output).toBe(2);
    expect(run.output).toMatch(/X-RateLimit-Reset \([^)]*T00:00:00\.000Z\) is the next UTC midnight/);
    expect(run.output).toMatch(/the server names the wrong limit in X-RateLimit-Reset/);
  }, 120_000);
});

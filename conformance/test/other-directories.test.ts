/**
 * The suite against directories other than the one every other test serves (500 games of data
 * seed 1): a correct server with other data must pass every must check. A directory smaller than a
 * page (12 games: no second page, few reviews, tag values used by no game) and a larger one of
 * another seed (3,000 games: other ties, other rare records, the default page far from the end).
 * Each check's first case and discovery's choices then meet data they were not written against.
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const DIRECTORIES = [
  { games: 12, seed: 3 },
  { games: 3000, seed: 11 },
];

describe('the suite against other directories of a correct server', () => {
  for (const directory of DIRECTORIES) {
    it(`fails no check against ${directory.games} games of data seed ${directory.seed}, every hint given`, async () => {
      const run = await runSuiteAgainstReference({ directory, hints: true });
      const notPassing = run.results.filter((r) => r.status === 'fail' || r.status === 'error');
      expect(notPassing.map((r) => `${r.id}: ${JSON.stringify(r).slice(0, 400)}`)).toEqual([]);
      expect(run.exitCode).toBe(0);
      // The run judged: nearly every check passed, none went without a verdict for the budget.
      expect(run.results.filter((r) => r.status === 'pass').length).toBeGreaterThan(180);
      expect(run.results.filter((r) => r.status === 'notrun')).toEqual([]);
    }, 600_000);
  }
});

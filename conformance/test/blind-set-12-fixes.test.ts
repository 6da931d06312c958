/**
 * The class fixes made after blind fault set 12's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // Only the first few terms of `q` read: four words of one game, then a word of another.
  ['blind12-q-terms-capped-at-three', 'GAMES-Q-TERMS'],
  // `oldest` on another key than `newest`: two games on both first pages stand in opposite
  // orders unless they tie on their listing or creation time.
  ['blind12-oldest-sorted-by-updated', 'GAMES-SORT-OPPOSITES'],
];

describe('class fixes after blind fault set 12', () => {
  itFixesEach(FIXES);
});

// `oldest` on another key, in the first case too: a search for a word of as many games as a page
// holds, whose first pages under the two sorts hold the same games.
describe('…and the opposite orders in the first case (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIXES.slice(1), { runs: 1 });
});

/**
 * The class fixes made after blind fault set 22 (an optimisation that is almost right): each check
 * passes the reference server and fails against the blind fault whose escape showed the class
 * missing. Left, see the blind-faults README's measurement of set 22.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 22', () => {
  itFixesEach([
    // A trigram index keeps no term under three characters: a two-letter word of a game finds it.
    ['blind22-q-trigram-short-terms-match-nothing', 'GAMES-Q-FINDS-SOURCE'],
    // Terms stemmed (`realms` searched as `realm`): a plural whose singular other games hold.
    ['blind22-q-terms-stemmed', 'GAMES-Q-TERMS'],
    // A binary search for the last reviewed game off by one: the reviewed games of the highest and
    // the lowest id are asked for by game_id.
    ['blind22-reviews-game-binary-search-last-missed', 'REVIEWS-GAME-FILTER'],
  ]);
});

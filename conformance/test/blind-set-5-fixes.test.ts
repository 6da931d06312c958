/**
 * The class fixes made after blind fault set 5's measurement (14 of 20 caught by the suite of
 * dbf88fd, written before the set existed): each check passes the reference server and fails
 * against the blind fault whose escape showed the class missing.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A flag given a boolean word (`true`) accepted as 1.
  ['blind5-online-recently-true-accepted', 'GAMES-INVALID-FILTER-VALUES'],
  // Page 2 of a game's reviews repeating page 1.
  ['blind5-reviews-game-filter-no-offset', 'REVIEWS-GAME-FILTER'],
  // A revoked key's 401 without the Bearer challenge.
  ['blind5-revoked-key-no-challenge', 'AUTH-BEARER-CHALLENGE'],
  // The zone's offset read once and applied across a daylight-saving change.
  ['blind5-activity-offset-fixed-at-now', 'STATISTICS-ACTIVITY-ZONE-DAY'],
  // GET /reviews?game_id= of an unknown game answered 404 (D42, strict since).
  ['blind5-reviews-unknown-game-404', 'REVIEWS-UNKNOWN-GAME-FILTER'],
  // A reported 0 normalized to null (`Number(value) || null`): escaped every budget until the
  // snapshot's player count was compared with the history's sample taken at its collected_at.
  ['blind5-mssp-zero-values-null', 'MSSP-PLAYERS-MATCH-HISTORY'],
];

describe('class fixes after blind fault set 5', () => {
  // The challenge is judged on the 401s AUTH-REVOKED-KEY met: both run.
  itFixesEach(FIXES, { hints: true }, { 'AUTH-BEARER-CHALLENGE': 'AUTH-REVOKED-KEY' });
});

/**
 * Faults of set 5 the default budget caught but `--max-requests 200` did not: the checks' first
 * cases (all the minimal pass runs) now show them.
 */
const FIRST_CASES: ClassFix[] = [
  // A reversed range answered 200 with no points: the first case is a range reversed by one day.
  ['blind5-stats-reversed-range-empty', 'STATISTICS-INVALID-DATES'],
  // Days without a sample filled with 0: the first case is a lapsed game's last reach and the day after.
  ['blind5-players-empty-days-zero', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // The same zero-to-null normalization: the first case is a game reporting 0 players now.
  ['blind5-mssp-zero-values-null', 'MSSP-PLAYERS-MATCH-HISTORY'],
  // A "back to start" previous link: the links check's first case is page 3 (previous page 2).
  ['blind5-previous-points-to-first', 'GAMES-LINKS-PRESERVE-QUERY'],
  // Archived games let back in by sort=recently_online: the first walk is the archived game's
  // name in that order.
  ['blind5-archived-listed-with-recently-online-sort', 'GAMES-ARCHIVED-GAME-NEVER-LISTED'],
  // q matching the website too: one search per run of a name word with a label of that game's
  // website host, before the property's cases.
  ['blind5-q-searches-website', 'GAMES-Q-TERMS'],
  // `online_recently=true` accepted as 1: the flag check's first example is that boolean word.
  ['blind5-online-recently-true-accepted', 'GAMES-INVALID-FILTER-VALUES'],
];

describe('first cases after blind fault set 5 (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIRST_CASES, { runs: 1 });
});

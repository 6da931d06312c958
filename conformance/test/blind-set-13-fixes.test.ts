/**
 * The class fixes made after blind fault set 13's measurement: each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing — most in the
 * first case too (the minimal pass alone, --runs 1), where a 200-request run judges it.
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A day's average taken as the middle of its extremes: its hours' averages weighted by counts.
  ['blind13-stats-average-is-midrange', 'STATISTICS-RESOLUTIONS-AGREE'],
  // The reviews of one kind of active game (web-only) left out of the collection, data and total:
  // a review missing from the whole collection that answers by id is of an archived game.
  ['blind13-reviews-web-only-games-excluded', 'REVIEWS-UNLISTED-ARE-ARCHIVED'],
  // A tag parameter matched against every tag of a game: another group's id under it.
  ['blind13-tag-filter-ignores-category', 'GAMES-UNKNOWN-TAG-ID'],
  // A format suffix stripped by the router: `/tags.json` is no path §4 lists.
  ['blind13-format-suffix-routes', 'PROTOCOL-UNKNOWN-ROUTE'],
  // A validator refusing a parameter GET /tags does not define, where §4 lists no 422.
  ['blind13-tags-query-refused', 'PROTOCOL-UNDEFINED-PARAMETER-IGNORED'],
];

describe('class fixes after blind fault set 13', () => {
  itFixesEach(FIXES);
});

// The look-up of unlisted reviews goes as deep as the budget: its first gap may be any review.
describe('…in the first case (the minimal pass alone, --runs 1)', () => {
  itFixesEach(
    FIXES.filter(([, check]) => check !== 'REVIEWS-UNLISTED-ARE-ARCHIVED'),
    { runs: 1 },
  );
});

/**
 * The class fixes made after blind fault set 17 (interactions): each check passes the reference
 * server and fails against the blind fault whose escape showed the class missing. Left: the minute
 * window keyed by the minute of the hour (it shows only a whole number of hours later).
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // A never-reached game's MSSP time filled with its last crawl.
  ['blind17-mssp-collected-at-falls-back-to-crawl', 'GAMES-STATUS-MSSP-NEEDS-CONNECT'],
  // An archived game's defaulted player range ending on its last crawl day.
  ['blind17-archived-players-default-to-last-crawl', 'PLAYERS-DEFAULT-RANGE'],
  // The activity pattern's 90-day limit checked on the UTC path only.
  ['blind17-activity-zone-skips-range-limit', 'STATISTICS-ACTIVITY-RANGE-LIMIT'],
  // A first week or month not clipped to `from`.
  ['blind17-stats-clipped-bucket-reads-whole-period', 'STATISTICS-RESOLUTIONS-AGREE'],
  // A JSON body parser ahead of the method check.
  ['blind17-json-body-parsed-before-method-check', 'PROTOCOL-METHOD-NOT-ALLOWED'],
  // A raw player history charged as two requests.
  ['blind17-raw-history-costs-two', 'RATE-LIMIT-REMAINING-DECREMENTS'],
  // Web-only games missing from every search (escaped at 600).
  ['blind17-q-skips-web-only', 'GAMES-Q-FINDS-SOURCE'],
  // Search hits capped at 100 before the tags filter them (escaped at 600).
  ['blind17-q-tag-filter-first-100-hits', 'GAMES-FILTERS-KEEP-MATCHING-GAME'],
  // Each page of `newest` reversed as `oldest` (escaped at 600).
  ['blind17-oldest-reverses-newest-page', 'GAMES-SORT-DIRECTION'],
];

describe('class fixes after blind fault set 17', () => {
  itFixesEach(FIXES);
});

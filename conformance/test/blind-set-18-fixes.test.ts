/**
 * The class fixes made after blind fault set 18 (the quiet corners) outside player history (those
 * are in blind-set-18-players-fixes.test.ts): each check passes the reference server and fails
 * against the blind fault whose escape showed the class missing. `blind18-tags-rare-values-dropped`
 * is not here: on the measurement's directory (500 games) every tag is on three or more active
 * games, so the fault changes nothing there; `TAGS-CATEGORY-TAGS-LISTED` now judges every active
 * game of the run's answers (tags-listed-from-run.test.ts).
 */
import { describe } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';

const FIXES: ClassFix[] = [
  // An archived game's detail with a null MSSP collection time while its snapshot is stored.
  ['blind18-archived-mssp-collected-at-null', 'MSSP-SNAPSHOT-TIME-ON-GAME'],
  // Weekly and monthly points keyed by a date's text (escaped at 600: no calendar bucket in the first case).
  ['blind18-stats-calendar-buckets-date-text', 'STATISTICS-POINT-FIELDS'],
];

describe('class fixes after blind fault set 18', () => {
  itFixesEach(FIXES, { runs: 1 });
});

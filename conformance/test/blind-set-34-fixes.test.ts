/**
 * The class fixes made after blind fault set 34 (beyond the first page): each check passes the
 * reference server and fails against the blind fault whose escape showed the class missing. Left,
 * see the blind-faults README's measurement of set 34.
 */
import { describe } from 'vitest';
import { itFixesEach } from './class-fixes.ts';

describe('class fixes after blind fault set 34: the longest ranges against their parts, the pages against a longer one (--runs 2)', () => {
  itFixesEach(
    [
      // Daily values read from a store 100 days at a time, the reading ended by a short page: a
      // year of a game whose history begins inside it is empty, its halves are not.
      ['blind34-daily-short-store-page-ends-read', 'PLAYERS-RANGE-SPLIT'],
      // Raw samples read in store pages of 2,000 from the last one inclusive: 90 days of a game
      // crawled all through repeat the samples at other places than its two halves do.
      ['blind34-raw-store-page-boundary-sample-twice', 'PLAYERS-RANGE-SPLIT'],
      // Long activity ranges read in 30-day chunks that skip a day, or from a roll-up of whole
      // days without today: 90 days up to today count fewer observations than their daily points.
      ['blind34-activity-chunk-boundary-day-skipped', 'STATISTICS-ACTIVITY-COUNTS-COVER-POINTS'],
      ['blind34-activity-long-range-without-today', 'STATISTICS-ACTIVITY-COUNTS-COVER-POINTS'],
      // The day of a game's first crawl missing from its daily values: the second case takes a
      // game whose history begins inside the range when the first takes one whose history ends.
      ['blind34-daily-first-crawl-day-missing', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
      // top_voted's later pages read by a keyset with ANDed conditions: page 2 of the default 20
      // is not games 21–40 of page 1 of 40 (the second case: the sorts with one reading).
      ['blind34-top-voted-keyset-and-condition', 'GAMES-PAGE-SLICE'],
    ],
    { runs: 2 },
  );
});

describe('…and the limits against their last days (--runs 1)', () => {
  itFixesEach(
    [
      // A loop guard counting from one: 1,000 daily buckets served as 999, today's left out.
      ['blind34-stats-thousandth-point-dropped', 'STATISTICS-POINT-CAP-EDGE'],
      // A continuation query after 500 points that forgets the metric: the hourly edge of a
      // metric other than players ends in the players' values.
      ['blind34-stats-continuation-default-metric', 'STATISTICS-POINT-CAP-EDGE'],
    ],
    { runs: 1 },
  );
});

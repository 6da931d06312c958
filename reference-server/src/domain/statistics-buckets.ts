import { CRAWL_INTERVAL_SECONDS } from '../../../fixtures/src/model.ts';
import { DAY_SECONDS } from './date-range.ts';

/** The statistics resolutions of §4; `raw` buckets are the crawl-grid slots. */
export const RESOLUTIONS = ['raw', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

const HOUR_SECONDS = 3600;

function positiveModulo(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

function monthStart(t: number, monthOffset: number): number {
  const date = new Date(t * 1000);
  const start = new Date(0);
  // setUTCFullYear, not Date.UTC: no two-digit-year remapping; month overflow rolls the year.
  start.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, 1);
  return start.getTime() / 1000;
}

/**
 * The natural start (epoch seconds) of the bucket holding t (D11): crawl slot, hour,
 * UTC day, ISO week (Monday 00:00Z) or calendar month (1st 00:00Z).
 */
export function bucketStartOf(resolution: Resolution, t: number): number {
  switch (resolution) {
    case 'raw':
      return Math.floor(t / CRAWL_INTERVAL_SECONDS) * CRAWL_INTERVAL_SECONDS;
    case 'hourly':
      return Math.floor(t / HOUR_SECONDS) * HOUR_SECONDS;
    case 'daily':
      return Math.floor(t / DAY_SECONDS) * DAY_SECONDS;
    case 'weekly': {
      const day = Math.floor(t / DAY_SECONDS);
      return (day - positiveModulo(day + 3, 7)) * DAY_SECONDS; // 1970-01-01 was a Thursday
    }
    case 'monthly':
      return monthStart(t, 0);
  }
}

/** The natural start of the bucket after the one starting at `start`. */
export function nextBucketStart(resolution: Resolution, start: number): number {
  switch (resolution) {
    case 'raw':
      return start + CRAWL_INTERVAL_SECONDS;
    case 'hourly':
      return start + HOUR_SECONDS;
    case 'daily':
      return start + DAY_SECONDS;
    case 'weekly':
      return start + 7 * DAY_SECONDS;
    case 'monthly':
      return monthStart(start, 1);
  }
}

/**
 * Natural starts of the buckets overlapping [startSec, endSec], chronological. The
 * first may precede startSec (a week or month clipped by the range, keyed by its
 * natural start); a raw slot counts only when its grid point lies inside the range.
 */
export function* bucketStarts(resolution: Resolution, startSec: number, endSec: number): Generator<number> {
  let start = bucketStartOf(resolution, startSec);
  if (resolution === 'raw' && start < startSec) start = nextBucketStart(resolution, start);
  for (; start <= endSec; start = nextBucketStart(resolution, start)) yield start;
}

/** How many buckets [startSec, endSec] holds, counting no further than `limit` + 1. */
export function countBuckets(
  resolution: Resolution,
  startSec: number,
  endSec: number,
  limit: number,
): number {
  let count = 0;
  for (const _start of bucketStarts(resolution, startSec, endSec)) {
    if (++count > limit) break;
  }
  return count;
}

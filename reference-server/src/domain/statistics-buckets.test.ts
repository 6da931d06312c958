import { describe, expect, it } from 'vitest';
import { bucketStartOf, bucketStarts, countBuckets } from './statistics-buckets.ts';
import { sec } from './testing/build-game.ts';

describe('bucketStartOf', () => {
  it('keys a week by its Monday 00:00Z', () => {
    expect(bucketStartOf('weekly', sec('2026-03-15T18:00:00Z'))).toBe(sec('2026-03-09T00:00:00Z'));
  });

  it('keys a Monday by itself', () => {
    expect(bucketStartOf('weekly', sec('2026-03-09T00:00:00Z'))).toBe(sec('2026-03-09T00:00:00Z'));
  });

  it('keys a week before 1970 by its Monday', () => {
    expect(bucketStartOf('weekly', sec('1969-12-31T12:00:00Z'))).toBe(sec('1969-12-29T00:00:00Z'));
  });

  it('keys a month by its 1st 00:00Z', () => {
    expect(bucketStartOf('monthly', sec('2024-02-29T23:59:59Z'))).toBe(sec('2024-02-01T00:00:00Z'));
  });

  it('keys an hour by its start', () => {
    expect(bucketStartOf('hourly', sec('2026-03-15T18:30:00Z'))).toBe(sec('2026-03-15T18:00:00Z'));
  });
});

describe('bucketStarts', () => {
  it('starts a clipped month at its natural start and rolls over the year', () => {
    const starts = [...bucketStarts('monthly', sec('2025-11-15T00:00:00Z'), sec('2026-01-10T23:59:59Z'))];

    expect(starts).toEqual([
      sec('2025-11-01T00:00:00Z'),
      sec('2025-12-01T00:00:00Z'),
      sec('2026-01-01T00:00:00Z'),
    ]);
  });

  it('lists the 48 crawl slots of one day as raw buckets', () => {
    const starts = [...bucketStarts('raw', sec('2026-03-15T00:00:00Z'), sec('2026-03-15T23:59:59Z'))];

    expect([starts.length, starts[0], starts.at(-1)]).toEqual([
      48,
      sec('2026-03-15T00:00:00Z'),
      sec('2026-03-15T23:30:00Z'),
    ]);
  });
});

describe('countBuckets', () => {
  it('stops counting one past the limit', () => {
    expect(countBuckets('hourly', 0, 10 * 365 * 86_400, 1000)).toBe(1001);
  });
});

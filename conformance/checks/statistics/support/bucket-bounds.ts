import type { Resolution } from './statistics-vocabulary.ts';

const DAY = 86_400;

/**
 * The most buckets a resolution can have over an inclusive day range, and how far
 * before `from` a bucket may be keyed (D11 tolerant: weeks and months keyed by their
 * natural start, which may precede `from`; or, with `key: 'end'`, by their end). Raw is not
 * bounded here (D8 has its check).
 */
export function bucketBounds(
  resolution: Resolution,
  from: string,
  to: string,
  key: 'start' | 'end' = 'start',
): { maxBuckets: number; earliest: number; latest: number } {
  const bounds = startKeyedBounds(resolution, from, to);
  if (key === 'start' || resolution === 'raw') return bounds;
  // Keyed by its end (D7), each bucket's key is the next one's start: the first bucket ends at
  // least a second after `from`, the last at most a whole bucket after the range's last second.
  const last = { hourly: 3_600, daily: DAY, weekly: 7 * DAY, monthly: 31 * DAY }[resolution];
  return { ...bounds, earliest: bounds.earliest + 1, latest: bounds.latest + last };
}

function startKeyedBounds(
  resolution: Resolution,
  from: string,
  to: string,
): { maxBuckets: number; earliest: number; latest: number } {
  const start = Date.parse(`${from}T00:00:00Z`) / 1000;
  const end = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY - 1;
  const days = Math.round((end + 1 - start) / DAY);
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7)) +
    1;
  switch (resolution) {
    case 'hourly':
      return { maxBuckets: days * 24, earliest: start, latest: end };
    case 'daily':
      return { maxBuckets: days, earliest: start, latest: end };
    case 'weekly':
      return { maxBuckets: Math.ceil(days / 7) + 1, earliest: start - 6 * DAY, latest: end };
    case 'monthly':
      return { maxBuckets: months, earliest: start - 30 * DAY, latest: end };
    case 'raw':
      return { maxBuckets: Number.POSITIVE_INFINITY, earliest: start, latest: end };
  }
}

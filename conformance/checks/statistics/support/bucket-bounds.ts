import type { Resolution } from './statistics-vocabulary.ts';

const DAY = 86_400;

/**
 * The most buckets a resolution can have over an inclusive day range, and how far
 * before `from` a bucket may be keyed (D11 tolerant: weeks and months keyed by their
 * natural start, which may precede `from`). Raw is not bounded here (D8 has its check).
 */
export function bucketBounds(
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

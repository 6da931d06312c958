import { defineCheck } from '../../src/core/check.ts';
import { readyStatisticsProperty } from './support/ready-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';
import { bucketBounds } from './support/bucket-bounds.ts';

/**
 * Kept at `profile`: how buckets are keyed (D7: by their start, or their end with profile
 * `statistics.bucketKey: end`; D11: weeks and months by their natural start) and counted per
 * resolution decides the bounds. The 1,000-point cap itself is `must`
 * (STATISTICS-POINT-COUNT-CAP, STATISTICS-POINT-CAP).
 */
export const pointCount = defineCheck({
  id: 'STATISTICS-POINT-COUNT',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 (resolutions; "at most 1,000 points")',
  level: 'profile',
  title: 'Statistics hold at most one point per bucket of the range, all inside it',
  covers: ['S4.STATS.1', 'S8.STATS1000'],
  decisions: ['D7', 'D11'],
  async run(ctx) {
    await readyStatisticsProperty(ctx, (response, request, points) => {
      const { maxBuckets, earliest, latest } = bucketBounds(
        request.resolution,
        request.from,
        request.to,
        ctx.profile.statistics.bucketKey,
      );
      const limit = Math.min(maxBuckets, 1000);
      expectThat(
        response,
        points.length <= limit,
        `Too many ${request.resolution} points for ${request.from}..${request.to}`,
        `at most ${limit} points`,
        `${points.length} points`,
      );
      const dates = new Set<unknown>();
      for (const point of points) {
        const date = point.date as number;
        expectThat(
          response,
          !dates.has(date) && date >= earliest && date <= latest,
          `A ${request.resolution} point is repeated or outside ${request.from}..${request.to}`,
          `distinct dates within ${earliest}..${latest} (epoch seconds)`,
          `date ${JSON.stringify(point.date)}${dates.has(date) ? ' (repeated)' : ''}`,
        );
        dates.add(date);
      }
    });
  },
});

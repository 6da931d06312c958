import type { CheckContext } from '../../../src/core/check.ts';
import { failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

/** One statistics point under neutral names, read through the profile's field names (D7). */
export interface StatisticsPoint {
  date: unknown;
  count: unknown;
  average: unknown;
  min: unknown;
  max: unknown;
}

/** The points of a 200 statistics answer (`data`), renamed from the profile's fields; fails unless a list. */
export function statisticsPoints(ctx: CheckContext, response: ApiResponse): StatisticsPoint[] {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data))
    failWith(response, 'the statistics answer has no list of points', 'data: [points]', typeof data);
  const names = ctx.profile.statistics.fields;
  return (data as Array<Record<string, unknown>>).map((point) => ({
    date: point?.[names.date],
    count: point?.[names.count],
    average: point?.[names.average],
    min: point?.[names.min],
    max: point?.[names.max],
  }));
}

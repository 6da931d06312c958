import type { CheckContext } from '../../../src/core/check.ts';
import { failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

/** One activity-pattern cell under neutral names, read through the profile's field names (D12). */
export interface ActivityCell {
  weekday: unknown;
  hour: unknown;
  count: unknown;
  average: unknown;
}

/** The cells of a 200 activity-pattern answer (`data`); fails unless a list. */
export function activityCells(ctx: CheckContext, response: ApiResponse): ActivityCell[] {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data))
    failWith(response, 'the activity pattern has no list of cells', 'data: [cells]', typeof data);
  const names = ctx.profile.activityPattern.fields;
  return (data as Array<Record<string, unknown>>).map((cell) => ({
    weekday: cell?.[names.weekday],
    hour: cell?.[names.hour],
    count: cell?.[names.count],
    average: cell?.[names.average],
  }));
}

import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { utcDateOf } from '../../../src/core/dates.ts';
import { playersGameId } from '../../harness/arbitraries/players-game-id.ts';
import { statisticsRequest, type ExplicitStatisticsRequest } from '../arbitraries/statistics-request.ts';
import { fetchStatistics } from './fetch-statistics.ts';
import { pointsOf, type NamedPoint, type PointFields } from './point-fields.ts';
import { namedStatisticsQuery, requireNames } from './probe-names.ts';
import { statisticsPath } from './statistics-path.ts';

/**
 * The `must` twin of readyStatisticsProperty: valid statistics queries sent under the probed
 * parameter names, their points read under the probed field names (probe-names.ts); skips,
 * naming the profile keys, when the probe could not tell them. A 503 with a not-ready code
 * has nothing to judge (D15).
 */
export async function probedStatisticsProperty(
  ctx: CheckContext,
  assert: (
    response: ApiResponse,
    request: ExplicitStatisticsRequest,
    points: NamedPoint[],
    fields: PointFields,
  ) => void,
): Promise<void> {
  const names = await requireNames(ctx, ['metricParam', 'resolutionParam', 'pointFields']);
  const today = utcDateOf(ctx.discovery.serverNow());
  await ctx.property([playersGameId(ctx), statisticsRequest(today)], async (id, request) => {
    const { response, ready } = await fetchStatistics(
      ctx,
      statisticsPath(id),
      namedStatisticsQuery(names, request),
    );
    if (ready) assert(response, request, pointsOf(response.body, names.pointFields), names.pointFields);
  });
}

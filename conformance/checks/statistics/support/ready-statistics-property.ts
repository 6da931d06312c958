import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { utcDateOf } from '../../../src/core/dates.ts';
import { playersGameId } from '../../harness/arbitraries/players-game-id.ts';
import { statisticsRequest, type ExplicitStatisticsRequest } from '../arbitraries/statistics-request.ts';
import { fetchStatistics } from './fetch-statistics.ts';
import { statisticsPath } from './statistics-path.ts';
import { statisticsPoints, type StatisticsPoint } from './statistics-point.ts';
import { statisticsQuery } from './statistics-query.ts';

/**
 * The property most statistics checks share: valid statistics queries (generated around
 * the server's today) on generated games; `assert` sees every answer that was ready
 * (200) with its points. A 503 with a not-ready code is accepted and has nothing to judge (D15).
 */
export async function readyStatisticsProperty(
  ctx: CheckContext,
  assert: (response: ApiResponse, request: ExplicitStatisticsRequest, points: StatisticsPoint[]) => void,
): Promise<void> {
  const today = utcDateOf(ctx.discovery.serverNow());
  await ctx.property([playersGameId(ctx), statisticsRequest(today)], async (id, request) => {
    const { response, ready } = await fetchStatistics(ctx, statisticsPath(id), statisticsQuery(ctx, request));
    if (ready) assert(response, request, statisticsPoints(ctx, response));
  });
}

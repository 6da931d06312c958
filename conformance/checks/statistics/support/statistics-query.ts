import type { CheckContext } from '../../../src/core/check.ts';
import type { QueryPairs } from '../../../src/core/http-client.ts';

export interface StatisticsRequest {
  metric?: string;
  resolution?: string;
  from?: string;
  to?: string;
}

/** Query pairs of a statistics request, under the profile's parameter names (D6). */
export function statisticsQuery(ctx: CheckContext, request: StatisticsRequest): QueryPairs {
  const { metricParam, resolutionParam } = ctx.profile.statistics;
  const pairs: QueryPairs = [];
  if (request.metric !== undefined) pairs.push([metricParam, request.metric]);
  if (request.resolution !== undefined) pairs.push([resolutionParam, request.resolution]);
  if (request.from !== undefined) pairs.push(['from', request.from]);
  if (request.to !== undefined) pairs.push(['to', request.to]);
  return pairs;
}

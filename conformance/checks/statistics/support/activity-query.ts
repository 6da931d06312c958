import type { CheckContext } from '../../../src/core/check.ts';
import type { QueryPairs } from '../../../src/core/http-client.ts';

/** Query pairs of an activity-pattern request, the zone under the profile's parameter name (D12). */
export function activityQuery(
  ctx: CheckContext,
  request: { from?: string; to?: string; timezone?: string },
): QueryPairs {
  const pairs: QueryPairs = [];
  if (request.from !== undefined) pairs.push(['from', request.from]);
  if (request.to !== undefined) pairs.push(['to', request.to]);
  if (request.timezone !== undefined)
    pairs.push([ctx.profile.activityPattern.timezoneParam, request.timezone]);
  return pairs;
}

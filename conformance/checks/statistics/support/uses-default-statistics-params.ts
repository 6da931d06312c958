import type { CheckContext } from '../../../src/core/check.ts';
import { DEFAULT_PROFILE } from '../../../src/core/profile.ts';

/**
 * True when the profile keeps our statistics parameter names (D6). `ctx.spec` carries the
 * profile's point field names (D7), but its `meta` still names `metric` and `resolution`
 * as our parameters do, so the whole response schema applies only then.
 */
export function usesDefaultStatisticsParams(ctx: CheckContext): boolean {
  const { metricParam, resolutionParam } = ctx.profile.statistics;
  return (
    metricParam === DEFAULT_PROFILE.statistics.metricParam &&
    resolutionParam === DEFAULT_PROFILE.statistics.resolutionParam
  );
}

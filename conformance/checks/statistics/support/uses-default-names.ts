import type { CheckContext } from '../../../src/core/check.ts';
import { DEFAULT_PROFILE } from '../../../src/core/profile.ts';

/** True when the profile keeps our names (D6/D7, D12): only then does spec/openapi.yaml's schema apply. */
export function usesDefaultStatisticsNames(ctx: CheckContext): boolean {
  return JSON.stringify(ctx.profile.statistics) === JSON.stringify(DEFAULT_PROFILE.statistics);
}

export function usesDefaultActivityNames(ctx: CheckContext): boolean {
  return JSON.stringify(ctx.profile.activityPattern) === JSON.stringify(DEFAULT_PROFILE.activityPattern);
}

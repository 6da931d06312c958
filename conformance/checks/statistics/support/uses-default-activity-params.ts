import type { CheckContext } from '../../../src/core/check.ts';
import { DEFAULT_PROFILE } from '../../../src/core/profile.ts';

/**
 * True when the profile keeps our activity-pattern timezone parameter (D13). `ctx.spec`
 * carries the profile's cell field names (D12), but its `meta` still names `timezone`.
 */
export function usesDefaultActivityParams(ctx: CheckContext): boolean {
  return ctx.profile.activityPattern.timezoneParam === DEFAULT_PROFILE.activityPattern.timezoneParam;
}

import type { CheckContext } from '../../../src/core/check.ts';

/**
 * The day-limited key's limits, when its day binds before its minute (the day limit below the
 * minute limit): what the checks of the day's budget need. Skips the check otherwise.
 */
export function requireDayBindingKey(ctx: CheckContext): { perDay: number; perMinute: number } {
  const hint = ctx.hints.dayLimitedKey;
  if (!hint?.present) return ctx.skip('no day-limited key given (--day-limited-key)');
  const { perDay, perMinute } = hint;
  if (perDay === undefined || perMinute === undefined) {
    return ctx.skip(
      "the day-limited key's limits are not given (--day-limited-per-minute, --day-limited-per-day)",
    );
  }
  if (perMinute <= perDay) {
    return ctx.skip(
      `the day-limited key's minute limit (${perMinute}) is not above its day limit (${perDay})`,
    );
  }
  return { perDay, perMinute };
}

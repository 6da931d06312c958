import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';

/**
 * §7: X-RateLimit-Remaining is "the smaller of requests remaining in the active minute limit
 * and the UTC-day limit". Observable with the day-limited key (--day-limited-key, its day
 * budget --day-limited-per-day below its minute limit): one request, and Remaining is at most
 * the day's — a server that reports only the minute's remaining says Limit − 1. Runs before
 * RATE-LIMIT-DAY-LIMIT-REFUSED, which spends the rest of that key's day.
 */
export const remainingIsSmaller = defineCheck({
  id: 'RATE-LIMIT-REMAINING-IS-SMALLER',
  area: 'rate-limit',
  source:
    '§7 response headers, X-RateLimit-Remaining ("the smaller of … the minute … and the UTC-day limit")',
  level: 'must',
  title: "X-RateLimit-Remaining is the day's remaining when the day's is the smaller",
  covers: ['S7.H.REMAINING'],
  async run(ctx) {
    const hint = ctx.hints.dayLimitedKey;
    if (!hint?.present) return ctx.skip('no day-limited key given (--day-limited-key)');
    if (hint.perDay === undefined) {
      return ctx.skip("the day-limited key's day limit is not given (--day-limited-per-day)");
    }
    const response = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
    if (response.status === 429) {
      return ctx.skip("the day-limited key's day is already spent (it resets at 00:00:00Z)");
    }
    const headers = requireRateLimitHeaders(ctx, response);
    // The stated minute limit when given: a server whose Limit header is wrong would hide the rule.
    const perMinute = hint.perMinute ?? headers.limit;
    if (perMinute <= hint.perDay) {
      return ctx.skip(
        `the day-limited key's minute limit (${perMinute}) is not above its day limit (${hint.perDay}): the day is not the smaller`,
      );
    }
    // This request was counted: at most perDay − 1 of the day remain, while the minute has Limit − 1.
    if (headers.remaining > hint.perDay - 1) {
      failWith(
        response,
        "X-RateLimit-Remaining is the minute's remaining although the day's is smaller",
        `X-RateLimit-Remaining ≤ ${hint.perDay - 1} (the day's, --day-limited-per-day ${hint.perDay}, less this request)`,
        `X-RateLimit-Remaining ${headers.remaining} (X-RateLimit-Limit ${headers.limit})`,
      );
    }
  },
});

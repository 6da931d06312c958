import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { integerHeader } from './support/rate-limit-headers.ts';
import { requireDayBindingKey } from './support/day-binding-key.ts';

/**
 * §7: X-RateLimit-Reset is when "the currently binding limit resets" — the limit whose remaining
 * Remaining reports, the smaller (RATE-LIMIT-REMAINING-IS-SMALLER). With the day-limited key
 * (its day limit below its minute limit) the day's remaining is at most perDay − 1 while the
 * minute's is at least perMinute − (every request this run sent with that key: whatever the
 * window, D32, and whether refusals count, D31): when the first is the smaller, whether the day is spent or not, Reset is the next
 * 00:00:00Z (D32, ±2 s); a tie is either (D33). Judges the answers the other day-limited checks
 * received (one request of its own when it runs alone).
 */
export const resetFollowsDay = defineCheck({
  id: 'RATE-LIMIT-RESET-FOLLOWS-DAY',
  area: 'rate-limit',
  source:
    '§7 response headers, X-RateLimit-Reset ("when the currently binding limit resets"); DECISIONS D32, D33',
  level: 'must',
  title: "X-RateLimit-Reset is the UTC day's end while the day's remaining is the smaller",
  covers: ['S7.H.RESET'],
  decisions: ['D31', 'D32', 'D33'],
  async run(ctx) {
    const { perDay, perMinute } = requireDayBindingKey(ctx);
    const dayLimited = (response: { keyLabel?: string }) => response.keyLabel === 'day-limited';
    const judge = (response: ApiResponse): boolean => {
      if (!RATE_LIMITED_STATUSES.includes(response.status)) return false;
      const reset = integerHeader(response, 'x-ratelimit-reset');
      const serverDate = response.serverDate;
      if (reset === undefined || serverDate === undefined) return false;
      // At most every request of the run with this key counts in the minute's window.
      const minuteLeft = perMinute - ctx.client.observed().filter(dayLimited).length;
      if (perDay - 1 >= minuteLeft) return false; // the minute may bind, or tie (D33)
      if (classifyReset(reset, serverDate) !== 'day') {
        const date = Math.floor(serverDate / 1000);
        failWith(
          response,
          "X-RateLimit-Reset is not the UTC day's end although the day's remaining is the smaller",
          `X-RateLimit-Reset ${nextUtcMidnight(date)} (the next 00:00:00Z, ±2 s): at most ${perDay - 1} of the day remain (--day-limited-per-day ${perDay}), at least ${minuteLeft} of the minute`,
          `X-RateLimit-Reset ${reset} (${reset - date} s after Date), X-RateLimit-Remaining ${response.headers['x-ratelimit-remaining'] ?? '—'} on HTTP ${response.status}`,
        );
      }
      return true;
    };
    if (ctx.judgeObserved(dayLimited, judge) > 0) return;
    const response = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
    if (!judge(response)) {
      return ctx.skip(
        `the answer to the day-limited key (HTTP ${response.status}) carries no X-RateLimit-Reset and Date to judge, or its minute may bind`,
      );
    }
  },
});

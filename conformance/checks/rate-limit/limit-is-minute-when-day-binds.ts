import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { integerHeader, requireRateLimitHeaders } from './support/rate-limit-headers.ts';

/**
 * §7: X-RateLimit-Limit is the key's "configured per-minute request limit" — also for a key whose
 * UTC-day limit is the smaller one, where Remaining (and Reset, once spent) follow the day. A
 * server that reports the binding limit instead says the day's budget here. One request with the
 * day-limited key (admitted or refused: both carry the headers), compared with the per-minute
 * limit the user states for it (`--day-limited-per-minute`).
 */
export const limitIsMinuteWhenDayBinds = defineCheck({
  id: 'RATE-LIMIT-LIMIT-IS-MINUTE-WHEN-DAY-BINDS',
  area: 'rate-limit',
  source: '§7 response headers, X-RateLimit-Limit ("configured per-minute request limit"); §8 limits',
  level: 'must',
  title: "X-RateLimit-Limit is the minute's limit also when the day's limit binds",
  covers: ['S7.H.LIMIT'],
  async run(ctx) {
    const hint = ctx.hints.dayLimitedKey;
    if (!hint?.present) return ctx.skip('no day-limited key given (--day-limited-key)');
    if (hint.perMinute === undefined) {
      return ctx.skip("the day-limited key's per-minute limit is not given (--day-limited-per-minute)");
    }
    const perMinute = hint.perMinute;
    const judge = (response: ApiResponse, limit: number | undefined): boolean => {
      if (limit === undefined) return false;
      if (limit !== perMinute) {
        const day = hint.perDay !== undefined && limit === hint.perDay ? " (the key's day limit)" : '';
        failWith(
          response,
          "X-RateLimit-Limit is not the day-limited key's per-minute limit",
          `X-RateLimit-Limit ${perMinute} (--day-limited-per-minute)`,
          `X-RateLimit-Limit ${limit}${day} on HTTP ${response.status}`,
        );
      }
      return true;
    };
    const judged = ctx.judgeObserved(
      (response) => response.keyLabel === 'day-limited' && RATE_LIMITED_STATUSES.includes(response.status),
      (response) => judge(response, integerHeader(response, 'x-ratelimit-limit')),
    );
    if (judged > 0) return;
    const response = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
    judge(response, requireRateLimitHeaders(ctx, response).limit);
  },
});

import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { failWith, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import {
  exhaustLowLimitKey,
  requireLowLimitKey,
  sendWithLowLimitKey,
  skipIfDayBinds,
} from './support/low-limit-key.ts';
import { integerHeader, requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { expectRetryUntilMidnight, expectRetryWithinWindow, retryAfterOf } from './support/retry-after.ts';
import { CLOCK_SLACK_S, classifyReset } from '../../src/core/reset-window.ts';

/**
 * A minute refusal's wait (its X-RateLimit-Reset `reset`): due within the minute, and no later
 * than the window's end the answer names — at X-RateLimit-Reset the minute's budget is back, so
 * "seconds until retry" (§7) cannot be more than the seconds until then (a full window's 60 s sent
 * whatever is left of it, say: the exhaustion starts ten seconds or more into a window, so that it
 * shows).
 */
function expectMinuteWait(refused: ApiResponse, reset: number, context = ''): void {
  const retryAfter = retryAfterOf(refused);
  if (retryAfter > 60 + CLOCK_SLACK_S) {
    failWith(
      refused,
      `Retry-After ${retryAfter} s is longer than the minute window${context}`,
      'Retry-After ≤ 60 s when the minute limit binds',
      `Retry-After: ${retryAfter} (X-RateLimit-Reset ${reset})`,
    );
  }
  expectRetryWithinWindow(refused, reset, context);
}

/**
 * Each key's refusal states its own wait (§8: limits are per key; "the client waits the number of
 * seconds in Retry-After"), in whichever order the refusals come: right after the low-limit key's
 * minute refusal, the day-limited key (when given) is refused until 00:00:00Z, and the low-limit
 * key asked once more right after that is still told its minute's wait. A wait memoised by the
 * clock minute (or the last one computed), whichever key or limit computed it, tells one of them
 * the other's. Two requests, from spare budget only (never at the cost of another check's
 * verdict); nothing is judged of an answer that is not the refusal it is asked as (the day-limited
 * key's day not spent yet, the minute over).
 */
async function refusalsKeepTheirOwnWaits(ctx: CheckContext): Promise<void> {
  if (ctx.hints.dayLimitedKey?.present !== true || ctx.spareBudget() < 2) return;
  const day = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true, fresh: true });
  const dayReset = integerHeader(day, 'x-ratelimit-reset');
  if (day.status !== 429 || day.serverDate === undefined || dayReset === undefined) return;
  if (classifyReset(dayReset, day.serverDate) !== 'day') return;
  expectRetryUntilMidnight(day, day.serverDate, ", asked right after the low-limit key's minute refusal");
  const low = await sendWithLowLimitKey(ctx);
  const lowReset = integerHeader(low, 'x-ratelimit-reset');
  if (low.status !== 429 || low.serverDate === undefined || lowReset === undefined) return;
  if (classifyReset(lowReset, low.serverDate) !== 'minute') return;
  expectMinuteWait(low, lowReset, ", asked right after the day-limited key's day refusal");
}

export const refusedWhenExhausted = defineCheck({
  id: 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED',
  area: 'rate-limit',
  source: '§8 limits (requests per minute; "exceeding … yields 429"); §7 error table, rate_limit_exceeded',
  level: 'must',
  title: 'A spent minute budget is refused with 429 rate_limit_exceeded, Retry-After and Remaining 0',
  covers: ['S8.PERMINUTE', 'S8.429', 'S7.CODE.rate_limit_exceeded', 'S7.H.RETRYAFTER', 'S7.H.WHEN'],
  exhausting: true,
  async run(ctx) {
    requireLowLimitKey(ctx);
    const refused = await exhaustLowLimitKey(ctx);
    expectErrorEnvelope(refused, 429, 'rate_limit_exceeded');
    const headers = requireRateLimitHeaders(ctx, refused);
    skipIfDayBinds(ctx, refused, headers);
    if (headers.remaining !== 0) {
      failWith(
        refused,
        'a 429 reports requests remaining',
        'X-RateLimit-Remaining 0',
        `X-RateLimit-Remaining ${headers.remaining}`,
      );
    }
    // The minute limit binds (the day would have skipped above).
    expectMinuteWait(refused, headers.reset);
    const bodyId = (refused.body as { request_id?: unknown }).request_id;
    if (bodyId !== headers.requestId) {
      failWith(
        refused,
        "X-Request-ID differs from the body's request_id",
        `request_id ${JSON.stringify(headers.requestId)}`,
        `request_id ${JSON.stringify(bodyId)}`,
      );
    }
    await refusalsKeepTheirOwnWaits(ctx);
  },
});

import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectHeader, failWith, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { exhaustLowLimitKey, requireLowLimitKey, skipIfDayBinds } from './support/low-limit-key.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { CLOCK_SLACK_S, classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';

/**
 * Fails when a 429's Retry-After outlasts the seconds from its Date to `reset` (the minute window's
 * end, X-RateLimit-Reset); nothing is judged when Date or the reset is not the minute's.
 */
function retryAfterWithinWindow(refused: ApiResponse, retryAfter: number, reset: number): void {
  const date = Date.parse(refused.headers.date ?? '');
  if (!Number.isFinite(date) || classifyReset(reset, date) !== 'minute') return;
  const untilReset = reset - Math.floor(date / 1000);
  if (retryAfter > untilReset + CLOCK_SLACK_S) {
    failWith(
      refused,
      `Retry-After ${retryAfter} s outlasts the ${untilReset} s until X-RateLimit-Reset`,
      `Retry-After ≤ the seconds from Date to X-RateLimit-Reset (${untilReset} s, ±${CLOCK_SLACK_S} s)`,
      `Retry-After: ${retryAfter}, X-RateLimit-Reset ${reset}, Date ${refused.headers.date}`,
    );
  }
}

/**
 * Right after the low-limit key's minute refusal, one request with the day-limited key (when
 * given): a refusal of its spent day must still say to wait until 00:00:00Z. Each key's refusal
 * states its own wait (§8: limits are per key; "the client waits the number of seconds in
 * Retry-After"): a wait memoised by the clock minute, whichever key or limit computed it first,
 * tells the day-limited key to come back within the minute. Nothing is judged when that key is
 * not refused (its day not spent yet) or its refusal is not the day's.
 */
async function dayRefusalKeepsItsOwnWait(ctx: CheckContext): Promise<void> {
  // One request more, from spare budget only (never at the cost of another check's verdict).
  if (ctx.hints.dayLimitedKey?.present !== true || ctx.spareBudget() < 1) return;
  const other = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true, fresh: true });
  if (other.status !== 429 || other.serverDate === undefined) return;
  const reset = Number(other.headers['x-ratelimit-reset']);
  const retryAfter = Number(other.headers['retry-after']);
  if (!Number.isInteger(reset) || !Number.isInteger(retryAfter)) return;
  if (classifyReset(reset, other.serverDate) !== 'day') return;
  const date = Math.floor(other.serverDate / 1000);
  const untilMidnight = nextUtcMidnight(date) - date;
  if (retryAfter < untilMidnight - CLOCK_SLACK_S) {
    failWith(
      other,
      `the day-limited key, refused right after the low-limit key's minute refusal, is told Retry-After ${retryAfter} s while its day ends in ${untilMidnight} s`,
      `Retry-After ≥ ${untilMidnight} s (until 00:00:00Z, the Reset it names): each key's refusal states its own wait`,
      `Retry-After: ${retryAfter}, X-RateLimit-Reset ${reset}`,
    );
  }
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
    const retryAfter = Number(
      expectHeader(refused, 'Retry-After', /^\s*\d+\s*$/, 'Retry-After: an integer number of seconds (§7)'),
    );
    // The minute limit binds (the day would have skipped above): a retry is due within the minute.
    if (retryAfter > 60 + CLOCK_SLACK_S) {
      failWith(
        refused,
        `Retry-After ${retryAfter} s is longer than the minute window`,
        'Retry-After ≤ 60 s when the minute limit binds',
        `Retry-After: ${retryAfter} (X-RateLimit-Reset ${headers.reset})`,
      );
    }
    // Nor beyond the window's end the answer names: at X-RateLimit-Reset the minute's budget is
    // back, so "seconds until retry" (§7) cannot be more than the seconds until then (a full
    // window's 60 s sent whatever is left of it, say: the exhaustion starts ten seconds or more
    // into a window, so that it shows).
    retryAfterWithinWindow(refused, retryAfter, headers.reset);
    const bodyId = (refused.body as { request_id?: unknown }).request_id;
    if (bodyId !== headers.requestId) {
      failWith(
        refused,
        "X-Request-ID differs from the body's request_id",
        `request_id ${JSON.stringify(headers.requestId)}`,
        `request_id ${JSON.stringify(bodyId)}`,
      );
    }
    await dayRefusalKeepsItsOwnWait(ctx);
  },
});

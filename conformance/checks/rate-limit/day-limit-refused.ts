import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectHeader, expectStatus, failWith, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { CLOCK_SLACK_S, classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';

/** The largest day budget the check is willing to spend. */
const MAX_DAY_BUDGET = 120;
/** Requests tolerated beyond the day budget before the check fails (as for the minute). */
const EXTRA_REQUESTS = 4;
/** Minute windows the check waits out when the minute limit refuses before the day is spent. */
const MAX_MINUTE_WAITS = 3;

function sendWithDayLimitedKey(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
}

export const dayLimitRefused = defineCheck({
  id: 'RATE-LIMIT-DAY-LIMIT-REFUSED',
  area: 'rate-limit',
  source:
    '§8 limits (requests per UTC day; "exceeding … yields 429"); §7 response headers, X-RateLimit-Reset',
  level: 'must',
  title: 'A spent UTC-day budget is refused with 429 until the next 00:00:00Z',
  covers: ['S8.PERDAY', 'S8.429'],
  async run(ctx) {
    // A dedicated key (--day-limited-key) whose day budget is small: spending it locks only
    // that key until midnight, so the check needs no waiting and leaves the other keys alone.
    const hint = ctx.hints.dayLimitedKey;
    if (!hint?.present) return ctx.skip('no day-limited key given (--day-limited-key)');
    if (hint.perDay !== undefined && hint.perDay > MAX_DAY_BUDGET) {
      return ctx.skip(
        `the day-limited key allows ${hint.perDay} requests a day; the suite spends at most ${MAX_DAY_BUDGET}`,
      );
    }
    // Accepted requests allowed before the check fails: the stated day budget, narrowed by what
    // the server says remains while the day binds.
    let allowed = (hint.perDay ?? MAX_DAY_BUDGET) + EXTRA_REQUESTS;
    let accepted = 0;
    let minuteWaits = 0;
    let serverDate: number;
    let response = await sendWithDayLimitedKey(ctx);
    for (;;) {
      const headers = requireRateLimitHeaders(ctx, response);
      if (response.serverDate === undefined) return ctx.skip('the server sends no Date header');
      serverDate = response.serverDate;
      const binds = classifyReset(headers.reset, serverDate);
      if (response.status === 429) {
        // The run's own admitted requests with this key today (other checks spend it too) are a
        // lower bound of the day's use: once they reach the day budget, the day binds, whatever
        // the minute says, and Reset must say so.
        const dayUnspent = hint.perDay === undefined || ctx.client.admittedToday('day-limited') < hint.perDay;
        if (binds !== 'minute' || !dayUnspent) break;
        // The minute refused before the day was spent: wait for the next minute window.
        minuteWaits += 1;
        if (minuteWaits > MAX_MINUTE_WAITS) {
          return ctx.skip(
            `the minute limit still refuses after ${MAX_MINUTE_WAITS} windows (${accepted} requests accepted): ` +
              'spending the day budget would take too long; use a key whose day budget is below its minute limit',
          );
        }
        const waitMs = (headers.reset - serverDate / 1000) * 1000 + 1_200;
        ctx.log(`the minute limit refused after ${accepted} requests: waiting ${Math.round(waitMs)} ms`);
        await ctx.wait(Math.max(0, waitMs), 'the next minute window');
      } else {
        expectStatus(response, 200, 'GET /tags with the day-limited key');
        accepted += 1;
        if (binds === 'day') allowed = Math.min(allowed, accepted + headers.remaining + EXTRA_REQUESTS);
        if (accepted > allowed) {
          failWith(
            response,
            `${accepted} requests were accepted with a day budget of ${allowed - EXTRA_REQUESTS}`,
            'HTTP 429 rate_limit_exceeded once the day budget is spent (§8)',
            `HTTP ${response.status}, Remaining ${headers.remaining}`,
          );
        }
      }
      response = await sendWithDayLimitedKey(ctx);
    }

    expectErrorEnvelope(response, 429, 'rate_limit_exceeded');
    const headers = requireRateLimitHeaders(ctx, response);
    const date = Math.floor(serverDate / 1000);
    const midnight = nextUtcMidnight(date);
    if (classifyReset(headers.reset, serverDate) !== 'day') {
      failWith(
        response,
        `X-RateLimit-Reset ${headers.reset} is not the next 00:00:00Z once the day budget is spent`,
        `X-RateLimit-Reset ${midnight} (± ${CLOCK_SLACK_S} s; Date ${response.headers.date})`,
        `X-RateLimit-Reset ${headers.reset} after ${accepted} accepted requests`,
      );
    }
    if (headers.remaining !== 0) {
      failWith(
        response,
        'a 429 for a spent day reports requests remaining',
        'X-RateLimit-Remaining 0',
        `X-RateLimit-Remaining ${headers.remaining}`,
      );
    }
    const untilMidnight = midnight - date;
    const retryAfter = Number(
      expectHeader(response, 'Retry-After', /^\s*\d+\s*$/, 'Retry-After: an integer number of seconds (§7)'),
    );
    // Retrying helps only once the day resets; a shorter Retry-After sends the client back too early.
    if (retryAfter < untilMidnight - CLOCK_SLACK_S) {
      failWith(
        response,
        `Retry-After ${retryAfter} s ends before the UTC day resets`,
        `Retry-After ≥ ${untilMidnight} s (until 00:00:00Z)`,
        `Retry-After: ${retryAfter}`,
      );
    }
  },
});

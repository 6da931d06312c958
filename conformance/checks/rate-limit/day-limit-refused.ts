import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { expectErrorEnvelope } from '../protocol/support/expect-error-envelope.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { sendWithLowLimitKey } from './support/low-limit-key.ts';
import { CLOCK_SLACK_S, classifyReset, nextUtcMidnight } from './support/reset-window.ts';

export const dayLimitRefused = defineCheck({
  id: 'RATE-LIMIT-DAY-LIMIT-REFUSED',
  area: 'rate-limit',
  source:
    '§8 limits (requests per UTC day; "exceeding … yields 429"); §7 response headers, X-RateLimit-Reset',
  level: 'must',
  title: 'A spent UTC-day budget is refused with 429 until the next 00:00:00Z',
  covers: ['S8.PERDAY', 'S8.429'],
  exhausting: true,
  async run(ctx) {
    if (!ctx.hints.lowLimitKey?.present) return ctx.skip('no low-limit key given (--low-limit-key)');
    // Spending a whole day is only affordable when the day budget is what binds already
    // (X-RateLimit-Reset at the next midnight): a key with --low-limit-per-day ≤ its
    // per-minute limit, or one whose day is nearly spent. Otherwise the minute binds first.
    let response: ApiResponse = await sendWithLowLimitKey(ctx);
    for (let sent = 1; response.status !== 429; sent += 1) {
      const headers = requireRateLimitHeaders(ctx, response);
      if (response.serverDate === undefined) return ctx.skip('the server sends no Date header');
      if (classifyReset(headers.reset, response.serverDate) !== 'day') {
        return ctx.skip(
          `the minute limit binds (Remaining ${headers.remaining}): the day limit is observable only on a key ` +
            'whose day budget is nearly spent (e.g. --low-limit-per-day ≤ --low-limit-per-minute)',
        );
      }
      if (sent > headers.limit + 4) {
        failWith(
          response,
          `${sent} requests were accepted while the day limit bound`,
          'HTTP 429 once the day budget is spent (§8)',
          `HTTP ${response.status}, Remaining ${headers.remaining}`,
        );
      }
      response = await sendWithLowLimitKey(ctx);
    }
    expectErrorEnvelope(response, 429, 'rate_limit_exceeded');
    const headers = requireRateLimitHeaders(ctx, response);
    if (response.serverDate === undefined) return ctx.skip('the server sends no Date header');
    if (classifyReset(headers.reset, response.serverDate) !== 'day') {
      return ctx.skip('the 429 came from the minute limit (the day budget was not what ran out)');
    }
    const date = Math.floor(response.serverDate / 1000);
    const untilMidnight = nextUtcMidnight(date) - date;
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

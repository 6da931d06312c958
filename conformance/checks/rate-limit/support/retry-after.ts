/**
 * What a 429's Retry-After must say (§7: "Integer seconds until retry"; §8: "the client waits the
 * number of seconds in Retry-After"), for each limit that refused it.
 */
import { expectHeader, failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { CLOCK_SLACK_S, classifyReset, nextUtcMidnight } from '../../../src/core/reset-window.ts';

/** Retry-After of `refused`, failing the check unless it is an integer number of seconds. */
export function retryAfterOf(refused: ApiResponse): number {
  return Number(
    expectHeader(refused, 'Retry-After', /^\s*\d+\s*$/, 'Retry-After: an integer number of seconds (§7)'),
  );
}

/**
 * A refusal of a spent day (its Date `serverDateMs`): retrying helps only once the day resets, so a
 * shorter Retry-After sends the client back too early. `context` says what came before, if anything.
 */
export function expectRetryUntilMidnight(refused: ApiResponse, serverDateMs: number, context = ''): void {
  const date = Math.floor(serverDateMs / 1000);
  const untilMidnight = nextUtcMidnight(date) - date;
  const retryAfter = retryAfterOf(refused);
  if (retryAfter < untilMidnight - CLOCK_SLACK_S) {
    failWith(
      refused,
      `Retry-After ${retryAfter} s ends before the UTC day resets${context}`,
      `Retry-After ≥ ${untilMidnight} s (until 00:00:00Z)`,
      `Retry-After: ${retryAfter}`,
    );
  }
}

/**
 * A refusal whose X-RateLimit-Reset is the minute window's end (`reset`): "seconds until retry"
 * cannot be more than the seconds until then, when the minute's budget is back. Nothing is judged
 * when Date is missing or the reset is not the minute's.
 */
export function expectRetryWithinWindow(refused: ApiResponse, reset: number, context = ''): void {
  const date = Date.parse(refused.headers.date ?? '');
  if (!Number.isFinite(date) || classifyReset(reset, date) !== 'minute') return;
  const untilReset = reset - Math.floor(date / 1000);
  const retryAfter = retryAfterOf(refused);
  if (retryAfter > untilReset + CLOCK_SLACK_S) {
    failWith(
      refused,
      `Retry-After ${retryAfter} s outlasts the ${untilReset} s until X-RateLimit-Reset${context}`,
      `Retry-After ≤ the seconds from Date to X-RateLimit-Reset (${untilReset} s, ±${CLOCK_SLACK_S} s)`,
      `Retry-After: ${retryAfter}, X-RateLimit-Reset ${reset}, Date ${refused.headers.date}`,
    );
  }
}

/**
 * Spending the low-limit key's minute budget (`--low-limit-key`), shared by the exhausting
 * checks. Requests are unpaced (sent at once, a 429 returned as is) and all go to GET /tags,
 * the cheapest operation. Without a low-limit key the primary key is spent instead, when the
 * runner allows it (`hints.primaryExhaustible`: a minute limit of at most 120, the UTC day not
 * binding, room in the run's budget); these checks run last, so nothing else meets the 429.
 *
 * The day budget: exhausting one minute takes at most Limit + 4 requests and the checks
 * together about Limit + 8, so a key needs a few more than a minute's worth per day. When
 * the UTC-day limit is what binds (X-RateLimit-Reset at the next 00:00:00Z), spending it
 * would lock the key until midnight; the checks skip instead.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import { expectStatus, failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { requireRateLimitHeaders, type RateLimitHeaders } from './rate-limit-headers.ts';
import { MAX_EXHAUSTIBLE_PER_MINUTE } from '../../../src/core/budget.ts';
import { classifyReset } from '../../../src/core/reset-window.ts';

/** Requests the exhausting checks send at most beyond one minute's Limit. */
const EXTRA_REQUESTS = 8;
/**
 * Start a fresh window when the current one ends sooner than it takes to send a window's worth
 * (Limit + 4 at the first answer's round trip) plus half a second, and at most this.
 */
const MIN_WINDOW_LEFT_S = 6;

/** The seconds left of the window at most when the exhaustion starts (waiting for the rest). */
const LATE_START_LEFT_S = 50;

/** The key the exhausting checks spend: the low-limit key, else the primary key when allowed. */
function exhaustedKey(ctx: CheckContext): 'low-limit' | 'primary' {
  return ctx.hints.lowLimitKey?.present ? 'low-limit' : 'primary';
}

/** The exhausted key's minute limit: the configured one when given, else the one the server reports. */
function limitOf(ctx: CheckContext, reported: RateLimitHeaders): number {
  return (exhaustedKey(ctx) === 'low-limit' ? ctx.hints.lowLimitKey?.perMinute : undefined) ?? reported.limit;
}

export function sendWithLowLimitKey(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.client.get('/tags', { auth: exhaustedKey(ctx), unpaced: true });
}

/**
 * Skips unless a low-limit key is given and (when its limits are known) its day budget
 * suffices, or, without one, the runner allows spending the primary key's minute.
 */
export function requireLowLimitKey(ctx: CheckContext): void {
  const hint = ctx.hints.lowLimitKey;
  if (!hint?.present) {
    const primary = ctx.hints.primaryExhaustible;
    if (primary?.allowed) {
      ctx.log(`no low-limit key: spending the primary key's minute (${primary.perMinute} requests) last`);
      return;
    }
    ctx.skip(primary?.reason ?? 'no low-limit key given (--low-limit-key)');
  }
  if (
    hint.perMinute !== undefined &&
    hint.perDay !== undefined &&
    hint.perDay < hint.perMinute + EXTRA_REQUESTS
  ) {
    ctx.skip(
      `the low-limit key's day budget (${hint.perDay}) is smaller than a minute's worth plus ${EXTRA_REQUESTS}: ` +
        'exhausting the minute would spend the day',
    );
  }
}

/** Skips when the response says the UTC-day limit binds. */
export function skipIfDayBinds(ctx: CheckContext, response: ApiResponse, headers: RateLimitHeaders): void {
  if (response.serverDate !== undefined && classifyReset(headers.reset, response.serverDate) === 'day') {
    ctx.skip(
      `the UTC-day limit of the low-limit key binds (X-RateLimit-Reset ${headers.reset} is the next midnight, ` +
        `Remaining ${headers.remaining}): exhausting it would lock the key for the rest of the day`,
    );
  }
}

/**
 * Sends requests with the low-limit key until it is refused, and returns the first 429.
 * Fails when a request is accepted right after a response said Remaining 0 in the same
 * window, or when Limit + 4 requests within one window are all accepted.
 */
export async function exhaustLowLimitKey(ctx: CheckContext): Promise<ApiResponse> {
  let response = await sendWithLowLimitKey(ctx);
  if (response.status === 429) return response;
  expectStatus(response, 200, 'GET /tags with the low-limit key');
  let previous = requireRateLimitHeaders(ctx, response);
  skipIfDayBinds(ctx, response, previous);

  if (response.serverDate !== undefined) {
    const left = previous.reset - response.serverDate / 1000;
    const worth = limitOf(ctx, previous) + 4;
    const needed = Math.min(MIN_WINDOW_LEFT_S, 0.5 + (worth * response.durationMs) / 1000);
    if (left < needed) {
      ctx.log(`the minute window ends in ${left.toFixed(1)} s: waiting for the next one`);
      await ctx.wait(Math.max(0, left) * 1000 + 1_200, 'the next minute window, to start with a full one');
      response = await sendWithLowLimitKey(ctx);
      if (response.status === 429) return response;
      expectStatus(response, 200, 'GET /tags with the low-limit key');
      previous = requireRateLimitHeaders(ctx, response);
      skipIfDayBinds(ctx, response, previous);
    }
  }
  // Refused in a window's first seconds, a full window's Retry-After (60) is within the slack of
  // the seconds left: past them, it is not (RATE-LIMIT-REFUSED-WHEN-EXHAUSTED). Time, not requests.
  if (response.serverDate !== undefined) {
    const left = previous.reset - response.serverDate / 1000;
    if (left > LATE_START_LEFT_S) {
      await ctx.wait(
        (left - LATE_START_LEFT_S) * 1000,
        'some of the minute window to pass, so that a Retry-After of a whole window shows',
      );
    }
  }

  const limit = limitOf(ctx, previous);
  if (limit > MAX_EXHAUSTIBLE_PER_MINUTE) {
    ctx.skip(
      `the low-limit key allows ${limit} requests a minute; the suite exhausts at most ${MAX_EXHAUSTIBLE_PER_MINUTE}`,
    );
  }
  let sentInWindow = 1;
  const maxInWindow = limit + 4;
  for (let total = 0; total < 2 * maxInWindow; total += 1) {
    response = await sendWithLowLimitKey(ctx);
    if (response.status === 429) return response;
    expectStatus(response, [200, 429], 'GET /tags with the low-limit key');
    const current = requireRateLimitHeaders(ctx, response);
    if (current.reset !== previous.reset) {
      // A new window: its budget starts afresh (rare, since we started early in a window).
      skipIfDayBinds(ctx, response, current);
      sentInWindow = 1;
    } else {
      sentInWindow += 1;
      if (previous.remaining === 0) {
        failWith(
          response,
          'a request was accepted after a response said X-RateLimit-Remaining 0 in the same window',
          `HTTP 429 rate_limit_exceeded (the previous response had Remaining 0, Reset ${previous.reset})`,
          `HTTP ${response.status} with Remaining ${current.remaining}`,
        );
      }
    }
    if (sentInWindow > maxInWindow) {
      failWith(
        response,
        `${sentInWindow} requests in one minute window were all accepted with a limit of ${limit}`,
        `HTTP 429 rate_limit_exceeded after at most ${limit} requests in a window (§8)`,
        `HTTP ${response.status}, Remaining ${current.remaining}`,
      );
    }
    previous = current;
  }
  return ctx.fail({
    message: 'the low-limit key was never refused',
    expected: 'HTTP 429 once the minute budget is spent (§8)',
    received: `${2 * maxInWindow} accepted requests`,
    request: response.request,
  });
}

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
/** Requests sent at once while a minute is spent (the refused ones of the last wave are extra). */
const WAVE = 6;
/**
 * Requests beyond a window's Remaining that later waves may be accepted: a limiter whose Reset is
 * a whole second can admit a little more in one Reset as the requests of that second leave its
 * sliding window. A limiter that counts requests arriving together once admits a wave for each.
 */
const REMAINING_SLACK = 2;
/** Time the run must have left beyond the wait for a fresh window (the exhaustion and its checks). */
const FRESH_WINDOW_MARGIN_MS = 90_000;
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
 * Sends requests with the low-limit key, a few at once, until it is refused, and returns the
 * first 429 of the wave that met one. Fails when a request is accepted after an earlier wave
 * was told Remaining 0 in the same window, or when more than Limit + 4 requests within one
 * window are accepted.
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
    // A window the run's other requests have spent most of leaves the waves below little to
    // count (a limiter that loses counts shows in proportion to what is left): a fresh one, when
    // the run's time allows the wait.
    const spentByOthers =
      previous.remaining < Math.min(limitOf(ctx, previous) - 1, 2 * WAVE) &&
      Math.max(0, left) * 1000 + FRESH_WINDOW_MARGIN_MS < ctx.timeLeftMs() &&
      ctx.spareBudget() >= 2 * (limitOf(ctx, previous) + WAVE);
    if (left < needed || spentByOthers) {
      ctx.log(
        left < needed
          ? `the minute window ends in ${left.toFixed(1)} s: waiting for the next one`
          : `the minute window has ${previous.remaining} requests left: waiting ${left.toFixed(1)} s for the next one`,
      );
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
  // Sent in waves of concurrent requests, judged in the order they were sent: a limiter whose
  // check and count are two steps (a GET, then a SET of what it read plus one) lets every request
  // of a wave read the same count, and admits a wave for each request it counts. An atomic one
  // admits exactly the limit, however the requests arrive.
  const maxInWindow = limit + 4;
  /**
   * Each window seen (by its X-RateLimit-Reset): the requests accepted in it, the first request's
   * included; the most Remaining the first wave that met it was told, and the requests accepted
   * by later waves — which an atomic limiter keeps within that Remaining, whatever else spends
   * the key meanwhile (that only leaves fewer).
   */
  const windows = new Map<number, { accepted: number; wave: number; told: number; since: number }>([
    [previous.reset, { accepted: 1, wave: 0, told: previous.remaining, since: 0 }],
  ]);
  /** The windows an earlier wave was told Remaining 0 in. */
  const spentWindows = new Set<number>(previous.remaining === 0 ? [previous.reset] : []);
  let sent = 0;
  /** The least Remaining the last wave was told: a wave is no larger than that and one refusal. */
  let left = previous.remaining;
  for (let waveIndex = 1; sent < 2 * maxInWindow; waveIndex += 1) {
    const wave = await sendWave(ctx, Math.max(1, Math.min(WAVE, left + 1, 2 * maxInWindow - sent)));
    sent += wave.length;
    left = Infinity;
    const refused = wave.find((answer) => answer.status === 429);
    const toldSpent: number[] = [];
    for (const answer of wave) {
      if (answer.status === 429) continue;
      expectStatus(answer, [200, 429], 'GET /tags with the low-limit key');
      const current = requireRateLimitHeaders(ctx, answer);
      let window = windows.get(current.reset);
      if (window === undefined) {
        skipIfDayBinds(ctx, answer, current); // a new window
        window = { accepted: 0, wave: waveIndex, told: current.remaining, since: 0 };
        windows.set(current.reset, window);
      }
      if (spentWindows.has(current.reset)) {
        failWith(
          answer,
          'a request was accepted after a response said X-RateLimit-Remaining 0 in the same window',
          `HTTP 429 rate_limit_exceeded (an earlier response had Remaining 0, Reset ${current.reset})`,
          `HTTP ${answer.status} with Remaining ${current.remaining}`,
        );
      }
      if (current.remaining === 0) toldSpent.push(current.reset);
      left = Math.min(left, current.remaining);
      window.accepted += 1;
      if (window.wave === waveIndex) window.told = Math.max(window.told, current.remaining);
      else window.since += 1;
      if (window.since > window.told + REMAINING_SLACK) {
        failWith(
          answer,
          `${window.since} requests were accepted after a response said X-RateLimit-Remaining ${window.told} ` +
            `in the same window (sent ${WAVE} at a time)`,
          `at most ${window.told} more accepted in the window (§7: Remaining is what is left of it; §8), ` +
            'however many arrive at once',
          `HTTP ${answer.status}, Remaining ${current.remaining}, Reset ${current.reset}`,
        );
      }
      if (window.accepted > maxInWindow) {
        failWith(
          answer,
          `${window.accepted} requests in one minute window were all accepted with a limit of ${limit}` +
            ` (sent ${WAVE} at a time)`,
          `HTTP 429 rate_limit_exceeded after at most ${limit} requests in a window (§8), however many arrive at once`,
          `HTTP ${answer.status}, Remaining ${current.remaining}`,
        );
      }
    }
    if (refused !== undefined) return refused;
    for (const reset of toldSpent) spentWindows.add(reset);
  }
  return ctx.fail({
    message: 'the low-limit key was never refused',
    expected: 'HTTP 429 once the minute budget is spent (§8)',
    received: `${sent} accepted requests`,
    request: response.request,
  });
}

/**
 * Sends `size` requests with the low-limit key at once and returns their answers in the order
 * they were sent; a request that could not be sent (the run's budget spent, the server gone)
 * is rethrown once every other has settled, so none is left in flight.
 */
async function sendWave(ctx: CheckContext, size: number): Promise<ApiResponse[]> {
  const settled = await Promise.allSettled(Array.from({ length: size }, () => sendWithLowLimitKey(ctx)));
  const answers: ApiResponse[] = [];
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
    answers.push(outcome.value);
  }
  return answers;
}

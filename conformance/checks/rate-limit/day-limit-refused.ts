import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { Hints } from '../../src/core/config.ts';
import { expectStatus, failWith, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { expectRetryUntilMidnight } from './support/retry-after.ts';
import { CLOCK_SLACK_S, classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';

/** The largest day budget the check is willing to spend. */
export const MAX_DAY_BUDGET = 120;
/** Requests tolerated beyond the day budget before the check fails (as for the minute). */
export const EXTRA_REQUESTS = 4;
/** Minute windows the check waits out when the minute limit refuses before the day is spent. */
const MAX_MINUTE_WAITS = 3;

/** Slack on top of the minute windows the low-limit key's day takes to spend. */
const LOW_KEY_SLACK_MS = 15_000;

/**
 * The low-limit key's limits when its day is the one the check can spend: no day-limited key
 * given, both its limits stated, its day within what the suite spends.
 */
function lowKeyToSpend(hints: Hints): { perDay: number; perMinute: number } | undefined {
  const low = hints.lowLimitKey;
  if (hints.dayLimitedKey?.present || !low?.present) return undefined;
  if (low.perDay === undefined || low.perMinute === undefined || low.perDay > MAX_DAY_BUDGET)
    return undefined;
  return { perDay: low.perDay, perMinute: low.perMinute };
}

/** The key whose day the check spends, with what is known of its limits. */
interface DayKey {
  label: 'day-limited' | 'low-limit';
  perDay: number | undefined;
  maxMinuteWaits: number;
}

/**
 * The day-limited key when given; else the low-limit key (§8's day limit holds for every key),
 * when its limits are given and the time left allows spending the rest of its day at its
 * minute pace — the check then runs after every other (`last`): the key is refused until
 * 00:00:00Z afterwards.
 */
function dayKeyFor(ctx: CheckContext): DayKey {
  const dayLimited = ctx.hints.dayLimitedKey;
  if (dayLimited?.present) {
    if (dayLimited.perDay !== undefined && dayLimited.perDay > MAX_DAY_BUDGET) {
      return ctx.skip(
        `the day-limited key allows ${dayLimited.perDay} requests a day; the suite spends at most ${MAX_DAY_BUDGET}`,
      );
    }
    return { label: 'day-limited', perDay: dayLimited.perDay, maxMinuteWaits: MAX_MINUTE_WAITS };
  }
  const low = ctx.hints.lowLimitKey;
  if (!low?.present) {
    return ctx.skip(
      'no day-limited key given (--day-limited-key), nor a low-limit key whose day the check could spend instead (--low-limit-key)',
    );
  }
  if (low.perDay === undefined || low.perMinute === undefined) {
    return ctx.skip(
      "no day-limited key given (--day-limited-key); the low-limit key's day could show the rule, but its limits are not given (--low-limit-per-minute, --low-limit-per-day)",
    );
  }
  const limits = lowKeyToSpend(ctx.hints);
  if (limits === undefined) {
    return ctx.skip(
      `no day-limited key given (--day-limited-key); the low-limit key allows ${low.perDay} requests a day, more than the ${MAX_DAY_BUDGET} the suite spends`,
    );
  }
  // What the run itself admitted with the key today is spent already (others' use only helps).
  const left = Math.max(0, limits.perDay - ctx.client.admittedToday('low-limit'));
  const windows = Math.ceil(left / limits.perMinute);
  const needMs = windows * 60_000 + LOW_KEY_SLACK_MS;
  const timeLeft = ctx.timeLeftMs();
  if (low.dayBoundAtStart !== true && needMs > timeLeft) {
    return ctx.skip(
      `no day-limited key given (--day-limited-key); spending the rest of the low-limit key's day instead ` +
        `(up to ${left} requests at ${limits.perMinute} a minute) takes about ${Math.ceil(needMs / 1000)} s, ` +
        `more than the ${Math.max(0, Math.floor(timeLeft / 1000))} s the time budget leaves ` +
        '(a larger --time-budget lets the run spend it, last; the key is refused until 00:00:00Z afterwards)',
    );
  }
  ctx.log(
    `no day-limited key: spending the rest of the low-limit key's day instead (up to ${left} requests, ` +
      `${windows} minute window(s)); it is refused until 00:00:00Z afterwards`,
  );
  return { label: 'low-limit', perDay: limits.perDay, maxMinuteWaits: windows + 1 };
}

export const dayLimitRefused = defineCheck({
  id: 'RATE-LIMIT-DAY-LIMIT-REFUSED',
  area: 'rate-limit',
  source:
    '§8 limits (requests per UTC day; "exceeding … yields 429"); §7 response headers, X-RateLimit-Reset',
  level: 'must',
  title: 'A spent UTC-day budget is refused with 429 until the next 00:00:00Z',
  covers: ['S8.PERDAY', 'S8.429'],
  // With no day-limited key it spends the low-limit key's day: after the checks that use that key,
  // with requests kept for that day, a refusal per minute window it waits out, and the last ones.
  last: (hints) => {
    const low = lowKeyToSpend(hints);
    return low === undefined
      ? undefined
      : low.perDay + Math.ceil(low.perDay / low.perMinute) + EXTRA_REQUESTS;
  },
  async run(ctx) {
    // A dedicated key (--day-limited-key) whose day budget is small: spending it locks only
    // that key until midnight, so the check needs no waiting and leaves the other keys alone.
    // Without one, the low-limit key's day, when the time allows (dayKeyFor).
    const key = dayKeyFor(ctx);
    const send = (): Promise<ApiResponse> => ctx.client.get('/tags', { auth: key.label, unpaced: true });
    // Accepted requests allowed before the check fails: the stated day budget, narrowed by what
    // the server says remains while the day binds.
    let allowed = (key.perDay ?? MAX_DAY_BUDGET) + EXTRA_REQUESTS;
    let accepted = 0;
    let minuteWaits = 0;
    // The first request after waiting out the minute window Reset named: that window is over, so
    // a refusal now is the day's (whatever Reset claims), and Reset must be the next midnight.
    let justWaited = false;
    let serverDate: number;
    let response = await send();
    for (;;) {
      const headers = requireRateLimitHeaders(ctx, response);
      if (response.serverDate === undefined) return ctx.skip('the server sends no Date header');
      serverDate = response.serverDate;
      const binds = classifyReset(headers.reset, serverDate);
      if (response.status === 429) {
        // The run's own admitted requests with this key today (other checks spend it too) are a
        // lower bound of the day's use: once they reach the day budget, the day binds, whatever
        // the minute says, and Reset must say so.
        const dayUnspent = key.perDay === undefined || ctx.client.admittedToday(key.label) < key.perDay;
        if (binds !== 'minute' || !dayUnspent || justWaited) break;
        // The minute refused before the day was spent: wait for the next minute window.
        minuteWaits += 1;
        if (minuteWaits > key.maxMinuteWaits) {
          return ctx.skip(
            `the minute limit still refuses after ${key.maxMinuteWaits} windows (${accepted} requests accepted): ` +
              'spending the day budget would take too long; use a key whose day budget is below its minute limit',
          );
        }
        const waitMs = (headers.reset - serverDate / 1000) * 1000 + 1_200;
        ctx.log(`the minute limit refused after ${accepted} requests: waiting ${Math.round(waitMs)} ms`);
        await ctx.wait(Math.max(0, waitMs), 'the next minute window');
        justWaited = true;
      } else {
        justWaited = false;
        expectStatus(response, 200, `GET /tags with the ${key.label} key`);
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
      response = await send();
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
    expectRetryUntilMidnight(response, serverDate);
  },
});

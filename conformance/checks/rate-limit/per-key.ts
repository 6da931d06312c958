import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { integerHeader, requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { classifyReset } from '../../src/core/reset-window.ts';

/** Primary-key requests sent first: more than a low-limit key's minute (5 for ours). */
const OTHER_KEY_REQUESTS = 8;
/** How recent the run's own primary-key requests must be to count toward them (by `Date`). */
const RECENT_MS = 3_000;

/**
 * §8: the limits are per key ("Requests per minute per key", "per UTC day per key"); §7
 * Remaining is the key's. So another key's traffic spends none of the low-limit key's budget:
 * after a burst with the primary key, a low-limit request is admitted with the Remaining its
 * own use leaves — whatever the run sent with the low-limit key in the last 60 s (by `Date`)
 * is counted against it, so fixed and rolling windows pass alike. A server that counts per
 * client address, per route or for all keys together refuses it or reports too little.
 */
export const perKey = defineCheck({
  id: 'RATE-LIMIT-PER-KEY',
  area: 'rate-limit',
  source: '§8 limits (requests per minute / per UTC day "per key"); §7 X-RateLimit-Remaining',
  level: 'must',
  title: "Another key's requests spend none of a key's budget",
  covers: ['S8.PERMINUTE', 'S7.H.REMAINING'],
  // Needs the low-limit key's minute unspent by the exhausting checks.
  usesLowLimitKey: true,
  async run(ctx) {
    const hint = ctx.hints.lowLimitKey;
    if (!hint?.present) return ctx.skip('no low-limit key given (--low-limit-key)');
    if (hint.perMinute === undefined)
      return ctx.skip("the low-limit key's per-minute limit is not given (--low-limit-per-minute)");
    if (ctx.client.admittedWithin('low-limit', 60_000) >= hint.perMinute - 1)
      return ctx.skip('the low-limit key was spent within the last minute by other checks');
    // The primary key's requests of the last seconds (the run's own traffic) count toward the
    // burst; only the shortfall is sent now.
    const recent = ctx.client.admittedWithin('primary', RECENT_MS);
    for (let i = recent; i < OTHER_KEY_REQUESTS; i += 1) await ctx.client.get('/tags', { fresh: true });
    const burst = Math.max(recent, OTHER_KEY_REQUESTS);
    const used = ctx.client.admittedWithin('low-limit', 60_000);
    const response = await ctx.client.get('/tags', { auth: 'low-limit', unpaced: true });
    // Reset at the next 00:00:00Z: the key's day binds and its Remaining (or its 429) is the
    // day's. Nothing about the minute can be told when the day already bound before the run's
    // traffic (earlier runs spent it: read at preflight) or this run's own requests with the key
    // explain it (a key of 20 a day); otherwise another key's requests were counted in this
    // key's day, and it is judged as below.
    const reset = integerHeader(response, 'x-ratelimit-reset');
    const dayBinds =
      reset !== undefined &&
      response.serverDate !== undefined &&
      classifyReset(reset, response.serverDate) === 'day';
    const usedToday = ctx.client.admittedToday('low-limit');
    const explained =
      hint.dayBoundAtStart !== false ||
      hint.perDay === undefined ||
      usedToday + hint.perMinute >= hint.perDay;
    if (dayBinds && explained) {
      return ctx.skip(
        hint.dayBoundAtStart === true
          ? "the low-limit key's UTC-day limit bound before the run (spent by earlier use): its Remaining is the day's"
          : `the low-limit key's UTC-day limit binds after ${usedToday} of this run's requests: its Remaining is the day's`,
      );
    }
    if (response.status === 429) {
      failWith(
        response,
        "The low-limit key is refused after the primary key's requests",
        `200: ${used} of its ${hint.perMinute} requests a minute used in the last 60 s`,
        `429 after ${burst} requests with the primary key`,
      );
    }
    const { remaining } = requireRateLimitHeaders(ctx, response);
    const least = hint.perMinute - 1 - used;
    if (remaining < least) {
      failWith(
        response,
        "The low-limit key's Remaining counts another key's requests",
        `X-RateLimit-Remaining ≥ ${least} (${hint.perMinute} a minute, ${used} used in the last 60 s, this one)`,
        `X-RateLimit-Remaining ${remaining} after ${burst} requests with the primary key`,
      );
    }
  },
});

import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectErrorEnvelope, failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';
import { integerHeader } from './support/rate-limit-headers.ts';
import { requireDayBindingKey } from './support/day-binding-key.ts';
import { EXTRA_REQUESTS, MAX_DAY_BUDGET } from './day-limit-refused.ts';

/** A minute window of any kind (clock-aligned or sliding, D32) has moved on this long after a request. */
const AFTER_MINUTE_MS = 61_000;
/** The longest the check waits for that itself (the rest of the time has passed with the other checks). */
const MAX_WAIT_MS = 65_000;

/** A 429 of the day-limited key with the day spent: Reset names the next 00:00:00Z. */
function daySpentRefusal(response: ApiResponse): boolean {
  if (response.status !== 429 || response.serverDate === undefined) return false;
  const reset = integerHeader(response, 'x-ratelimit-reset');
  return reset !== undefined && classifyReset(reset, response.serverDate) === 'day';
}

/** Spends the day-limited key's day (what is left of it); the refusal, or undefined when none came. */
async function spendDay(ctx: CheckContext, perDay: number): Promise<ApiResponse | undefined> {
  for (let sent = 0; sent <= perDay + EXTRA_REQUESTS; sent += 1) {
    const response = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
    if (daySpentRefusal(response)) return response;
  }
  return undefined;
}

/**
 * §8: "Requests per UTC day per key" — a key that spent its day stays refused until the day ends,
 * whatever minute window follows. A server keeping the day's count beside the minute's, reset
 * (or expiring) with it, admits the key again a minute later. With the day-limited key (its day
 * below its minute limit), its day spent (by the run's own admissions, RATE-LIMIT-DAY-LIMIT-
 * REFUSED's, or here), then, at least 61 s after the last admission, one more request — refused, 429
 * `rate_limit_exceeded`, unless the UTC day has ended meanwhile. Deferred, so the other checks'
 * minimal passes fill the minute; it waits only what is left of it, and skips when the budget
 * has no request left for it.
 */
export const dayRefusalOutlastsMinute = defineCheck({
  id: 'RATE-LIMIT-DAY-REFUSAL-OUTLASTS-MINUTE',
  area: 'rate-limit',
  source: '§8 limits (requests per UTC day; "exceeding either the minute or the UTC-day limit yields 429")',
  level: 'must',
  title: 'A spent UTC-day budget stays refused in the next minute window',
  covers: ['S8.PERDAY', 'S8.429'],
  decisions: ['D32'],
  // After every other check's minimal verdict (the model's crawl included), on what they left: by
  // then the minute has mostly passed, and on a small budget the others come first (it skips
  // when nothing is left).
  deferred: 'last',
  waitsOutMinute: true,
  async run(ctx) {
    const { perDay } = requireDayBindingKey(ctx);
    if (perDay > MAX_DAY_BUDGET) {
      return ctx.skip(
        `the day-limited key allows ${perDay} requests a day; the suite spends at most ${MAX_DAY_BUDGET}`,
      );
    }
    // The day is spent once the run's own admissions reach it (a lower bound of the key's use);
    // else it is spent here, up to the refusal.
    const spent = ctx.client.admittedToday('day-limited') >= perDay;
    if (!spent && ctx.budgetLeft() < perDay + EXTRA_REQUESTS + 1) {
      return ctx.skip(
        'the request budget left too few requests to spend the day (--max-requests, --time-budget)',
      );
    }
    const refusal = spent ? undefined : await spendDay(ctx, perDay);
    if (ctx.client.admittedToday('day-limited') < perDay && refusal === undefined) {
      return ctx.skip(
        `the day-limited key was not refused for its day within ${perDay + EXTRA_REQUESTS} requests (RATE-LIMIT-DAY-LIMIT-REFUSED's finding)`,
      );
    }
    if (refusal === undefined && ctx.budgetLeft() < 1) {
      return ctx.postpone('the request budget left no request for it (--max-requests, --time-budget)');
    }
    // The day was spent by the latest admission at the latest (or before the refusal).
    const refusedAt =
      ctx.client.lastAdmittedAt('day-limited') ?? refusal?.serverDate ?? ctx.discovery.serverNow();
    const waitMs = refusedAt + AFTER_MINUTE_MS - ctx.discovery.serverNow();
    if (waitMs > MAX_WAIT_MS) return ctx.skip('the server clock reads before the refusal it dated');
    if (waitMs > ctx.timeLeftMs()) {
      return ctx.skip(
        `the minute after the day was spent ends in ${Math.ceil(waitMs / 1000)} s, after the time budget`,
      );
    }
    if (waitMs > 0) await ctx.wait(waitMs, 'the minute window after the day was spent');
    const again = await ctx.client.get('/tags', { auth: 'day-limited', unpaced: true });
    const date = again.serverDate;
    if (date !== undefined && date / 1000 >= nextUtcMidnight(Math.floor(refusedAt / 1000)) - 2) {
      return ctx.skip('the UTC day ended between the refusal and the request a minute later');
    }
    if (again.status !== 429) {
      failWith(
        again,
        `The day-limited key, its day spent, was admitted again ${Math.round(((date ?? Date.now()) - refusedAt) / 1000)} s later`,
        'HTTP 429 rate_limit_exceeded until the next 00:00:00Z: the day budget does not come back with a new minute (§8)',
        `HTTP ${again.status}, X-RateLimit-Remaining ${again.headers['x-ratelimit-remaining'] ?? '—'}`,
      );
    }
    expectErrorEnvelope(again, 429, 'rate_limit_exceeded');
  },
});

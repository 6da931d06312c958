/**
 * The run's request budget: the tightest of `--max-requests`, what fits in `--time-budget`
 * at the primary key's minute pace, and the share of the key's UTC day a run may spend
 * (§8: 60 a minute and 10,000 a UTC day for a new key). Read once, at preflight, from the
 * first response's `X-RateLimit-Limit`, `-Remaining` and `-Reset`.
 */

import { classifyReset, CLOCK_SLACK_S } from './reset-window.ts';

/** §8: a new key's limits. */
export const DEFAULT_PER_MINUTE = 60;
export const DEFAULT_DAY_LIMIT = 10_000;
/** The share of the key's day one run may spend by default (`--day-share`). */
export const DEFAULT_DAY_SHARE_PERCENT = 25;
/** The largest minute limit the suite is willing to drive into 429 in one go (any key). */
export const MAX_EXHAUSTIBLE_PER_MINUTE = 120;

/**
 * The day limit assumed when the user does not state it: §8's defaults (10,000 a day for 60
 * a minute) in proportion to the key's minute limit — a key whose minute limit was raised is
 * taken to have its day raised alike. When the day binds, the headers tell its remaining anyway.
 */
export function assumedDayLimit(perMinute: number | undefined): number {
  if (perMinute === undefined || perMinute <= DEFAULT_PER_MINUTE) return DEFAULT_DAY_LIMIT;
  return Math.round((DEFAULT_DAY_LIMIT * perMinute) / DEFAULT_PER_MINUTE);
}

/** Requests the pacer leaves unspent in every minute window, so the few unpaced requests of
 * the rate-limit checks never meet a 429 on the primary key. */
export function paceReserve(perMinute: number): number {
  if (perMinute >= 30) return 3;
  if (perMinute >= 10) return 2;
  return 1;
}

/** A header holding a non-negative integer, else undefined. */
export function integerHeader(value: string | undefined): number | undefined {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** The rate-limit figures of a response's headers (lower-case names) and its `Date`. */
export function rateLimitReadingOf(headers: Record<string, string>, serverDate?: number): RateLimitReading {
  const reading: RateLimitReading = {};
  const limit = integerHeader(headers['x-ratelimit-limit']);
  const remaining = integerHeader(headers['x-ratelimit-remaining']);
  const reset = integerHeader(headers['x-ratelimit-reset']);
  if (limit !== undefined) reading.limit = limit;
  if (remaining !== undefined) reading.remaining = remaining;
  if (reset !== undefined) reading.reset = reset;
  if (serverDate !== undefined) reading.serverNow = serverDate;
  return reading;
}

/** The rate-limit figures of one response (all optional: a server may omit them). */
export interface RateLimitReading {
  limit?: number;
  remaining?: number;
  /** Unix seconds. */
  reset?: number;
  /** The server's clock when it answered (epoch ms), from `Date`. */
  serverNow?: number;
}

export interface BudgetInput {
  /** `--max-requests`. */
  maxRequests: number;
  /** `--time-budget` in ms. */
  timeBudgetMs: number;
  /** The key's UTC-day limit (`--day-limit`; §8's 10,000 when not told). */
  dayLimit: number;
  /** Percent of the key's day a run may spend (`--day-share`). */
  daySharePercent: number;
  reading: RateLimitReading;
  /** Time the run keeps for the exhausting checks (their waits), not for paced requests. */
  reservedTimeMs?: number;
  /**
   * How long a request takes (the preflight's round trip, connection included): what the last
   * window, cut short by the time budget, can send. Unknown: a second, the key's average pace.
   */
  requestMs?: number;
}

export type BudgetBinding = 'max-requests' | 'time-budget at the key pace' | 'day share';

export interface Budget {
  /** Requests the whole run may send (discovery included). */
  total: number;
  binding: BudgetBinding;
  maxRequests: number;
  /** What fits in the time budget at the key's minute pace (undefined: the key reports no limit). */
  paceBound?: number;
  /** The key's minute limit, as reported. */
  perMinute?: number;
  /** Requests the pacer sends per window (limit less its reserve). */
  pacedPerMinute?: number;
  /** What the day share allows. */
  dayAllowance: number;
  /** True when the response showed the UTC-day limit binding (its Remaining is the day's). */
  dayBinds: boolean;
  /** One line for people: the figures and which one binds. */
  explanation: string;
}

export function planBudget(input: BudgetInput): Budget {
  const { reading } = input;
  const now = reading.serverNow ?? Date.now();
  // Reset at the next 00:00:00Z: the day binds and its Remaining is the day's — unless that
  // midnight is within a minute. Then the minute's reset coincides with it and the reading
  // cannot tell them apart; either way the Remaining holds only until then, and nearly all of
  // the run falls in the new day (a run started at 23:59:59 must not be refused for the day
  // that ends a second later). The first window is still bounded by that Remaining.
  const resetsAtMidnight =
    reading.reset !== undefined &&
    reading.remaining !== undefined &&
    classifyReset(reading.reset, now) === 'day';
  const dayEndsWithinAMinute =
    resetsAtMidnight && (reading.reset as number) * 1000 - now <= 60_000 + CLOCK_SLACK_S * 1000;
  const dayBinds = resetsAtMidnight && !dayEndsWithinAMinute;
  const share = Math.min(100, Math.max(0, input.daySharePercent)) / 100;
  // What is left of the day beyond the part kept for the key's owner ((1 − share) of the limit).
  const dayRemaining = dayBinds ? (reading.remaining as number) : input.dayLimit;
  const dayAllowance = Math.max(
    0,
    Math.floor(Math.min(input.dayLimit * share, dayRemaining - input.dayLimit * (1 - share))),
  );

  let paceBound: number | undefined;
  let pacedPerMinute: number | undefined;
  if (reading.limit !== undefined && reading.limit > 0) {
    const reserve = paceReserve(reading.limit);
    pacedPerMinute = Math.max(1, reading.limit - reserve);
    const usableMs = Math.max(0, input.timeBudgetMs - (input.reservedTimeMs ?? 0));
    // The current window's remaining, then a full paced window each minute.
    const firstWindowMs =
      reading.reset !== undefined && !dayBinds ? Math.max(0, reading.reset * 1000 - now) : 60_000;
    const inFirst = Math.max(
      0,
      Math.min(reading.remaining ?? pacedPerMinute, pacedPerMinute + reserve) - reserve,
    );
    // Then whole windows, and the window the time budget ends in for what can be sent before
    // it ends: a window's requests go at its start, one after another, not spread over it.
    // (Counting whole windows only, a 240 s run with the demo key and every hint key sent its
    // last requests at 178 s and stopped.)
    const laterMs = Math.max(0, usableMs - firstWindowMs);
    const whole = Math.floor(laterMs / 60_000);
    const requestMs = Math.max(1, input.requestMs ?? 1_000);
    const partial = Math.min(pacedPerMinute, Math.floor((laterMs - whole * 60_000) / requestMs));
    paceBound = inFirst + whole * pacedPerMinute + partial;
    if (dayBinds) paceBound = Math.min(paceBound, Math.max(0, (reading.remaining as number) - reserve));
  }

  const candidates: Array<[BudgetBinding, number]> = [['max-requests', input.maxRequests]];
  if (paceBound !== undefined) candidates.push(['time-budget at the key pace', paceBound]);
  candidates.push(['day share', dayAllowance]);
  const [binding, total] = candidates.reduce((a, b) => (b[1] < a[1] ? b : a));

  const parts = [`--max-requests ${input.maxRequests}`];
  if (paceBound !== undefined && pacedPerMinute !== undefined) {
    parts.push(
      `${paceBound} at ${pacedPerMinute}/min (limit ${reading.limit}) in ${Math.round(input.timeBudgetMs / 1000)} s`,
    );
  }
  if (dayEndsWithinAMinute) {
    parts.push(`the UTC day ends in ${Math.max(0, Math.round((reading.reset as number) - now / 1000))} s`);
  }
  parts.push(
    `${dayAllowance} of the key's day (${Math.round(share * 100)}% of ${input.dayLimit}` +
      `${dayBinds ? `, ${reading.remaining} left today` : ''})`,
  );
  const budget: Budget = {
    total,
    binding,
    maxRequests: input.maxRequests,
    dayAllowance,
    dayBinds,
    explanation: `${total} requests (${binding} binds: ${parts.join('; ')})`,
  };
  if (paceBound !== undefined) budget.paceBound = paceBound;
  if (reading.limit !== undefined) budget.perMinute = reading.limit;
  if (pacedPerMinute !== undefined) budget.pacedPerMinute = pacedPerMinute;
  return budget;
}

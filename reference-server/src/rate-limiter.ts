/**
 * Per-key request budgets (§5.2, §7 "Response headers", §8 "Limits", DECISIONS
 * D31–D33): a clock-aligned fixed minute window (UTC minute boundaries) and the UTC
 * day, both counted per key.
 *
 * Atomicity: `consume` checks both budgets and counts the request in one synchronous
 * call with no `await` inside. JavaScript runs one callback at a time on the event
 * loop, so no other request can observe or change a key's counters between the check
 * and the count; concurrent requests are serialised in arrival order and exactly
 * `limit` of them are admitted. Several instances share one limit through the Redis store
 * (redis-rate-limiter.ts), whose check-and-count is one atomic script; both stores turn
 * counts into headers with the same two functions below, as does the store of two blind
 * variants whose windows open at a key's first request (blind-variants/first-request-minute-limiter.ts).
 */

import { blindFault } from './blind-faults/set-1.ts';
import { NO_FAULTS, type FaultSet } from './faults.ts';
import { NO_VARIANTS, type VariantSet } from './variants.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Blind fault `blind3-day-window-local-midnight`: the server's zone, UTC−5. */
const LOCAL_OFFSET_MS = 5 * 3_600_000;

export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** X-RateLimit-Limit: the configured per-minute limit. */
  limit: number;
  /** X-RateLimit-Remaining: the smaller of the minute's and the day's remaining requests. */
  remaining: number;
  /** X-RateLimit-Reset: unix seconds when the binding limit resets. */
  reset: number;
  /** Retry-After in whole seconds (≥ 1); only when refused. */
  retryAfter?: number;
  /** The minute window's own remaining (for the fault that reports it instead of the smaller). */
  minuteRemaining?: number;
}

/** A store of per-key counters: in memory (one process) or in Redis (several instances). */
export interface RateLimitStore {
  consume(keyId: string, limits: RateLimits, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
}

/** A key's requests counted in the minute and UTC day containing a moment. */
export interface KeyCounts {
  minute: number;
  day: number;
}

/**
 * The counters read and moved from outside the request path: the control interface (admin/)
 * resets a key's windows or spends part of them, as if requests had been made. Both stores have it.
 */
export interface RateLimitCounters {
  counts(keyId: string, nowMs: number): KeyCounts | Promise<KeyCounts>;
  /** The chosen windows (those containing `nowMs`) start again from 0. */
  resetCounts(keyId: string, windows: { minute: boolean; day: boolean }, nowMs: number): void | Promise<void>;
  /** `spent.minute` and `spent.day` more requests counted in the windows containing `nowMs`. */
  spend(keyId: string, spent: KeyCounts, nowMs: number): void | Promise<void>;
}

export function hasCounters(store: RateLimitStore): store is RateLimitStore & RateLimitCounters {
  const candidate = store as Partial<RateLimitCounters>;
  return (
    typeof candidate.counts === 'function' &&
    typeof candidate.resetCounts === 'function' &&
    typeof candidate.spend === 'function'
  );
}

/** Where a key's minute window and day window started, epoch ms; each lasts a minute, a day. */
export interface Windows {
  minuteStart: number;
  dayStart: number;
}

/** The start of the clock-aligned minute and UTC day containing `nowMs` (D32). */
export function windowsAt(nowMs: number): Windows {
  return {
    minuteStart: Math.floor(nowMs / MINUTE_MS) * MINUTE_MS,
    dayStart: Math.floor(nowMs / DAY_MS) * DAY_MS,
  };
}

/**
 * Unix seconds of a window's end. Rounded up: a window that opened within a second (a store whose
 * windows start at a key's first request) ends within one, and Reset must not come before it.
 */
function resetSeconds(endMs: number): number {
  return Math.ceil(endMs / 1000);
}

/**
 * A refused request: Remaining 0, Reset at the binding window, Retry-After until it (§7, §8).
 * `windows`: the key's, when a store does not count in the clock-aligned ones.
 */
export function refusal(
  limits: RateLimits,
  nowMs: number,
  dayExhausted: boolean,
  retryAtMinute = false,
  windows: Windows = windowsAt(nowMs),
): RateLimitDecision {
  const { minuteStart, dayStart } = windows;
  // Retrying helps only once every exhausted window has reset: the day outlasts the minute.
  const resetMs = dayExhausted ? dayStart + DAY_MS : minuteStart + MINUTE_MS;
  const retryAtMs = retryAtMinute ? minuteStart + MINUTE_MS : resetMs;
  return {
    allowed: false,
    limit: limits.perMinute,
    remaining: 0,
    reset: resetSeconds(resetMs),
    retryAfter: Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000)),
  };
}

/**
 * An admitted request, counted: Remaining the smaller budget, Reset where it binds (D33: a tie is
 * the minute's). `windows`: the key's, when a store does not count in the clock-aligned ones.
 */
export function admission(
  limits: RateLimits,
  nowMs: number,
  minuteCount: number,
  dayCount: number,
  tieReportsDay = false,
  windows: Windows = windowsAt(nowMs),
): RateLimitDecision {
  const { minuteStart, dayStart } = windows;
  const minuteRemaining = limits.perMinute - minuteCount;
  const dayRemaining = limits.perDay - dayCount;
  const minuteBinds = tieReportsDay ? minuteRemaining < dayRemaining : minuteRemaining <= dayRemaining;
  return {
    allowed: true,
    limit: limits.perMinute,
    remaining: Math.min(minuteRemaining, dayRemaining),
    reset: resetSeconds(minuteBinds ? minuteStart + MINUTE_MS : dayStart + DAY_MS),
    minuteRemaining,
  };
}

interface Usage {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
  /** Blind fault `blind19-minute-rollover-stale-remaining`: the count of the minute just rotated out, until the next answer. */
  previousMinuteCount?: number;
}

const HOUR_MS = 3_600_000;

export class RateLimiter implements RateLimitStore, RateLimitCounters {
  private readonly usage = new Map<string, Usage>();

  constructor(
    private readonly faults: FaultSet = NO_FAULTS,
    private readonly variants: VariantSet = NO_VARIANTS,
  ) {}

  /**
   * Checks the key's budgets at `nowMs` and, when both have room, counts the request.
   * A refused request is not counted (D31), so Remaining stays 0 until a window resets.
   */
  consume(keyId: string, limits: RateLimits, nowMs: number): RateLimitDecision {
    const usage = this.currentUsage(keyId, nowMs);
    const minuteExhausted = this.faults.has('minute-limit-off-by-one')
      ? usage.minuteCount > limits.perMinute
      : usage.minuteCount >= limits.perMinute;
    // Blind fault `blind-day-limit-off-by-one`: the day budget compared with > instead of >=.
    const dayExhausted = blindFault(this.faults, 'blind-day-limit-off-by-one')
      ? usage.dayCount > limits.perDay
      : usage.dayCount >= limits.perDay;
    if (minuteExhausted || dayExhausted) {
      // Variant `refusals-counted` (D31): a refusal still spends the day budget.
      if (this.variants.has('refusals-counted')) usage.dayCount += 1;
      const refused = refusal(limits, nowMs, dayExhausted, this.faults.has('day-limit-retry-after-minute'));
      // Blind fault `blind17-day-refusal-remaining-minute`: a day refusal's Remaining read from the minute window.
      if (
        blindFault(this.faults, 'blind17-day-refusal-remaining-minute') &&
        dayExhausted &&
        !minuteExhausted
      ) {
        refused.remaining = limits.perMinute - usage.minuteCount;
      }
      return this.atDayStart(this.atLocalMidnight(refused, nowMs), nowMs);
    }
    usage.minuteCount += 1;
    usage.dayCount += 1;
    // Variant `reset-tie-reports-day` (D33): on a tie the day binds.
    const admitted = admission(
      limits,
      nowMs,
      usage.minuteCount,
      usage.dayCount,
      this.variants.has('reset-tie-reports-day'),
    );
    // Blind fault `blind3-remaining-day-only`: Remaining read from the day counter alone.
    if (blindFault(this.faults, 'blind3-remaining-day-only'))
      admitted.remaining = limits.perDay - usage.dayCount;
    // Blind fault `blind19-minute-window-advanced-one-step`: Reset read from the key's window, which may lag behind the clock.
    if (
      blindFault(this.faults, 'blind19-minute-window-advanced-one-step') &&
      admitted.reset * 1000 === windowsAt(nowMs).minuteStart + MINUTE_MS
    ) {
      admitted.reset = (usage.minuteStart + MINUTE_MS) / 1000;
    }
    // Blind fault `blind19-minute-rollover-stale-remaining`: the headers computed before the minute window is rotated.
    if (usage.previousMinuteCount !== undefined) {
      const staleMinute = limits.perMinute - usage.previousMinuteCount - 1;
      admitted.remaining = Math.max(0, Math.min(staleMinute, limits.perDay - usage.dayCount));
      usage.previousMinuteCount = undefined;
    }
    return this.atDayStart(this.atLocalMidnight(admitted, nowMs), nowMs);
  }

  /** Blind fault `blind19-day-reset-day-start`: when the day binds, Reset is the day window's key, its start. */
  private atDayStart(decision: RateLimitDecision, nowMs: number): RateLimitDecision {
    if (!blindFault(this.faults, 'blind19-day-reset-day-start')) return decision;
    const { dayStart } = windowsAt(nowMs);
    if (decision.reset * 1000 !== dayStart + DAY_MS) return decision;
    return { ...decision, reset: dayStart / 1000 };
  }

  /** Blind fault `blind3-day-window-local-midnight`: a day reset moved to the server's local midnight. */
  private atLocalMidnight(decision: RateLimitDecision, nowMs: number): RateLimitDecision {
    if (!blindFault(this.faults, 'blind3-day-window-local-midnight')) return decision;
    const utcDayEnd = windowsAt(nowMs).dayStart + DAY_MS;
    if (decision.reset * 1000 !== utcDayEnd) return decision;
    const localDayEnd = this.dayStartOf(nowMs) + DAY_MS;
    const retryAfter =
      decision.retryAfter === undefined ? undefined : Math.max(1, Math.ceil((localDayEnd - nowMs) / 1000));
    return { ...decision, reset: localDayEnd / 1000, ...(retryAfter === undefined ? {} : { retryAfter }) };
  }

  /** The start of the day window containing `nowMs`: the UTC day's, or the local one's with the blind fault. */
  private dayStartOf(nowMs: number, utcDayStart = windowsAt(nowMs).dayStart): number {
    // Blind fault `blind19-day-window-keyed-by-hour`: the day key cut as toISOString().slice(0, 13), date and hour.
    if (blindFault(this.faults, 'blind19-day-window-keyed-by-hour'))
      return Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    // Blind fault `blind19-first-minute-counted-to-previous-day`: the day taken from the minute window's start minus a minute.
    if (blindFault(this.faults, 'blind19-first-minute-counted-to-previous-day')) {
      return windowsAt(windowsAt(nowMs).minuteStart - MINUTE_MS).dayStart;
    }
    if (!blindFault(this.faults, 'blind3-day-window-local-midnight')) return utcDayStart;
    return windowsAt(nowMs - LOCAL_OFFSET_MS).dayStart + LOCAL_OFFSET_MS;
  }

  counts(keyId: string, nowMs: number): KeyCounts {
    const usage = this.currentUsage(keyId, nowMs);
    return { minute: usage.minuteCount, day: usage.dayCount };
  }

  resetCounts(keyId: string, windows: { minute: boolean; day: boolean }, nowMs: number): void {
    const usage = this.currentUsage(keyId, nowMs);
    if (windows.minute) usage.minuteCount = 0;
    if (windows.day) usage.dayCount = 0;
  }

  spend(keyId: string, spent: KeyCounts, nowMs: number): void {
    const usage = this.currentUsage(keyId, nowMs);
    usage.minuteCount += spent.minute;
    usage.dayCount += spent.day;
  }

  /** The key's counters, rolled over to the windows containing `nowMs` (D32). */
  private currentUsage(keyId: string, nowMs: number): Usage {
    const windows = windowsAt(nowMs);
    const { minuteStart } = windows;
    let dayStart = this.dayStartOf(nowMs, windows.dayStart);
    let usage = this.usage.get(keyId);
    // Blind fault `blind21-day-counter-ttl-24h`: the day counter expires 24 hours after it was created, not at UTC midnight.
    if (blindFault(this.faults, 'blind21-day-counter-ttl-24h')) {
      dayStart = usage !== undefined && nowMs < usage.dayStart + DAY_MS ? usage.dayStart : nowMs;
    }
    if (!usage) {
      usage = { minuteStart, minuteCount: 0, dayStart, dayCount: 0 };
      this.usage.set(keyId, usage);
    }
    // Blind fault `blind17-minute-window-keyed-by-minute-of-hour`: the minute counter keyed by the minute of the hour alone.
    const sameMinuteOfHour =
      blindFault(this.faults, 'blind17-minute-window-keyed-by-minute-of-hour') &&
      (usage.minuteStart / MINUTE_MS) % 60 === (minuteStart / MINUTE_MS) % 60;
    // Blind fault `blind19-minute-window-advanced-one-step`: an expired window moved on by one minute, not to the current one.
    if (
      blindFault(this.faults, 'blind19-minute-window-advanced-one-step') &&
      usage.minuteStart < minuteStart
    ) {
      usage.minuteStart += MINUTE_MS;
      usage.minuteCount = 0;
    } else if (usage.minuteStart !== minuteStart) {
      // Blind fault `blind19-minute-rollover-stale-remaining`: the count rotated out kept for the next answer's headers.
      if (
        blindFault(this.faults, 'blind19-minute-rollover-stale-remaining') &&
        usage.minuteStart < minuteStart
      ) {
        usage.previousMinuteCount = usage.minuteCount;
      }
      usage.minuteStart = minuteStart;
      if (!sameMinuteOfHour) usage.minuteCount = 0;
      // Blind fault `blind15-day-count-expires-with-minute`: the day's count kept in the minute's record, reset with it.
      if (blindFault(this.faults, 'blind15-day-count-expires-with-minute')) usage.dayCount = 0;
    }
    if (usage.dayStart !== dayStart) {
      usage.dayStart = dayStart;
      usage.dayCount = 0;
    }
    return usage;
  }
}

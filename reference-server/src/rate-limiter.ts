/**
 * Per-key request budgets (§5.2, §7 "Response headers", §8 "Limits", DECISIONS
 * D31–D33): a clock-aligned fixed minute window (UTC minute boundaries) and the UTC
 * day, both counted per key.
 *
 * Atomicity: `consume` checks both budgets and counts the request in one synchronous
 * call with no `await` inside. JavaScript runs one callback at a time on the event
 * loop, so no other request can observe or change a key's counters between the check
 * and the count; concurrent requests are serialised in arrival order and exactly
 * `limit` of them are admitted. (A multi-process deployment would need a shared store
 * with an atomic increment instead; the reference server is one process.)
 */

import { NO_FAULTS, type FaultSet } from './faults.ts';
import { NO_VARIANTS, type VariantSet } from './variants.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

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
}

interface Usage {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
}

export class RateLimiter {
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
    const minuteReset = usage.minuteStart + MINUTE_MS;
    const dayReset = usage.dayStart + DAY_MS;

    const minuteExhausted = this.faults.has('minute-limit-off-by-one')
      ? usage.minuteCount > limits.perMinute
      : usage.minuteCount >= limits.perMinute;
    const dayExhausted = usage.dayCount >= limits.perDay;
    if (minuteExhausted || dayExhausted) {
      // Retrying helps only once every exhausted window has reset: the day outlasts the minute.
      const resetMs = dayExhausted ? dayReset : minuteReset;
      const retryAtMs = this.faults.has('day-limit-retry-after-minute') ? minuteReset : resetMs;
      // Variant `refusals-counted` (D31): a refusal still spends the day budget.
      if (this.variants.has('refusals-counted')) usage.dayCount += 1;
      return {
        allowed: false,
        limit: limits.perMinute,
        remaining: 0,
        reset: resetMs / 1000,
        retryAfter: Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000)),
      };
    }

    usage.minuteCount += 1;
    usage.dayCount += 1;
    const minuteRemaining = limits.perMinute - usage.minuteCount;
    const dayRemaining = limits.perDay - usage.dayCount;
    // D33: on a tie the minute binds (it resets first); variant `reset-tie-reports-day`: the day does.
    const minuteBinds = this.variants.has('reset-tie-reports-day')
      ? minuteRemaining < dayRemaining
      : minuteRemaining <= dayRemaining;
    return {
      allowed: true,
      limit: limits.perMinute,
      remaining: Math.min(minuteRemaining, dayRemaining),
      reset: (minuteBinds ? minuteReset : dayReset) / 1000,
    };
  }

  /** The key's counters, rolled over to the windows containing `nowMs` (D32). */
  private currentUsage(keyId: string, nowMs: number): Usage {
    const minuteStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    let usage = this.usage.get(keyId);
    if (!usage) {
      usage = { minuteStart, minuteCount: 0, dayStart, dayCount: 0 };
      this.usage.set(keyId, usage);
    }
    if (usage.minuteStart !== minuteStart) {
      usage.minuteStart = minuteStart;
      usage.minuteCount = 0;
    }
    if (usage.dayStart !== dayStart) {
      usage.dayStart = dayStart;
      usage.dayCount = 0;
    }
    return usage;
  }
}

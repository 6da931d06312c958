/**
 * Blind variants `bv1-minute-window-from-first-request` and `bv2-minute-window-from-first-request`
 * (two writers, one choice): the per-key counters kept as an INCR with an EXPIRE of 60 s set on the
 * first request keeps them. A key's minute window opens at its first request after the previous
 * one ended and lasts 60 s; the day is the UTC day. A refused request is not counted. Remaining and
 * Reset as rate-limiter.ts reports them from these windows: the smaller budget, the binding window's
 * end (the minute's on a tie) in whole seconds rounded up; Retry-After the seconds until it.
 */
import {
  admission,
  refusal,
  type KeyCounts,
  type RateLimitCounters,
  type RateLimitDecision,
  type RateLimits,
  type RateLimitStore,
  type Windows,
} from '../rate-limiter.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Where the two writers' windows differ. */
export interface FirstRequestWindows {
  /** Where a window opens: at the request's own millisecond (bv1) or at the start of its second (bv2). */
  opensAt: 'millisecond' | 'second';
  /**
   * What opens it. `counted-request` (bv1): a request, or counts spent, finding the window empty,
   * as the first INCR creates the counter and its expiry; a window is never reopened while it
   * holds a count. `first-reading` (bv2): the first reading of the key's counts after the previous
   * window ran out, or before it began (the clock set back).
   */
  opensOn: 'counted-request' | 'first-reading';
}

interface WindowUsage extends Windows {
  minuteCount: number;
  dayCount: number;
}

export class FirstRequestMinuteLimiter implements RateLimitStore, RateLimitCounters {
  readonly #usage = new Map<string, WindowUsage>();
  readonly #windows: FirstRequestWindows;

  constructor(windows: FirstRequestWindows) {
    this.#windows = windows;
  }

  consume(keyId: string, limits: RateLimits, nowMs: number): RateLimitDecision {
    const usage = this.#current(keyId, nowMs);
    if (this.#windows.opensOn === 'counted-request' && usage.minuteCount === 0)
      usage.minuteStart = this.#opening(nowMs);
    const dayExhausted = usage.dayCount >= limits.perDay;
    if (dayExhausted || usage.minuteCount >= limits.perMinute)
      return refusal(limits, nowMs, dayExhausted, false, usage);
    usage.minuteCount += 1;
    usage.dayCount += 1;
    return admission(limits, nowMs, usage.minuteCount, usage.dayCount, false, usage);
  }

  counts(keyId: string, nowMs: number): KeyCounts {
    const usage = this.#current(keyId, nowMs);
    return { minute: usage.minuteCount, day: usage.dayCount };
  }

  resetCounts(keyId: string, windows: { minute: boolean; day: boolean }, nowMs: number): void {
    const usage = this.#current(keyId, nowMs);
    if (windows.minute) usage.minuteCount = 0;
    if (windows.day) usage.dayCount = 0;
  }

  spend(keyId: string, spent: KeyCounts, nowMs: number): void {
    const usage = this.#current(keyId, nowMs);
    if (this.#windows.opensOn === 'counted-request' && usage.minuteCount === 0 && spent.minute > 0)
      usage.minuteStart = this.#opening(nowMs);
    usage.minuteCount += spent.minute;
    usage.dayCount += spent.day;
  }

  /** When a window opened by a request at `nowMs` starts. */
  #opening(nowMs: number): number {
    return this.#windows.opensAt === 'second' ? Math.floor(nowMs / 1000) * 1000 : nowMs;
  }

  /** The key's counters at `nowMs`: a minute window past its 60 s emptied, a new UTC day started afresh. */
  #current(keyId: string, nowMs: number): WindowUsage {
    const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    let usage = this.#usage.get(keyId);
    if (usage === undefined) {
      usage = { minuteStart: this.#opening(nowMs), minuteCount: 0, dayStart, dayCount: 0 };
      this.#usage.set(keyId, usage);
    }
    const ranOut = nowMs >= usage.minuteStart + MINUTE_MS;
    const notBegun = this.#windows.opensOn === 'first-reading' && nowMs < usage.minuteStart;
    if (ranOut || notBegun) {
      usage.minuteStart = this.#opening(nowMs);
      usage.minuteCount = 0;
    }
    if (usage.dayStart !== dayStart) {
      usage.dayStart = dayStart;
      usage.dayCount = 0;
    }
    return usage;
  }
}

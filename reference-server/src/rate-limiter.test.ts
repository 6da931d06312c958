import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

const T0 = Date.UTC(2026, 10, 22, 8, 30, 0); // a minute boundary
const LIMITS = { perMinute: 3, perDay: 5 };

function consumeTimes(limiter: RateLimiter, times: number, nowMs: number, limits = LIMITS) {
  return Array.from({ length: times }, () => limiter.consume('k', limits, nowMs));
}

describe('RateLimiter', () => {
  it('admits exactly the per-minute limit within one minute', () => {
    const decisions = consumeTimes(new RateLimiter(), 5, T0 + 10_000);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
  });

  it('reports the smaller remaining budget of minute and day', () => {
    const limiter = new RateLimiter();
    const [first] = consumeTimes(limiter, 1, T0, { perMinute: 10, perDay: 4 });
    expect(first?.remaining).toBe(3);
  });

  it('reports the per-minute limit as the limit', () => {
    expect(new RateLimiter().consume('k', LIMITS, T0).limit).toBe(3);
  });

  it('resets at the next minute boundary when the minute binds', () => {
    const decision = new RateLimiter().consume('k', LIMITS, T0 + 59_999);
    expect(decision.reset).toBe((T0 + 60_000) / 1000);
  });

  it('reports the minute reset when both budgets have the same remaining', () => {
    const decision = new RateLimiter().consume('k', { perMinute: 5, perDay: 5 }, T0);
    expect(decision.reset).toBe((T0 + 60_000) / 1000);
  });

  it('reports the UTC-midnight reset when the day binds', () => {
    const decision = new RateLimiter().consume('k', { perMinute: 10, perDay: 2 }, T0);
    expect(decision.reset).toBe(Date.UTC(2026, 10, 23) / 1000);
  });

  it('refuses until the last millisecond of the minute and admits exactly at the boundary', () => {
    const limiter = new RateLimiter();
    consumeTimes(limiter, 3, T0);
    expect(limiter.consume('k', LIMITS, T0 + 59_999).allowed).toBe(false);
    expect(limiter.consume('k', LIMITS, T0 + 60_000).allowed).toBe(true);
  });

  it('refuses until the last millisecond of the UTC day and admits exactly at midnight', () => {
    const limiter = new RateLimiter();
    const midnight = Date.UTC(2026, 10, 23);
    for (let minute = 5; minute >= 1; minute--) limiter.consume('k', LIMITS, midnight - minute * 60_000);
    expect(limiter.consume('k', LIMITS, midnight - 1).allowed).toBe(false);
    expect(limiter.consume('k', LIMITS, midnight).allowed).toBe(true);
  });

  it('does not count refused requests', () => {
    const limiter = new RateLimiter();
    consumeTimes(limiter, 3, T0);
    consumeTimes(limiter, 10, T0 + 1000); // all refused
    const next = limiter.consume('k', LIMITS, T0 + 60_000);
    expect(next.remaining).toBe(1); // day: 5 − 4 = 1; minute: 3 − 1 = 2
  });

  it('sets Retry-After to the whole seconds until the minute resets', () => {
    const limiter = new RateLimiter();
    consumeTimes(limiter, 3, T0);
    expect(limiter.consume('k', LIMITS, T0 + 20_500).retryAfter).toBe(40);
  });

  it('never sets Retry-After below one second', () => {
    const limiter = new RateLimiter();
    consumeTimes(limiter, 3, T0);
    expect(limiter.consume('k', LIMITS, T0 + 59_999).retryAfter).toBe(1);
  });

  it('waits for UTC midnight when the day is exhausted', () => {
    const limiter = new RateLimiter();
    const midnight = Date.UTC(2026, 10, 23);
    for (let minute = 5; minute >= 1; minute--) limiter.consume('k', LIMITS, midnight - minute * 60_000);
    const refused = limiter.consume('k', LIMITS, midnight - 30_000);
    expect([refused.retryAfter, refused.reset, refused.remaining]).toEqual([30, midnight / 1000, 0]);
  });

  it('keeps separate budgets per key', () => {
    const limiter = new RateLimiter();
    consumeTimes(limiter, 3, T0);
    expect(limiter.consume('other', LIMITS, T0).allowed).toBe(true);
  });
});

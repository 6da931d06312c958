import { describe, expect, it } from 'vitest';
import { FirstRequestMinuteLimiter, type FirstRequestWindows } from './first-request-minute-limiter.ts';

const T0 = Date.UTC(2026, 10, 22, 8, 30, 0); // a minute boundary
const S0 = T0 / 1000;
const LIMITS = { perMinute: 3, perDay: 20 };
const BV1: FirstRequestWindows = { opensAt: 'millisecond', opensOn: 'counted-request' };
const BV2: FirstRequestWindows = { opensAt: 'second', opensOn: 'first-reading' };

describe('FirstRequestMinuteLimiter', () => {
  it('opens a window at the request, its Reset rounded up to the second (bv1)', () => {
    const decision = new FirstRequestMinuteLimiter(BV1).consume('k', LIMITS, T0 + 30_250);
    expect(decision.reset).toBe(S0 + 91);
  });

  it("opens a window at the start of the request's second (bv2)", () => {
    const decision = new FirstRequestMinuteLimiter(BV2).consume('k', LIMITS, T0 + 30_250);
    expect(decision.reset).toBe(S0 + 90);
  });

  it('refuses until the window ends, Retry-After rounded up', () => {
    const limiter = new FirstRequestMinuteLimiter(BV1);
    for (let i = 0; i < LIMITS.perMinute; i++) limiter.consume('k', LIMITS, T0 + 30_250);
    const refused = limiter.consume('k', LIMITS, T0 + 80_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, reset: S0 + 91, retryAfter: 11 });
    expect(limiter.consume('k', LIMITS, T0 + 90_250).allowed).toBe(true);
  });

  it('reopens an emptied window at the next counted request (bv1)', () => {
    const limiter = new FirstRequestMinuteLimiter(BV1);
    limiter.consume('k', LIMITS, T0);
    limiter.resetCounts('k', { minute: true, day: false }, T0 + 10_000);
    expect(limiter.consume('k', LIMITS, T0 + 20_000).reset).toBe(S0 + 80);
  });

  it('keeps an emptied window until it runs out (bv2)', () => {
    const limiter = new FirstRequestMinuteLimiter(BV2);
    limiter.consume('k', LIMITS, T0);
    limiter.resetCounts('k', { minute: true, day: false }, T0 + 10_000);
    expect(limiter.consume('k', LIMITS, T0 + 20_000).reset).toBe(S0 + 60);
  });

  it('keeps counting in its window when the clock is set back before it (bv1)', () => {
    const limiter = new FirstRequestMinuteLimiter(BV1);
    limiter.consume('k', LIMITS, T0 + 30_000);
    const decision = limiter.consume('k', LIMITS, T0 + 10_000);
    expect(decision).toMatchObject({ remaining: 1, reset: S0 + 90 });
  });

  it('opens a new window when the clock is set back before it (bv2)', () => {
    const limiter = new FirstRequestMinuteLimiter(BV2);
    limiter.consume('k', LIMITS, T0 + 30_000);
    const decision = limiter.consume('k', LIMITS, T0 + 10_000);
    expect(decision).toMatchObject({ remaining: 2, reset: S0 + 70 });
  });
});

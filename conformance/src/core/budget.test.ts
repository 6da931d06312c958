import { describe, expect, it } from 'vitest';
import {
  assumedDayLimit,
  paceReserve,
  planBudget,
  rateLimitReadingOf,
  type BudgetInput,
  type RateLimitReading,
} from './budget.ts';

// 2026-11-25T10:00:20Z: 40 s left in the minute, 14 h to midnight.
const NOW = Date.UTC(2026, 10, 25, 10, 0, 20);
const MINUTE_RESET = Math.floor(NOW / 1000) + 40;
const MIDNIGHT = Date.UTC(2026, 10, 26) / 1000;

/** A default key (60/min, 10,000/day) with 59 left in this minute, ten minutes of time budget. */
function budgetOf(overrides: Partial<Omit<BudgetInput, 'reading'>> = {}, reading: RateLimitReading = {}) {
  return planBudget({
    maxRequests: 20_000,
    timeBudgetMs: 600_000,
    dayLimit: 10_000,
    daySharePercent: 25,
    ...overrides,
    reading: { limit: 60, remaining: 59, reset: MINUTE_RESET, serverNow: NOW, ...reading },
  });
}

describe('planBudget at the edge of a UTC day', () => {
  // The reset is the next midnight, seconds away: the minute's reset and the day's coincide.
  const atSecondsBeforeMidnight = (seconds: number, reading: RateLimitReading) =>
    planBudget({
      maxRequests: 20_000,
      timeBudgetMs: 600_000,
      dayLimit: 10_000,
      daySharePercent: 25,
      reading: { limit: 60, reset: MIDNIGHT, serverNow: (MIDNIGHT - seconds) * 1000, ...reading },
    });

  it.each([10, 1])('a run started %i s before midnight gets a working budget', (seconds) => {
    const budget = atSecondsBeforeMidnight(seconds, { remaining: 59 });
    expect(budget.dayBinds).toBe(false);
    // 56 in what is left of this window, then nine whole paced minutes of the new day, and what
    // a tenth can send in the budget's last 60 − seconds s (a request a second when not measured).
    expect(budget.total).toBe(56 + 9 * 57 + Math.min(57, 60 - seconds));
    expect(budget.explanation).toContain(`the UTC day ends in ${seconds} s`);
  });

  it('so does a key whose day is nearly spent: the new day starts within the minute', () => {
    const budget = atSecondsBeforeMidnight(10, { remaining: 1 });
    // Nine whole paced minutes and 50 s of a tenth (a request a second).
    expect(budget.total).toBe(9 * 57 + 50);
    expect(budget.dayAllowance).toBe(2_500);
  });

  it('a nearly spent day further from midnight still binds', () => {
    const budget = atSecondsBeforeMidnight(3_600, { remaining: 1 });
    expect(budget).toMatchObject({ dayBinds: true, total: 0 });
  });
});

describe('planBudget', () => {
  it('with a default key (60/min), the pace over the time budget binds', () => {
    const budget = budgetOf();
    // 56 left in this window (59 less the reserve of 3), then 9 whole paced minutes of 57, and
    // what the budget's last 20 s send of a tenth window (a request a second when not measured).
    expect(budget.binding).toBe('time-budget at the key pace');
    expect(budget.total).toBe(56 + 9 * 57 + 20);
    expect(budget.pacedPerMinute).toBe(57);
    expect(budget.dayAllowance).toBe(2_500);
    expect(budget.explanation).toMatch(/^589 requests \(time-budget at the key pace binds/);
  });

  it("counts the whole of the last window's requests when they can go before the time budget ends", () => {
    // A window's requests go at its start: at 50 ms a request, 20 s send all 57.
    expect(budgetOf({ requestMs: 50 }).total).toBe(56 + 10 * 57);
    // At 2 s a request (a slow deployment), 10 of them.
    expect(budgetOf({ requestMs: 2_000 }).total).toBe(56 + 9 * 57 + 10);
  });

  it('keeps time aside for the exhausting checks', () => {
    expect(budgetOf({ reservedTimeMs: 75_000 }).total).toBeLessThan(budgetOf().total);
  });

  it('with a high-limit key, --max-requests binds', () => {
    const budget = budgetOf(
      { maxRequests: 600, timeBudgetMs: 300_000, dayLimit: 10_000_000 },
      { limit: 100_000, remaining: 99_999 },
    );
    expect(budget).toMatchObject({ binding: 'max-requests', total: 600 });
  });

  it('leaves the key owner the rest of the day: the share, less what the day has already spent', () => {
    const hour = { timeBudgetMs: 3_600_000 };
    const fresh = budgetOf(hour, { limit: 1_000, remaining: 999 });
    expect(fresh).toMatchObject({ binding: 'day share', total: 2_500, dayBinds: false });
    // Reset at the next midnight: the day binds, and its Remaining is the day's. 8,000 left:
    // the owner keeps 7,500, so 500 are the run's.
    const spent = budgetOf(hour, { limit: 1_000, remaining: 8_000, reset: MIDNIGHT });
    expect(spent).toMatchObject({ binding: 'day share', total: 500, dayBinds: true });
    expect(budgetOf(hour, { limit: 1_000, remaining: 7_000, reset: MIDNIGHT }).total).toBe(0);
  });

  it('without rate-limit headers, only --max-requests and the day share bound the run', () => {
    const budget = planBudget({
      maxRequests: 20_000,
      timeBudgetMs: 300_000,
      dayLimit: 10_000,
      daySharePercent: 25,
      reading: {},
    });
    expect(budget.paceBound).toBeUndefined();
    expect(budget.total).toBe(2_500);
  });
});

describe('rateLimitReadingOf', () => {
  it('reads the three integer headers and the Date, and leaves out what is not an integer', () => {
    const headers = {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': ' 7 ',
      'x-ratelimit-reset': 'soon',
    };
    expect(rateLimitReadingOf(headers, NOW)).toEqual({ limit: 60, remaining: 7, serverNow: NOW });
  });
});

describe('assumedDayLimit', () => {
  it('is §8’s 10,000 for a default key, and grows with a raised minute limit', () => {
    expect(assumedDayLimit(60)).toBe(10_000);
    expect(assumedDayLimit(5)).toBe(10_000);
    expect(assumedDayLimit(undefined)).toBe(10_000);
    expect(assumedDayLimit(600)).toBe(100_000);
  });
});

describe('paceReserve', () => {
  it('keeps a few requests a window, fewer for small limits', () => {
    expect([paceReserve(60), paceReserve(10), paceReserve(5)]).toEqual([3, 2, 1]);
  });
});

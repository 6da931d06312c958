/**
 * §8's day limit without a day-limited key (#20 item 6): RATE-LIMIT-DAY-LIMIT-REFUSED spends the
 * rest of the low-limit key's day instead — after every other check, when the time budget
 * allows the minute windows that takes — and says why not when it does not. The server's
 * control interface spends part of the key's day before the run, as earlier runs or its owner
 * would have (the key allows 5 a minute, 20 a day).
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECK = 'RATE-LIMIT-DAY-LIMIT-REFUSED';

/** Spends `day` requests of the low-limit key's UTC day through the control interface. */
const spendLowKeyDay = (day: number) => async (adminUrl: string) => {
  const response = await fetch(`${adminUrl}/rate-limits/low-limit/spend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ day }),
  });
  if (!response.ok) throw new Error(`spending the low-limit key's day: HTTP ${response.status}`);
};

describe("the day limit shown with the low-limit key's own day", () => {
  it('passes on the reference server, across a minute window (7 of its 20 left)', async () => {
    const run = await runSuiteAgainstReference({
      only: CHECK,
      withoutDayLimitedKey: true,
      beforeRun: spendLowKeyDay(13),
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => [r.id, r.status])).toEqual([[CHECK, 'pass']]);
    // 5 accepted in the first window, 2 in the next, then the refusals.
    expect(run.results[0]?.requests).toBeGreaterThanOrEqual(8);
  }, 150_000);

  it.each([['day-limit-retry-after-minute'], ['blind-reset-minute-when-day-binds']])(
    'fails against fault %s',
    async (fault) => {
      const run = await runSuiteAgainstReference({
        only: CHECK,
        faults: [fault],
        withoutDayLimitedKey: true,
        // Three left: the day binds before the minute does, no window to wait for.
        beforeRun: spendLowKeyDay(17),
      });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([CHECK]);
    },
    // A Reset naming the minute is waited out once (up to a minute) before the refusal is judged.
    150_000,
  );

  it('says why not when the time budget cannot hold the minute windows it takes', async () => {
    const run = await runSuiteAgainstReference({
      only: CHECK,
      withoutDayLimitedKey: true,
      timeBudgetSeconds: 30,
    });
    const [result] = run.results;
    expect(result?.status, run.output).toBe('skipped');
    expect(result?.reason).toMatch(/no day-limited key given.*low-limit key's day.*--time-budget/);
    expect(result?.requests).toBe(0);
  }, 60_000);
});

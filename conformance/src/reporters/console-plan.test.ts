/**
 * The plan line says what is true of the run at that point: a run the budget cut short does not
 * claim every check has its verdict, a run with nothing to deepen does not claim full depth, and
 * a plan with no case left for any property does not speak of "up to 0 named cases".
 */
import { describe, expect, it } from 'vitest';
import type { Budget } from '../core/budget.ts';
import type { RunPlan } from '../core/events.ts';
import { createConsoleReporter } from './console.ts';

const budget = {
  total: 200,
  binding: 'max-requests',
  maxRequests: 200,
  dayAllowance: 2500,
} as unknown as Budget;

async function planLine(plan: RunPlan): Promise<string> {
  let text = '';
  await createConsoleReporter({ write: (t) => void (text += t), tty: false })({ type: 'plan', plan, budget });
  return text;
}

const base: RunPlan = { share: 0.1, firstCases: 3, allFirst: true, available: 40, estimated: 38, checks: 12 };

describe('the plan line', () => {
  it('claims every minimal verdict only when no check lacks one', async () => {
    expect(await planLine({ ...base, withoutVerdict: 0 })).toMatch(
      /^Plan: every check has its minimal verdict; deepening 12 checks to every named case and 10% of full depth/,
    );
    expect(await planLine({ ...base, withoutVerdict: 27 })).toMatch(
      /^Plan: 27 checks without a verdict \(the budget stopped them\); deepening 12 checks/,
    );
    expect(await planLine({ ...base, withoutVerdict: 1 })).toMatch(
      /^Plan: 1 check without a verdict \(the budget stopped it\)/,
    );
  });

  it('says there is nothing to deepen, not that everything ran at full depth', async () => {
    const line = await planLine({ ...base, checks: 0, estimated: 0, withoutVerdict: 0 });
    expect(line).toBe('Plan: every check has its minimal verdict; no check to deepen\n');
  });

  it('has words for a plan without a single further case', async () => {
    const line = await planLine({ ...base, allFirst: false, firstCases: 0, withoutVerdict: 0 });
    expect(line).toContain('deepening 12 checks to no further case of any property');
    expect(line).not.toContain('up to 0');
  });
});

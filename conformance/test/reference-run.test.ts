/**
 * The whole suite, at its default strength (100 cases per property), against the
 * reference server: it must pass every check (exit 0), and each check's status must be
 * the one committed in conformance/expectations/reference-server.json — so a check that
 * starts skipping, or a new check, is a visible diff (like undici's WPT expectations).
 *
 * The same run measures each check's minimal pass (conformance/src/core/minimal-costs.json, read
 * by the budget line to say whether a budget suffices for a verdict on every check); when
 * regenerating, a second run given every hint measures the checks that cost otherwise with them
 * (`withHints`; budget-runs.test.ts holds its hinted run to those figures).
 *
 * Regenerate both after adding or changing checks:
 *   UPDATE_EXPECTATIONS=1 npx vitest run conformance/test/reference-run.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MinimalCosts } from '../src/core/minimal-need.ts';
import { measuredMinimalCosts, runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

const EXPECTATIONS = fileURLToPath(new URL('../expectations/reference-server.json', import.meta.url));
const MINIMAL_COSTS = fileURLToPath(new URL('../src/core/minimal-costs.json', import.meta.url));
/** How far the minimal pass may drift from the committed figures before they must be measured again. */
const MINIMAL_COST_TOLERANCE = 0.25;

type Expectations = Record<string, 'pass' | 'skipped'>;

let run: SuiteRun;

beforeAll(async () => {
  run = await runSuiteAgainstReference({ runs: 100, minuteWaits: true });
  if (process.env.UPDATE_EXPECTATIONS === '1') {
    const current = Object.fromEntries(run.results.map((r) => [r.id, r.status]));
    writeFileSync(EXPECTATIONS, `${JSON.stringify(current, null, 2)}\n`);
    const costs = measuredMinimalCosts(run);
    const hinted = measuredMinimalCosts(
      await runSuiteAgainstReference({ runs: 100, hints: true, minuteWaits: true }),
    );
    const withHints = Object.entries(hinted.checks).filter(([id, n]) => costs.checks[id] !== n);
    writeFileSync(
      MINIMAL_COSTS,
      `${JSON.stringify({ ...costs, withHints: Object.fromEntries(withHints) }, null, 2)}\n`,
    );
  }
}, 300_000);

describe('the suite against the reference server', () => {
  it('exits 0', () => {
    expect(run.exitCode, run.output).toBe(0);
  });

  it('fails no check and ends no check in error', () => {
    expect({ failing: run.failing, errored: run.errored }).toEqual({ failing: [], errored: [] });
  });

  it('gives every check the status committed in the expectations file', () => {
    const expected = JSON.parse(readFileSync(EXPECTATIONS, 'utf8')) as Expectations;
    const actual = Object.fromEntries(run.results.map((r) => [r.id, r.status]));
    expect(actual).toEqual(expected);
  });

  it('measures every check in the minimal-pass table the budget line reads', () => {
    const table = JSON.parse(readFileSync(MINIMAL_COSTS, 'utf8')) as MinimalCosts;
    expect(Object.keys(table.checks).sort()).toEqual(run.results.map((r) => r.id).sort());
    // The checks acting on hints skip without them: the table has their cost with hints too.
    expect(Object.keys(table.withHints ?? {}).length).toBeGreaterThan(0);
  });

  it('spends on its minimal pass what the committed table says, within a quarter', () => {
    const table = JSON.parse(readFileSync(MINIMAL_COSTS, 'utf8')) as MinimalCosts;
    const measured = measuredMinimalCosts(run);
    const sum = (costs: MinimalCosts) =>
      costs.discovery + Object.values(costs.checks).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum(measured) - sum(table))).toBeLessThanOrEqual(sum(table) * MINIMAL_COST_TOLERANCE);
  });

  it('skips a must-check only with a stated reason', () => {
    const unexplained = run.results.filter((r) => r.status === 'skipped' && !r.reason?.trim());
    expect(unexplained.map((r) => r.id)).toEqual([]);
  });
});

/**
 * The whole suite, at its default strength (100 cases per property), against the
 * reference server: it must pass every check (exit 0), and each check's status must be
 * the one committed in conformance/expectations/reference-server.json — so a check that
 * starts skipping, or a new check, is a visible diff (like undici's WPT expectations).
 *
 * Regenerate after adding or changing checks:
 *   UPDATE_EXPECTATIONS=1 npx vitest run conformance/test/reference-run.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

const EXPECTATIONS = fileURLToPath(new URL('../expectations/reference-server.json', import.meta.url));

type Expectations = Record<string, 'pass' | 'skipped'>;

let run: SuiteRun;

beforeAll(async () => {
  run = await runSuiteAgainstReference({ runs: 100 });
  if (process.env.UPDATE_EXPECTATIONS === '1') {
    const current = Object.fromEntries(run.results.map((r) => [r.id, r.status]));
    writeFileSync(EXPECTATIONS, `${JSON.stringify(current, null, 2)}\n`);
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

  it('skips a must-check only with a stated reason', () => {
    const unexplained = run.results.filter((r) => r.status === 'skipped' && !r.reason?.trim());
    expect(unexplained.map((r) => r.id)).toEqual([]);
  });
});

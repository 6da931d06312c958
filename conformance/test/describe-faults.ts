/**
 * The strongest test of a check: a server that breaks its rule. For each deliberate
 * fault, the suite is run (as a user runs it) against the reference server with that
 * fault on, restricted to the areas of the checks aimed at it; it must exit 1 and the
 * aimed checks must be among the failures.
 */
import { describe, expect, it } from 'vitest';
import { FAULTS, type FaultName } from '../../reference-server/src/faults.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { FAULT_KILLERS } from './fault-killers.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** Cases per property in the fault runs (the default strength). */
export const FAULT_RUNS = 100;

const byId = new Map(ALL_CHECKS.map((check) => [check.id, check]));

export function describeFaults(title: string, selects: (fault: FaultName) => boolean): void {
  const faults = FAULTS.map((f) => f.name).filter(selects);
  describe(title, () => {
    it.each(faults)(
      'the suite fails against a server with fault %s',
      async (fault) => {
        const kill = FAULT_KILLERS[fault];
        const aimed = kill.checks.map((id) => byId.get(id)!);
        const areas = [...new Set(aimed.map((check) => check.area))];
        const exhausting = aimed.some((check) => check.exhausting === true);
        const slow = ALL_CHECKS.filter((c) => c.exhausting && areas.includes(c.area)).map((c) => c.id);
        const run = await runSuiteAgainstReference({
          faults: [fault],
          only: areas.join(','),
          skip: exhausting || slow.length === 0 ? undefined : slow.join(','),
          runs: FAULT_RUNS,
          failOnProfile: kill.profile === true,
          hints: kill.hints === true,
        });
        expect(run.exitCode, run.output).toBe(1);
        expect(run.failing).toEqual(expect.arrayContaining(kill.checks));
      },
      180_000,
    ); // the rate-limit runs wait out a minute window
  });
}

/** The area of the first check aimed at a fault. */
export function areaOf(fault: FaultName): string {
  return byId.get(FAULT_KILLERS[fault].checks[0]!)!.area;
}

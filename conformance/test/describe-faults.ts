/**
 * The strongest test of a check: a server that breaks its rule. For each deliberate
 * fault, the suite is run (as a user runs it) against the reference server with that
 * fault on, restricted to the areas of the checks aimed at it; it must exit 1 and the
 * aimed checks must be among the failures.
 */
import { describe, type ExpectStatic } from 'vitest';
import { FAULTS, type FaultName } from '../../reference-server/src/faults.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { FAULT_KILLERS } from './fault-killers.ts';
import { itEachWaitingAtOnce } from './it-waiting-at-once.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** Cases per property in the fault runs (the default strength). */
export const FAULT_RUNS = 100;

const byId = new Map(ALL_CHECKS.map((check) => [check.id, check]));

/** How the suite is run against one fault: its areas, what it skips, and whether it waits out minute windows. */
function planFor(fault: FaultName) {
  const kill = FAULT_KILLERS[fault];
  const aimed = kill.checks.map((id) => byId.get(id)!);
  const areas = [...new Set(aimed.map((check) => check.area))];
  const exhausting = aimed.some((check) => check.exhausting === true);
  const slow = ALL_CHECKS.filter((c) => c.exhausting && areas.includes(c.area)).map((c) => c.id);
  const skip = exhausting || slow.length === 0 ? undefined : slow;
  // The checks the run keeps that wait out minute windows (`only` keeps the minute-waiting ones).
  const waits = ALL_CHECKS.some(
    (c) =>
      areas.includes(c.area) &&
      (c.exhausting === true || c.waitsOutMinute === true) &&
      !(skip ?? []).includes(c.id),
  );
  return { kill, areas, skip, waits };
}

export function describeFaults(title: string, selects: (fault: FaultName) => boolean): void {
  const plans = new Map(
    FAULTS.map((f) => f.name)
      .filter(selects)
      .map((fault) => [fault, planFor(fault)] as const),
  );
  const check = async (fault: FaultName, expect: ExpectStatic) => {
    const { kill, areas, skip } = plans.get(fault)!;
    const run = await runSuiteAgainstReference({
      faults: [fault],
      only: areas.join(','),
      skip: skip?.join(','),
      runs: FAULT_RUNS,
      failOnProfile: kill.profile === true,
      hints: kill.hints === true,
    });
    expect(run.exitCode, run.output).toBe(1);
    expect(run.failing).toEqual(expect.arrayContaining(kill.checks));
  };
  describe(title, () => {
    // The runs that wait out minute windows spend most of their minute or two idle.
    itEachWaitingAtOnce(
      [...plans.keys()],
      (fault) => plans.get(fault)!.waits,
      'the suite fails against a server with fault %s',
      { waiting: 300_000, other: 180_000 }, // a minute window or two, with the other waiting runs
      check,
    );
  });
}

/** The area of the first check aimed at a fault. */
export function areaOf(fault: FaultName): string {
  return byId.get(FAULT_KILLERS[fault].checks[0]!)!.area;
}

/**
 * The blind variant sets (reference-server/src/blind-variants/: correct servers written from the
 * API description alone, by writers who had not read the suite) as a standing test: the whole suite
 * runs against each, as a user runs it, and must fail no `must` check and err on none. A profile
 * check may notice a variant's choice (a stated profile makes it pass: blind-variant-fixes.test.ts).
 * What scripts/blind-variant-matrix.ts measured once, kept from regressing.
 */
import { describe, type ExpectStatic } from 'vitest';
import type { BlindVariant } from '../../reference-server/src/blind-variants/blind-variant.ts';
import { itEachWaitingAtOnce } from './it-waiting-at-once.ts';
import { meetsWindowChecks, runAgainstBlindVariant } from './run-against-reference.ts';

/**
 * Cases per property: fewer than the catalogued variants' 50. The measurement (the matrix script)
 * runs 100; this standing test shares CI's two cores with the budget runs, whose 200-request run is
 * at the edge of its budget and slows with the machine.
 */
const BLIND_VARIANT_RUNS = 20;

/** The whole suite against one blind variant: no must check failed, none in error, exit 0. */
async function passesEveryMustCheck(variant: BlindVariant, expect: ExpectStatic): Promise<void> {
  const run = await runAgainstBlindVariant(variant, { runs: BLIND_VARIANT_RUNS });
  const mustFailing = run.mustFailing.map(
    (result) => `${result.id}: ${result.failure?.message ?? result.reason ?? ''}`,
  );
  expect({ mustFailing, errored: run.errored }, run.output).toEqual({ mustFailing: [], errored: [] });
  expect(run.exitCode, run.output).toBe(0);
}

/**
 * Variants whose every answer waits (a pseudo-random 0-400 ms): their run is mostly idle too
 * (207 s one after another in the full run of 2026-12-01), so it goes with the window-waiting ones.
 */
const SLOW_ANSWERING: ReadonlySet<string> = new Set(['bv2-latency-jitter']);

export function describeBlindVariants(title: string, variants: readonly BlindVariant[]): void {
  const cases = variants.map((variant) => [variant.name, variant] as const);
  const waits = ([, variant]: readonly [string, BlindVariant]) =>
    meetsWindowChecks(variant, 'worded') || SLOW_ANSWERING.has(variant.name);
  describe(title, () => {
    // The variants that meet the minute-window checks (or answer slowly) spend most of their run idle.
    itEachWaitingAtOnce(
      cases,
      waits,
      'the suite fails no must check against blind variant %s',
      { waiting: 600_000, other: 600_000 }, // minute windows; slow statistics answer after 1.2 s
      ([, variant], expect) => passesEveryMustCheck(variant, expect),
    );
  });
}

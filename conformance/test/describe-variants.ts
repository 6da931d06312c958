/**
 * The proof of tolerance, the counterpart of describe-faults.ts: for each legitimate
 * variant (reference-server/src/variants.ts), the whole suite is run (as a user runs it)
 * against the reference server with that variant on. It must exit 0 with no `must`
 * check failed and no check in error. For a variant on a profile-level point, the profile
 * check aimed at it must fail under the default profile (the suite notices the other
 * choice), and with a profile file stating the choice the run must pass every check,
 * profile checks included (`--fail-on-profile`); every other variant must pass every check
 * with `--fail-on-profile` at once (issue #24 item 5: no team fails a profile check for a
 * choice its profile can state).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { VARIANTS, type CataloguedVariantName as VariantName } from '../../reference-server/src/variants.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { itEachWaitingAtOnce } from './it-waiting-at-once.ts';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';
import { VARIANT_TREATMENTS } from './variant-profiles.ts';

/** The rows about authentication, protocol and rate limits: their variants have a test file of their own. */
export const PROTOCOL_DECISIONS: ReadonlySet<string> = new Set([
  'D30',
  'D31',
  'D33',
  'D35',
  'D36',
  'D37',
  'D51',
]);

/** The DECISIONS row of a variant. */
export function decisionOf(variant: VariantName): string {
  return VARIANTS.find((v) => v.name === variant)!.decision;
}

/** Cases per property in the variant runs. */
export const VARIANT_RUNS = 50;

/** The rate-limit checks that spend the low-limit key and wait out minute windows. */
const EXHAUSTING = ALL_CHECKS.filter((check) => check.exhausting === true).map((check) => check.id);

function runWith(variant: VariantName, profile?: string): Promise<SuiteRun> {
  const treatment = VARIANT_TREATMENTS[variant];
  return runSuiteAgainstReference({
    variants: [variant],
    runs: VARIANT_RUNS,
    skip: treatment.rateLimit ? undefined : EXHAUSTING.join(','),
    // The rate-limit variants meet the check that waits a minute after the day is spent too.
    minuteWaits: treatment.rateLimit === true,
    ...(profile === undefined ? {} : { profile, failOnProfile: true }),
  });
}

/** `id (level): message` of each check that failed or ended in error, for assertion messages. */
function problems(run: SuiteRun, level?: 'must' | 'profile'): string[] {
  return run.results
    .filter(
      (r) => (r.status === 'fail' || r.status === 'error') && (level === undefined || r.level === level),
    )
    .map((r) => `${r.id} (${r.status}): ${r.failure?.message ?? r.reason ?? ''}`);
}

export function describeVariants(title: string, selects: (variant: VariantName) => boolean): void {
  const variants = VARIANTS.map((v) => v.name).filter(selects);
  const profileDir = mkdtempSync(join(tmpdir(), 'variant-profiles-'));
  afterAll(() => rmSync(profileDir, { recursive: true, force: true }));

  describe(title, () => {
    /** The variant's profile file: its stated choices over the defaults (the defaults alone when it states none). */
    const profileOf = (variant: VariantName): string => {
      const file = join(profileDir, `${variant}.json`);
      writeFileSync(file, JSON.stringify(VARIANT_TREATMENTS[variant].profile ?? {}));
      return file;
    };

    const passesMustChecks = async (variant: VariantName, expect: ExpectStatic): Promise<void> => {
      const aimed = VARIANT_TREATMENTS[variant].aimed;
      // A variant no profile check notices is judged with --fail-on-profile at once: it must
      // pass every check, profile checks included, with the defaults as its stated profile.
      const run = await runWith(variant, aimed === undefined ? profileOf(variant) : undefined);
      expect(run.exitCode, run.output).toBe(0);
      expect(problems(run, aimed === undefined ? undefined : 'must')).toEqual([]);
      expect(run.errored).toEqual([]);
      // The other choice is noticed, at profile level, by the check aimed at it.
      if (aimed !== undefined) expect(run.failing).toContain(aimed);
    };
    // The rate-limit variants' runs wait out minute windows, mostly idle.
    itEachWaitingAtOnce(
      variants,
      (variant) => VARIANT_TREATMENTS[variant].rateLimit === true,
      'the suite passes every must check against a server with variant %s',
      { waiting: 300_000, other: 240_000 },
      passesMustChecks,
    );

    const profiled = variants.filter((variant) => VARIANT_TREATMENTS[variant].aimed !== undefined);
    it.skipIf(profiled.length === 0).each(profiled)(
      'the suite passes every check against variant %s with a profile stating its choice',
      async (variant) => {
        const run = await runWith(variant, profileOf(variant));
        expect(problems(run)).toEqual([]);
        expect(run.exitCode, run.output).toBe(0);
      },
      240_000,
    );
  });
}

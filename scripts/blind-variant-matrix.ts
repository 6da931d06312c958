/**
 * `npx tsx scripts/blind-variant-matrix.ts [--runs N] [--seed N] [--out FILE] [variant …]`
 *
 * The other half of the blind measurement (blind-fault-matrix.ts is the first): whether the suite
 * leaves alone correct servers it was never shown. For each variant of the blind variant sets
 * (reference-server/src/blind-variants/, written from the API description alone) the whole suite
 * runs in-process against the reference server with that variant on, with every key and the hints
 * a user gives. A variant passes when no `must` check fails or errs; a failed `profile` check is
 * reported apart (a profile check notices a choice; its profile key, if any, states it). Prints a
 * Markdown table and the share passed; `--out` writes the rows as JSON. Exits 1 when a variant
 * fails a must check.
 *
 * The checks that wait out minute windows run only for the variants whose rule or description
 * speaks of the rate limits (as in the fault matrix), unless `--window-checks all` runs them for
 * every variant (a few minutes more each): what shows whether a variant that changed the rate
 * limits without saying so is failed by them.
 */
import { writeFileSync } from 'node:fs';
import { BLIND_VARIANTS } from '../reference-server/src/variants.ts';
import { runAgainstBlindVariant, type WindowChecks } from '../conformance/test/run-against-reference.ts';
import { choiceOption, chosenFrom, integerOption, parseScriptArgs } from './parse-script-args.ts';

const USAGE = `Usage: npx tsx scripts/blind-variant-matrix.ts [--runs N] [--seed N] [--out FILE]
         [--window-checks worded|all] [variant …]

  --runs N                 cases per property (default 100)
  --seed N                 the run's seed (default 20261122)
  --out FILE               write the rows as JSON
  --window-checks WHICH    the checks that wait out minute windows: for the variants whose text
                           speaks of the rate limits (worded, the default) or for all
  variant …                blind variants to run (default all; \`npm start -- --list-variants\` lists them)
`;
const { values, positionals: chosen } = parseScriptArgs(USAGE, {
  runs: { type: 'string', default: '100' },
  seed: { type: 'string', default: '20261122' },
  out: { type: 'string' },
  'window-checks': { type: 'string', default: 'worded' },
});
const variants = chosenFrom(USAGE, BLIND_VARIANTS, chosen, 'blind variant');
const runs = integerOption(USAGE, 'runs', values.runs, 1)!;
const seed = integerOption(USAGE, 'seed', values.seed, Number.MIN_SAFE_INTEGER)!;
const out = values.out;
const windowChecks: WindowChecks = choiceOption(USAGE, 'window-checks', values['window-checks']!, [
  'worded',
  'all',
]);

interface Row {
  variant: string;
  exitCode: number;
  mustFailing: string[];
  profileFailing: string[];
  errored: string[];
  passed: boolean;
  seconds: number;
}

const rows: Row[] = [];
process.stdout.write(
  `Suite against ${variants.length} blind variants (--runs ${runs}, --seed ${seed}, --window-checks ${windowChecks})\n\n` +
    '| variant | exit | must checks failed | profile checks failed |\n|---|---|---|---|\n',
);
for (const variant of variants) {
  const started = Date.now();
  const run = await runAgainstBlindVariant(variant, { runs, seed, windowChecks });
  const mustFailing = run.mustFailing.map((r) => r.id);
  const profileFailing = run.results
    .filter((r) => r.status === 'fail' && r.level === 'profile')
    .map((r) => r.id);
  const row: Row = {
    variant: variant.name,
    exitCode: run.exitCode,
    mustFailing,
    profileFailing,
    errored: run.errored,
    // exit 2 (no run) is not a pass: the variant was never judged.
    passed: run.exitCode !== 2 && mustFailing.length === 0 && run.errored.length === 0,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  rows.push(row);
  const err = row.errored.length > 0 ? ` (errors: ${row.errored.join(', ')})` : '';
  process.stdout.write(
    `| ${variant.name} | ${row.exitCode} | ${row.mustFailing.join(', ') || '—'}${err} | ${row.profileFailing.join(', ') || '—'} |\n`,
  );
}
const passed = rows.filter((r) => r.passed);
process.stdout.write(
  `\n${passed.length} of ${rows.length} blind variants passed every must check; failed: ${
    rows
      .filter((r) => !r.passed)
      .map((r) => r.variant)
      .join(', ') || 'none'
  }\n`,
);
if (out !== undefined) writeFileSync(out, `${JSON.stringify({ runs, seed, windowChecks, rows }, null, 2)}\n`);
process.exitCode = passed.length === rows.length ? 0 : 1;

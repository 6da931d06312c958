/**
 * `npx tsx scripts/blind-fault-matrix.ts [--suite DIR] [--max-requests N] [--out FILE] [fault …]`
 *
 * Measures how well a conformance suite catches bugs it was never shown: the reference server
 * (this tree) is started in-process once per fault of the blind sets
 * (reference-server/src/blind-faults/, written from the API description alone), and the suite's
 * CLI — this tree's, or another checkout's with `--suite DIR` (e.g. a worktree of an older
 * commit, for the figure before a change) — runs against it as a user would: `--base-url`,
 * every key, and the hints a user can give (an archived game and one of its reviews; a game whose statistics are pending and one whose statistics are unavailable, when the suite knows those options). A fault
 * is caught when the run exits 1 with at least one failed check. Prints a Markdown table and
 * the share caught; `--out` writes the rows as JSON.
 *
 * The checks that wait out minute windows run only for the faults whose rule, description or
 * hint speaks of the rate limits (as in the fault tests): elsewhere they cost a minute and see
 * nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Dataset } from '../fixtures/src/model.ts';
import { BLIND_FAULTS } from '../reference-server/src/faults.ts';
import { startReferenceServer } from '../reference-server/src/launch.ts';
import { toFaultSet } from '../reference-server/src/faults.ts';
import { referenceKeyEnv, referenceKeyLimitArgs } from '../conformance/src/reference-keys.ts';
import {
  hintArgs,
  RATE_LIMIT_WORDING,
  WINDOW_WAITING_CHECKS,
} from '../conformance/test/run-against-reference.ts';
import { chosenFrom, integerOption, parseScriptArgs } from './parse-script-args.ts';

const USAGE = `Usage: npx tsx scripts/blind-fault-matrix.ts [--suite DIR] [--max-requests N] [--out FILE] [fault …]

  --suite DIR         the checkout whose suite runs (default this one)
  --max-requests N    the runs' request budget
  --out FILE          write the rows as JSON
  fault …             blind faults to run (default all; \`npm start -- --list-faults\` lists them)
`;
const { values, positionals: chosen } = parseScriptArgs(USAGE, {
  suite: { type: 'string', default: '.' },
  'max-requests': { type: 'string' },
  out: { type: 'string' },
});
const suiteDir = resolve(values.suite);
const maxRequests = integerOption(USAGE, 'max-requests', values['max-requests'], 1)?.toString();
const out = values.out;
const faults = chosenFrom(USAGE, BLIND_FAULTS, chosen, 'blind fault');

/** Whether the suite under test knows a CLI option (an older checkout may not). */
function suiteKnows(option: string): boolean {
  return readFileSync(join(suiteDir, 'conformance/src/cli.ts'), 'utf8').includes(`'${option} `);
}

function runSuite(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(join(suiteDir, 'node_modules/.bin/tsx'), ['conformance/src/cli.ts', ...argv], {
      cwd: suiteDir,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code: code ?? 2, output }));
  });
}

interface Row {
  fault: string;
  exitCode: number;
  failing: string[];
  errored: string[];
  caught: boolean;
  seconds: number;
}

let dataset: Dataset | undefined;
const rows: Row[] = [];
process.stdout.write(`Suite: ${suiteDir}\n\n| fault | exit | failing checks |\n|---|---|---|\n`);
for (const fault of faults) {
  const started = Date.now();
  const server = await startReferenceServer({ dataset, faults: toFaultSet([fault.name]) });
  dataset = server.dataset;
  const reportDir = mkdtempSync(join(tmpdir(), 'blind-run-'));
  try {
    const argv = [
      '--base-url',
      server.baseUrl,
      ...referenceKeyLimitArgs(server.keyRecords, suiteKnows),
      '--report-dir',
      reportDir,
      '--seed',
      '20261122',
      '--quiet',
      // Every hint the suite knows (an older suite knows only the archived game and review).
      ...hintArgs(server.dataset, { statistics: suiteKnows('--statistics-pending-game-id') }),
    ];
    if (!RATE_LIMIT_WORDING.test(`${fault.rule} ${fault.description} ${fault.hint}`))
      argv.push('--skip', WINDOW_WAITING_CHECKS);
    if (maxRequests !== undefined) argv.push('--max-requests', maxRequests);
    const { code } = await runSuite(argv, referenceKeyEnv(server.keyRecords));
    let results: { id: string; status: string }[] = [];
    try {
      results = (
        JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: typeof results }
      ).results;
    } catch {
      // no report: the run could not take place (exit 2)
    }
    const failing = results.filter((r) => r.status === 'fail').map((r) => r.id);
    const errored = results.filter((r) => r.status === 'error').map((r) => r.id);
    const row: Row = {
      fault: fault.name,
      exitCode: code,
      failing,
      errored,
      caught: code === 1 && failing.length > 0,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    rows.push(row);
    const err = errored.length > 0 ? ` (errors: ${errored.join(', ')})` : '';
    process.stdout.write(`| ${fault.name} | ${code} | ${failing.join(', ') || '—'}${err} |\n`);
  } finally {
    await server.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
}
const caught = rows.filter((r) => r.caught);
process.stdout.write(
  `\nCaught ${caught.length} of ${rows.length} blind faults (${Math.round((100 * caught.length) / Math.max(1, rows.length))}%)` +
    `${maxRequests !== undefined ? ` at --max-requests ${maxRequests}` : ''}; escaped: ` +
    `${
      rows
        .filter((r) => !r.caught)
        .map((r) => r.fault)
        .join(', ') || 'none'
    }\n`,
);
if (out !== undefined) writeFileSync(out, `${JSON.stringify({ suite: suiteDir, rows }, null, 2)}\n`);

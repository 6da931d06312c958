/**
 * `npx tsx scripts/mutation/mutation-score.ts [--lines N] [--seed S] [--max-requests R] [--concurrency C]
 *   [--rerun REPORT]`
 *
 * The suite's strength on faults nobody wrote for it: Stryker mutates the reference server's
 * domain modules (reference-server/src/domain: search, filters, sorts, paging, histories,
 * statistics, activity cells, MSSP, reviews, representation — the API's logic, with no fault
 * or variant switch in the lines chosen), and for each mutant runs the suite against the
 * mutated server (scripts/mutation/suite-on-mutant.ts). A mutant the suite fails is killed;
 * one it passes survived — a fault it missed, or a mutant that changes nothing a client can
 * see (equivalent), which only reading it tells.
 *
 * Running every mutant of the domain (thousands, at 15–60 s each) takes hours, so `--lines`
 * lines of code (default 40) are drawn from the modules with `--seed` (default 1), and every
 * mutant Stryker makes on them is run: the same seed gives the same sample. Prints each
 * mutant's outcome and the score (killed by a failed check, by a broken start or run, timed
 * out, survived), and writes reports/mutation/mutation.json (Stryker's report) and
 * reports/mutation/runs.jsonl (the suite's failing checks per mutant).
 *
 * `--rerun REPORT` runs again only the mutants a report of the same `--lines` and `--seed`
 * (hence the same mutants under the same ids: the domain's code unchanged) left alive, e.g. at
 * another `--max-requests` or against a changed suite: Stryker instruments the sample without
 * running it (a dry run, its sandbox kept), and each survivor is switched on in that sandbox.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { createRandom } from '../../fixtures/src/random.ts';
import { integerOption, parseScriptArgs } from '../parse-script-args.ts';

const USAGE = `Usage: npx tsx scripts/mutation/mutation-score.ts [--lines N] [--seed S] [--max-requests R] [--concurrency C] [--rerun REPORT]

  --lines N           code lines of the domain modules sampled (default 40)
  --seed S            the sample's seed (default 1)
  --max-requests R    each suite run's request budget
  --concurrency C     mutants run at once (default 2)
  --rerun REPORT      run again only the mutants a report of the same --lines and --seed left alive
`;
const { values, positionals } = parseScriptArgs(USAGE, {
  lines: { type: 'string', default: '40' },
  seed: { type: 'string', default: '1' },
  'max-requests': { type: 'string' },
  concurrency: { type: 'string', default: '2' },
  rerun: { type: 'string' },
});
if (positionals.length > 0) {
  process.stderr.write(`Unexpected argument: ${positionals.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
const lines = integerOption(USAGE, 'lines', values.lines, 1)!;
const seed = integerOption(USAGE, 'seed', values.seed, Number.MIN_SAFE_INTEGER)!;
const concurrency = integerOption(USAGE, 'concurrency', values.concurrency, 1)!;
const maxRequests = integerOption(USAGE, 'max-requests', values['max-requests'], 1);

const DOMAIN = 'reference-server/src/domain';
/** Lines that are no code of the API's logic: comments, imports, types, braces, switches of faults. */
const NOT_LOGIC =
  /^\s*(\/\/|\/\*|\*|import |export (type|interface) |type |interface |readonly |[})\]];?,?$|$)|blindFault|faults\.has|variants\.has/;

/** `count` code lines of the domain modules drawn with `seed`, as Stryker mutate ranges. */
function sampledLines(count: number, seed: number): string[] {
  const candidates: string[] = [];
  for (const name of readdirSync(DOMAIN).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const lines = readFileSync(join(DOMAIN, name), 'utf8').split('\n');
    let inComment = false;
    lines.forEach((line, i) => {
      if (/^\s*\/\*/.test(line)) inComment = !line.includes('*/');
      else if (inComment) inComment = !line.includes('*/');
      else if (!NOT_LOGIC.test(line)) candidates.push(`${DOMAIN}/${name}:${i + 1}-${i + 1}`);
    });
  }
  const random = createRandom(seed);
  return random.sample(candidates, Math.min(count, candidates.length));
}

interface ReportedMutant {
  id: string;
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
}
type Report = { files: Record<string, { mutants: ReportedMutant[] }> };
// Read before reports/mutation is emptied: the report rerun may be the last run's.
const previous =
  values.rerun === undefined ? undefined : (JSON.parse(readFileSync(values.rerun, 'utf8')) as Report);

const outDir = resolve('reports/mutation');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const runsLog = join(outDir, 'runs.jsonl');
process.env.MUTATION_LOG = runsLog;
if (maxRequests !== undefined) process.env.MUTATION_MAX_REQUESTS = String(maxRequests);

const mutate = sampledLines(lines, seed);
const SANDBOX_ROOT = '/tmp/stryker-tmp';
const options = {
  testRunner: 'command',
  commandRunner: { command: 'node_modules/.bin/tsx scripts/mutation/suite-on-mutant.ts' },
  coverageAnalysis: 'off',
  mutate,
  concurrency,
  reporters: ['json', 'progress'],
  jsonReporter: { fileName: join(outDir, 'mutation.json') },
  ignorePatterns: ['reports', 'dist', 'docs', '.stryker-tmp', 'bench'],
  tempDirName: SANDBOX_ROOT,
  timeoutMS: 60_000,
  disableTypeChecks: `${DOMAIN}/**/*.ts`,
  cleanTempDir: true,
} satisfies PartialStrykerOptions;

interface Outcome {
  id: string;
  status: string;
  mutatorName: string;
  replacement?: string;
  fileName: string;
  location: { start: { line: number } };
}

/** One mutant switched on in the kept sandbox: Stryker's outcome name for the command's exit. */
function runInSandbox(sandbox: string, id: string): Promise<string> {
  return new Promise((done) => {
    const child = spawn('node_modules/.bin/tsx', ['scripts/mutation/suite-on-mutant.ts'], {
      cwd: sandbox,
      env: { ...process.env, __STRYKER_ACTIVE_MUTANT__: id },
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done(code === 0 ? 'Survived' : code === null ? 'Timeout' : 'Killed');
    });
  });
}

async function rerun(report: Report): Promise<Outcome[]> {
  const alive = Object.entries(report.files).flatMap(([fileName, file]) =>
    file.mutants.filter((m) => m.status === 'Survived').map((m) => ({ ...m, fileName })),
  );
  rmSync(SANDBOX_ROOT, { recursive: true, force: true });
  await new Stryker({ ...options, dryRunOnly: true, cleanTempDir: false, reporters: [] }).runMutationTest();
  const sandbox = readdirSync(SANDBOX_ROOT).find((name) => name.startsWith('sandbox'));
  if (sandbox === undefined) throw new Error(`no Stryker sandbox under ${SANDBOX_ROOT}`);
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < alive.length) {
      const mutant = alive[next++]!;
      const status = await runInSandbox(join(SANDBOX_ROOT, sandbox), mutant.id);
      outcomes.push({ ...mutant, status });
      process.stdout.write(`mutant ${mutant.id}: ${status} (${outcomes.length}/${alive.length})\n`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  rmSync(SANDBOX_ROOT, { recursive: true, force: true });
  return outcomes;
}

const results: Outcome[] =
  previous === undefined ? await new Stryker({ ...options }).runMutationTest() : await rerun(previous);

interface Run {
  mutant: string;
  started: boolean;
  suiteExit: number;
  failing: string[];
}
const runs = new Map<string, Run>();
for (const line of readFileSync(runsLog, 'utf8').split('\n').filter(Boolean)) {
  const run = JSON.parse(line) as Run;
  runs.set(run.mutant, run);
}
const outcome = (status: string, run: Run | undefined): string => {
  if (status === 'Survived') return 'survived';
  if (status === 'Timeout') return 'timed out (killed)';
  if (status !== 'Killed') return status.toLowerCase();
  if (run === undefined) return 'killed (no run recorded)';
  if (!run.started) return 'killed: the server did not start';
  if (run.failing.length > 0) return `killed by ${run.failing.join(', ')}`;
  return `killed: the suite could not run (exit ${run.suiteExit})`;
};
const counts = new Map<string, number>();
process.stdout.write('\n| mutant | where | change | outcome |\n|---|---|---|---|\n');
for (const result of results) {
  const kind = outcome(result.status, runs.get(result.id));
  const key = kind.startsWith('killed by') ? 'killed by a failed check' : kind;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  const where = `${result.fileName.replace(`${process.cwd()}/`, '')}:${result.location.start.line}`;
  const change = (result.replacement ?? result.mutatorName).replace(/\s+/g, ' ').slice(0, 60);
  process.stdout.write(`| ${result.id} | ${where} | ${result.mutatorName}: \`${change}\` | ${kind} |\n`);
}
process.stdout.write(
  `\n${results.length} mutants on ${mutate.length} sampled lines (seed ${values.seed}):\n`,
);
for (const [kind, count] of [...counts].sort((a, b) => b[1] - a[1]))
  process.stdout.write(`  ${kind}: ${count}\n`);

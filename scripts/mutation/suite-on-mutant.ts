/**
 * The command Stryker runs for each mutant (scripts/mutation/mutation-score.ts): the reference
 * server of this tree — with the mutant Stryker's `__STRYKER_ACTIVE_MUTANT__` switches on, or
 * none in the dry run — is started in-process, and the suite's CLI runs against it as a user
 * would (every key and hint, `--max-requests` from MUTATION_MAX_REQUESTS when set). Exits 1 when
 * the suite failed a check or could not run (Stryker: killed), 0 when it passed (survived).
 * Appends one JSON line per run to MUTATION_LOG: the mutant, the suite's exit code and the
 * failing checks, so the score tells a check's catch from a server that broke outright.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { referenceKeyEnv, referenceKeyLimitArgs } from '../../conformance/src/reference-keys.ts';
import { hintArgs, WINDOW_WAITING_CHECKS } from '../../conformance/test/run-against-reference.ts';
import { startReferenceServer } from '../../reference-server/src/launch.ts';

const mutant = process.env.__STRYKER_ACTIVE_MUTANT__ ?? 'none';
const maxRequests = process.env.MUTATION_MAX_REQUESTS;

function runSuite(argv: string[], env: Record<string, string>): Promise<number> {
  return new Promise((done) => {
    const child = spawn(join('node_modules', '.bin', 'tsx'), ['conformance/src/cli.ts', ...argv], {
      env: { ...process.env, ...env, __STRYKER_ACTIVE_MUTANT__: '' },
      stdio: 'ignore',
    });
    child.on('close', (code) => done(code ?? 2));
  });
}

let suiteExit = 2;
let failing: string[] = [];
let started = true;
const reportDir = mkdtempSync(join(tmpdir(), 'mutant-run-'));
try {
  const server = await startReferenceServer({});
  try {
    const argv = [
      '--base-url',
      server.baseUrl,
      ...referenceKeyLimitArgs(server.keyRecords, () => true),
      '--report-dir',
      reportDir,
      '--seed',
      '20261122',
      '--quiet',
      ...hintArgs(server.dataset),
      '--skip',
      WINDOW_WAITING_CHECKS,
      ...(maxRequests === undefined ? [] : ['--max-requests', maxRequests]),
    ];
    suiteExit = await runSuite(argv, referenceKeyEnv(server.keyRecords));
    try {
      const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
        results: { id: string; status: string }[];
      };
      failing = report.results.filter((r) => r.status === 'fail').map((r) => r.id);
    } catch {
      // no report: the run could not take place (exit 2)
    }
  } finally {
    await server.close();
  }
} catch {
  started = false; // the mutant broke the server's start
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
if (process.env.MUTATION_LOG !== undefined) {
  appendFileSync(process.env.MUTATION_LOG, `${JSON.stringify({ mutant, started, suiteExit, failing })}\n`);
}
process.exit(suiteExit === 0 ? 0 : 1);

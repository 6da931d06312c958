/**
 * `npm run main` — the toolkit's main job: start the reference server on
 * 127.0.0.1:8080 (base /api/v1, bundled keys, 500 games, system clock), run the whole
 * conformance suite against it over HTTP like against any deployment, write the
 * reports to reports/, then keep serving for local client development until Ctrl-C.
 *
 *   npm run main                  # serve + suite, then keep serving
 *   npm run main -- --exit        # serve + suite, then stop with the suite's exit code
 *   npm run main -- --port 0      # any free port
 *
 * Keys reach the suite through its environment variables, never its argv, so they do
 * not show in process listings; only the public demo key is printed.
 */
import { Command, CommanderError } from 'commander';
import { pino } from 'pino';
import { runCli } from '../conformance/src/cli.ts';
import { referenceKeyEnv, referenceKeyLimitArgs } from '../conformance/src/reference-keys.ts';
import { loadKeys } from '../fixtures/src/keys.ts';
import { integerOption } from '../reference-server/src/integer-option.ts';
import { startReferenceServer } from '../reference-server/src/launch.ts';

/** Exit code of a run that could not start (a bad option, a port in use): the suite's "could not run". */
const CANNOT_RUN = 2;

const command = new Command()
  .name('main-job')
  .option('--port <port>', 'port of the reference server (0 = any free port)', integerOption(0, 65_535), 8080)
  .option('--exit', 'stop after the conformance run, with its exit code')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });
try {
  command.parse();
} catch (error) {
  // Help and version exit 0; a bad or unknown option is "could not run" (2), as for the suite.
  process.exit(error instanceof CommanderError && error.exitCode === 0 ? 0 : CANNOT_RUN);
}
const options = command.opts<{ port: number; exit?: boolean }>();

const keys = loadKeys();
const byLabel = (label: string) => {
  const key = keys.find((k) => k.label === label);
  if (!key) throw new Error(`fixtures/keys.json has no "${label}" key`);
  return key;
};
const demo = byLabel('demo');

// Request logs go to a file: the console belongs to the suite's progress and summary.
const logFile = pino.destination({ dest: 'reports/reference-server.log', mkdir: true });
/** The log file open (pino cannot flush it on exit before: exiting earlier throws). */
const logReady = new Promise((resolve) => logFile.once('ready', resolve));
const logger = pino({ name: 'reference-server' }, logFile);
const server = await startReferenceServer({ port: options.port, keys, logger }).catch(
  async (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use on 127.0.0.1 (another server, or an earlier main job?); pass --port 0 for any free port`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`main-job: the reference server could not start: ${reason}\n`);
    await logReady;
    process.exit(CANNOT_RUN);
  },
);
process.stdout.write(
  `Reference server: ${server.baseUrl} (500 games, seed 1; request log: reports/reference-server.log)\n` +
    `Demo key (public): ${demo.key}\n` +
    `Try: curl -H "Authorization: Bearer ${demo.key}" "${server.baseUrl}/games?per_page=2"\n\n` +
    `Running the conformance suite against it…\n`,
);

// Ctrl-C (or a TERM) stops the suite and the server at any point, the suite's run included.
const suite: { exitCode?: number } = {};
const stop = (signal: NodeJS.Signals) => {
  const during = suite.exitCode === undefined ? ' and the suite' : '';
  process.stderr.write(`\n${signal}: stopping the reference server${during}\n`);
  void server.close().finally(() => process.exit(suite.exitCode ?? 130));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

const code = await runCli(['--base-url', server.baseUrl, ...referenceKeyLimitArgs(server.keyRecords)], {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: {
    ...process.env,
    ...referenceKeyEnv(server.keyRecords),
  },
  cwd: process.cwd(),
});
suite.exitCode = code;

if (options.exit) {
  await server.close();
  process.exit(code);
}
process.stdout.write(
  `\nConformance exit code ${code} (reports in reports/). The reference server keeps serving at ${server.baseUrl} — Ctrl-C to stop.\n`,
);

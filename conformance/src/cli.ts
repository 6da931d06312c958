/**
 * `npm run conformance -- --base-url URL --api-key KEY` (or the `gamedir-conformance` bin).
 * Without --base-url it tests the reference server, started in-process. Exit codes: 0 no
 * must-check failed, 1 a must-check failed or a check errored, 2 the run could not take
 * place (see core/runner.ts). Nothing a server does may crash it.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import type { CheckDefinition } from './core/check.ts';
import type { Hints } from './core/config.ts';
import {
  BUDGET_PRESETS,
  ConfigError,
  DEFAULTS,
  flagOf,
  MIN_KEY_LENGTH,
  resolveConfig,
  SETTINGS,
  type SuiteConfig,
} from './core/config.ts';
import type { RunListener, RunSummary } from './core/events.ts';
import { HttpApiClient, LEAK_RUN_TEXT, redactKey, type ApiKeys } from './core/http-client.ts';
import { loadProfile } from './core/profile.ts';
import { runSuite, selectionProblems } from './core/runner.ts';
import { createConsoleReporter } from './reporters/console.ts';
import { createHtmlReporter } from './reporters/html.ts';
import { createJsonReporter } from './reporters/json.ts';
import { createJunitReporter } from './reporters/junit.ts';
import type { LocalServer } from './local-server.ts';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The registry (tests pass their own). */
  checks?: readonly CheckDefinition[];
  /** Standard output is a terminal (progress lines tick in place). */
  isTTY?: boolean;
  /** Interrupts the run (Ctrl-C): the summary and the reports still come, for what ran. */
  signal?: AbortSignal;
}

function buildCommand(): Command {
  return new Command()
    .name('gamedir-conformance')
    .description('Property-based conformance suite for the Game Directory API v1')
    .option('--base-url <url>', 'base URL including /api/v1 (default: start the reference server in-process)')
    .option('--api-key <key>', 'primary (high-limit) API key [env GAMEDIR_API_KEY]')
    .option('--api-key-per-minute <n>', "the primary key's configured per-minute limit")
    .option(
      '--low-limit-key <key>',
      'a key with a low limit, for rate-limit checks [env GAMEDIR_LOW_LIMIT_KEY]',
    )
    .option('--low-limit-per-minute <n>', "the low-limit key's per-minute limit")
    .option('--low-limit-per-day <n>', "the low-limit key's per-day limit")
    .option(
      '--day-limited-key <key>',
      'a key whose UTC-day limit binds first, for the day-limit check [env GAMEDIR_DAY_LIMITED_KEY]',
    )
    .option('--day-limited-per-day <n>', "the day-limited key's per-day limit")
    .option('--day-limited-per-minute <n>', "the day-limited key's per-minute limit")
    .option('--revoked-key <key>', 'a revoked key [env GAMEDIR_REVOKED_KEY]')
    .option(
      '--probe-key-elsewhere <key>',
      'the key AUTH-KEY-ONLY-IN-HEADER puts in URLs, other headers and a cookie: low-limit (default), ' +
        'primary (it then lands in the access logs of the server and what is in front of it) or off',
    )
    .option('--archived-game-id <n>', 'id of an archived game (else discovered)')
    .option('--archived-review-id <n>', 'id of a review of an archived game (else discovered)')
    .option('--game-without-mssp <n>', 'id of a game without an MSSP snapshot (else discovered)')
    .option('--web-only-game-id <n>', 'id of a web-only game (else discovered)')
    .option(
      '--statistics-pending-game-id <n>',
      'id of a game whose statistics answer 503 statistics_pending for some range (discovery rarely finds one)',
    )
    .option(
      '--statistics-unavailable-game-id <n>',
      'id of a game whose statistics answer 503 statistics_unavailable for every valid query (any metric, resolution, range)',
    )
    .option('--only <ids>', 'run only these checks: ids, areas or globs, comma-separated (GAMES-*,auth)')
    .option('--skip <ids>', 'skip these checks: ids, areas or globs, comma-separated')
    .option('--seed <n>', 'fast-check seed (default: random, always printed)')
    .option('--runs <n>', `cases per property (default ${DEFAULTS.runs})`)
    .option('--replay <id:path>', 'replay one property failure (with --seed)')
    .option(
      '--budget <preset>',
      `quick (${BUDGET_PRESETS.quick.runs} runs, ${BUDGET_PRESETS.quick.maxRequests} requests, ${BUDGET_PRESETS.quick.timeBudgetSeconds} s), ` +
        `standard (the default) or deep (${BUDGET_PRESETS.deep.runs} runs, ${BUDGET_PRESETS.deep.timeBudgetSeconds} s); explicit options win`,
    )
    .option('--max-requests <n>', `request budget (default ${DEFAULTS.maxRequests})`)
    .option('--time-budget <seconds>', `total time budget (default ${DEFAULTS.timeBudgetSeconds})`)
    .option(
      '--day-limit <n>',
      "the primary key's UTC-day limit (default: 10,000 for a key of 60 a minute, §8's defaults for new keys, in proportion for other minute limits)",
    )
    .option(
      '--day-share <percent>',
      `percent of the key's day limit a run may spend (default ${DEFAULTS.dayShare})`,
    )
    .option(
      '--model <mode>',
      'model-based checks: crawl the directory and compare exact results (auto: when the budget allows; on; off)',
    )
    .option('--no-cache', 'send every request, even identical GETs (default: reuse them within the run)')
    .option('--timeout-ms <ms>', `per-request timeout (default ${DEFAULTS.timeoutMs})`)
    .option('--profile <file>', 'profile file (YAML/JSON) stating the choices of spec/DECISIONS.md')
    .option('--fail-on-profile', 'a failed profile check fails the run (exit 1)')
    .option('--report-dir <dir>', `where reports go (default ${DEFAULTS.reportDir}/)`)
    .option('--config <file>', 'config file (YAML/JSON; default gamedir-conformance.config.{yaml,json})')
    .option('--list', 'print the checks (id, level, area, title) and exit')
    .option('--quiet', 'print only the summary')
    .addOption(new Option('--verbose', 'print the checks’ log lines').hideHelp())
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
}

/** Commander's option names → config keys. */
function cliValues(opts: Record<string, unknown>): Record<string, unknown> {
  const { timeBudget, cache, ...rest } = opts;
  const values: Record<string, unknown> = { ...rest };
  if (timeBudget !== undefined) values.timeBudgetSeconds = timeBudget;
  // Commander sets `cache: true` unless --no-cache: only the flag itself counts as given.
  if (cache === false) values.cache = false;
  return values;
}

async function loadRegistry(): Promise<readonly CheckDefinition[]> {
  const { ALL_CHECKS, validateRegistry } = await import('./registry.ts');
  const problems = validateRegistry(ALL_CHECKS);
  if (problems.length > 0)
    throw new ConfigError(`the check registry is invalid:\n  ${problems.join('\n  ')}`);
  return ALL_CHECKS;
}

function listChecks(checks: readonly CheckDefinition[]): string {
  const width = Math.max(...checks.map((c) => c.id.length), 2);
  return (
    checks
      .map((c) => `${c.id.padEnd(width)}  ${c.level.padEnd(7)}  ${c.area.padEnd(11)}  ${c.title}`)
      .join('\n') + `\n${checks.length} checks\n`
  );
}

function replayBaseOf(config: SuiteConfig): string {
  const parts: string[] = [];
  if (config.baseUrl !== undefined) {
    parts.push(`--base-url ${config.baseUrl}`, '--api-key "$API_KEY"');
    if (config.apiKeyPerMinute !== undefined) parts.push(`--api-key-per-minute ${config.apiKeyPerMinute}`);
    if (config.lowLimitKey !== undefined) parts.push('--low-limit-key "$LOW_LIMIT_KEY"');
    if (config.dayLimitedKey !== undefined) parts.push('--day-limited-key "$DAY_LIMITED_KEY"');
    if (config.revokedKey !== undefined) parts.push('--revoked-key "$REVOKED_KEY"');
  }
  if (config.profile !== undefined) parts.push(`--profile ${config.profile}`);
  if (config.runs !== DEFAULTS.runs) parts.push(`--runs ${config.runs}`);
  return parts.join(' ');
}

/** Where a configured run writes, and what it adds to the reporters. */
export interface RunIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  isTTY?: boolean;
  /** The registry (tests pass their own). */
  checks?: readonly CheckDefinition[];
  /** Print progress and the summary (the CLI); a program may want only the result. */
  console?: boolean;
  verbose?: boolean;
  /** Write conformance.json, junit.xml and conformance.html to the config's report dir. */
  fileReports?: boolean;
  /** More listeners of the run's event stream (a program's own). */
  listeners?: readonly RunListener[];
  /** Interrupts the run (RunOptions.signal). */
  signal?: AbortSignal;
}

/**
 * One run from a resolved configuration: the code path of the CLI and of `runConformance`.
 * Rejects with ConfigError for a configuration that cannot run; resolves with the summary
 * otherwise (a failed preflight is a summary with exit code 2).
 */
export async function runConfigured(config: SuiteConfig, io: RunIo): Promise<RunSummary> {
  let local: LocalServer | undefined;
  let client: HttpApiClient | undefined;
  try {
    const checks = io.checks ?? (await loadRegistry());
    const problems = selectionProblems(checks, config.only, config.skip, config.replay?.id);
    if (problems.length > 0) throw new ConfigError(problems.join('\n'));
    if (config.replay && config.seedWasRandom) {
      io.stderr(
        'warning: --replay without --seed replays the path under a new random seed, not the failure ' +
          'you saw; pass the --seed of that run (its replay line has it)\n',
      );
    }
    const profile = await loadProfile(
      config.profile === undefined ? undefined : resolve(io.cwd, config.profile),
    );
    const { loadSpec } = await import('../../spec/src/spec-loader.ts');
    const { specForProfile } = await import('./core/spec-for-profile.ts');
    const spec = specForProfile(await loadSpec(), profile);
    let baseUrl = config.baseUrl;
    let keys: ApiKeys = {
      primary: config.apiKey,
      lowLimit: config.lowLimitKey,
      dayLimited: config.dayLimitedKey,
      revoked: config.revokedKey,
    };
    let primaryPerMinute = config.apiKeyPerMinute;
    let lowLimitPerMinute = config.lowLimitPerMinute;
    let lowLimitPerDay = config.lowLimitPerDay;
    let dayLimitedPerDay = config.dayLimitedPerDay;
    let dayLimitedPerMinute = config.dayLimitedPerMinute;
    let dayLimit = config.dayLimit;
    let statisticsPendingGameId = config.statisticsPendingGameId;
    let statisticsUnavailableGameId = config.statisticsUnavailableGameId;
    if (baseUrl === undefined) {
      local = await startLocalServer();
      baseUrl = local.baseUrl;
      keys = { ...local.keys };
      primaryPerMinute ??= local.primaryPerMinute;
      lowLimitPerMinute ??= local.lowLimitPerMinute;
      lowLimitPerDay ??= local.lowLimitPerDay;
      dayLimitedPerDay ??= local.dayLimitedPerDay;
      dayLimitedPerMinute ??= local.dayLimitedPerMinute;
      if (local.primaryPerDay !== undefined) dayLimit ??= local.primaryPerDay;
      statisticsPendingGameId ??= local.statisticsPendingGameId;
      statisticsUnavailableGameId ??= local.statisticsUnavailableGameId;
      if (io.console !== false && !config.quiet) {
        io.stdout(`Testing the reference server started in-process at ${baseUrl}\n`);
      }
    }

    const hints: Hints = {};
    if (config.archivedGameId !== undefined) hints.archivedGameId = config.archivedGameId;
    if (config.archivedReviewId !== undefined) hints.archivedReviewId = config.archivedReviewId;
    if (config.gameWithoutMssp !== undefined) hints.gameWithoutMssp = config.gameWithoutMssp;
    if (config.webOnlyGameId !== undefined) hints.webOnlyGameId = config.webOnlyGameId;
    if (statisticsPendingGameId !== undefined) hints.statisticsPendingGameId = statisticsPendingGameId;
    if (statisticsUnavailableGameId !== undefined)
      hints.statisticsUnavailableGameId = statisticsUnavailableGameId;
    if (primaryPerMinute !== undefined) hints.primaryPerMinute = primaryPerMinute;
    hints.lowLimitKey = { present: keys.lowLimit !== undefined };
    if (lowLimitPerMinute !== undefined) hints.lowLimitKey.perMinute = lowLimitPerMinute;
    if (lowLimitPerDay !== undefined) hints.lowLimitKey.perDay = lowLimitPerDay;
    hints.dayLimitedKey = { present: keys.dayLimited !== undefined };
    if (dayLimitedPerDay !== undefined) hints.dayLimitedKey.perDay = dayLimitedPerDay;
    if (dayLimitedPerMinute !== undefined) hints.dayLimitedKey.perMinute = dayLimitedPerMinute;
    hints.revokedKey = { present: keys.revoked !== undefined };
    hints.probeKeyElsewhere = config.probeKeyElsewhere;
    hints.model = config.model;

    const apiKeys = Object.fromEntries(
      Object.entries(keys).filter(([, key]) => key !== undefined),
    ) as ApiKeys;
    client = new HttpApiClient({
      baseUrl,
      keys: apiKeys,
      timeoutMs: config.timeoutMs,
      maxRequests: config.maxRequests,
      allowPrimaryKeyElsewhere: config.probeKeyElsewhere === 'primary',
      ...(config.cache ? {} : { cacheTtlMs: 0 }),
    });
    const activeClient = client;
    const reportDir = resolve(io.cwd, config.reportDir);
    if (io.fileReports !== false) {
      // A CI gate reads the reports: a directory they cannot be written to stops the run before it
      // spends a request, not after it, with an exit code of 0 and no JUnit file.
      try {
        await mkdir(reportDir, { recursive: true });
        await access(reportDir, constants.W_OK);
      } catch (error) {
        throw new ConfigError(`cannot write the reports to ${reportDir}: ${(error as Error).message}`);
      }
    }
    /** What a reporter could not do; a run whose reports are incomplete does not exit 0. */
    const reporterFailures: string[] = [];
    const guard =
      (listener: RunListener): RunListener =>
      async (event) => {
        try {
          await listener(event);
        } catch (error) {
          const reason = activeClient.redact((error as Error).message);
          reporterFailures.push(reason);
          io.stderr(`reporter failed: ${reason}\n`);
        }
      };
    const listeners: RunListener[] = [];
    if (io.console !== false) {
      listeners.push(
        createConsoleReporter({
          write: io.stdout,
          quiet: config.quiet,
          verbose: io.verbose === true,
          tty: io.isTTY === true,
        }),
      );
    }
    if (io.fileReports !== false) {
      listeners.push(
        createJsonReporter(reportDir),
        createJunitReporter(reportDir),
        createHtmlReporter(reportDir),
      );
    }
    listeners.push(...(io.listeners ?? []));
    const summary = await runSuite({
      checks,
      client,
      spec,
      profile,
      hints,
      seed: config.seed,
      runs: config.runs,
      only: config.only,
      skip: config.skip,
      ...(config.replay ? { replay: config.replay } : {}),
      timeBudgetMs: config.timeBudgetSeconds * 1000,
      maxRequests: config.maxRequests,
      ...(dayLimit !== undefined ? { dayLimit } : {}),
      daySharePercent: config.dayShare,
      failOnProfile: config.failOnProfile,
      replayBase: replayBaseOf(config),
      listeners: listeners.map(guard),
      ...(io.signal !== undefined ? { signal: io.signal } : {}),
    });
    if (io.console !== false && activeClient.linkOrigins.length > 0) {
      io.stdout(
        `Note: the server's links name ${activeClient.linkOrigins.join(', ')}, not ${activeClient.origin} ` +
          `(--base-url's origin); the suite followed them there, and sent the keys to ${activeClient.origin} only.\n`,
      );
    }
    if (io.console !== false && io.fileReports !== false && !config.quiet)
      io.stdout(`Reports: ${reportDir}\n`);
    if (reporterFailures.length > 0) {
      io.stderr(
        `gamedir-conformance: the reports are incomplete (${reporterFailures.length} reporter error(s), first: ${reporterFailures[0]})\n`,
      );
      // A passing run whose reports are missing is not a pass a CI gate can rely on.
      if (summary.exitCode === 0) return { ...summary, exitCode: 2 };
    }
    return summary;
  } catch (error) {
    // Whatever escapes never carries a key.
    if (client && error instanceof Error) error.message = client.redact(error.message);
    throw error;
  } finally {
    await client?.close().catch(() => {});
    await local?.close().catch(() => {});
  }
}

/** Runs the CLI; resolves with the exit code. Never rejects. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = buildCommand();
    try {
      command.parse([...argv], { from: 'user' });
    } catch (error) {
      if (error instanceof CommanderError) {
        if (error.exitCode === 0) {
          io.stdout(command.helpInformation());
          return 0;
        }
        io.stderr(`${hideLongArguments(redactKeys(error.message, io.env, argv), argv)}\n`);
        return 2;
      }
      throw error;
    }
    const opts = command.opts<Record<string, unknown>>();
    const config = resolveConfig({ cli: cliValues(opts), env: io.env, cwd: io.cwd });
    if (config.list) {
      io.stdout(listChecks(io.checks ?? (await loadRegistry())));
      return 0;
    }
    const summary = await runConfigured(config, {
      stdout: io.stdout,
      stderr: io.stderr,
      cwd: io.cwd,
      ...(io.isTTY !== undefined ? { isTTY: io.isTTY } : {}),
      ...(io.checks !== undefined ? { checks: io.checks } : {}),
      ...(io.signal !== undefined ? { signal: io.signal } : {}),
      verbose: opts.verbose === true,
    });
    return summary.exitCode;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`gamedir-conformance: ${redactKeys(message, io.env, argv)}\n`);
    return 2;
  }
}

/**
 * The settings that give keys (SETTINGS' `key` kind): their flag, their variable, and the
 * placeholder the run's reports show them as (`GAMEDIR_API_KEY` → `$API_KEY`).
 */
const KEY_GIVERS = SETTINGS.flatMap((setting) =>
  setting.kind === 'key' && setting.env !== undefined
    ? [
        {
          option: flagOf(setting),
          env: setting.env,
          placeholder: `$${setting.env.replace(/^GAMEDIR_/, '')}`,
        },
      ]
    : [],
);

/** The values an option is given on the command line (`--api-key K` and `--api-key=K`). */
function optionValues(argv: readonly string[], option: string): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === option && i + 1 < argv.length) values.push(argv[i + 1]!);
    else if (arg.startsWith(`${option}=`)) values.push(arg.slice(option.length + 1));
  });
  return values;
}

/**
 * An error message printed before or outside the run never carries a key given in the environment
 * or on the command line: the key, in any letter case, and any run of ten or more of its
 * characters (as the run's reports redact them). A value shorter than a key can be
 * (MIN_KEY_LENGTH) is refused by the configuration without being echoed, and is a word that may
 * occur in the message itself ("too short"): it is left as it is.
 */
export function redactKeys(message: string, env: NodeJS.ProcessEnv, argv: readonly string[] = []): string {
  let out = message;
  for (const giver of KEY_GIVERS) {
    for (const key of [env[giver.env], ...optionValues(argv, giver.option)]) {
      if (key && key.length >= MIN_KEY_LENGTH) out = redactKey(out, key, giver.placeholder, LEAK_RUN_TEXT);
    }
  }
  return out;
}

/**
 * A command-line error (commander's: an unknown option, an argument too many) shows no argument
 * as long as a key can be: `--api-key $A $B` or `--apikey=$A` would otherwise print a key a shell
 * variable held. Option names stay; a value is said by its length.
 */
export function hideLongArguments(message: string, argv: readonly string[]): string {
  const values = argv
    .map((arg) => (arg.startsWith('-') ? arg.slice(arg.indexOf('=') + 1 || arg.length) : arg))
    .filter((value) => value.length >= MIN_KEY_LENGTH)
    .sort((a, b) => b.length - a.length);
  let out = message;
  for (const value of values) out = out.split(value).join(`[an argument of ${value.length} characters]`);
  return out;
}

async function startLocalServer(): Promise<LocalServer> {
  const { startLocalServer: start } = await import('./local-server.ts');
  return start();
}

/** Entry point: the process exits with the run's code; an escaped rejection is exit 2. */
export async function main(): Promise<void> {
  const bail = (error: unknown) => {
    process.stderr.write(
      `gamedir-conformance: unexpected failure: ${redactKeys(error instanceof Error ? error.message : String(error), process.env, process.argv)}\n`,
    );
    process.exit(2);
  };
  process.on('unhandledRejection', bail);
  process.on('uncaughtException', bail);
  // Ctrl-C: the run stops where it is and still prints its summary and writes its reports (what
  // ran, the rest marked not run), then exits 130; a second Ctrl-C quits at once.
  const interruption = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write(
      '\nInterrupted: ending the run with its summary and reports (Ctrl-C again to quit now)\n',
    );
    interruption.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  const ran = await runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stdout.isTTY === true,
    signal: interruption.signal,
  });
  const code = interruption.signal.aborted ? 130 : ran;
  process.exitCode = code;
  // Lingering sockets of a misbehaving server must not keep the process alive.
  setTimeout(() => process.exit(code), 1000).unref();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void main();
}

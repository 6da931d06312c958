/**
 * The conformance suite from code: `runConformance(options)` runs the same checks, with the
 * same budget and statuses, as `npx gamedir-conformance`, and resolves with the run's summary
 * (the JSON report's shape). Listeners receive the run's event stream; the reporters are
 * exported for a program that wants the console, JSON, JUnit or HTML output itself.
 *
 *   import { runConformance } from 'game-directory-api-toolkit';
 *   const summary = await runConformance({ baseUrl, apiKey, budget: 'quick' });
 *   if (summary.exitCode !== 0) process.exitCode = summary.exitCode;
 */
import { runConfigured } from './cli.ts';
import type { CheckDefinition } from './core/check.ts';
import { ConfigError, resolveConfig, type SuiteConfig } from './core/config.ts';
import type { RunListener, RunSummary } from './core/events.ts';

/** The CLI's settings (conformance/README.md, "Options"), as an object; `timeBudget` in seconds. */
type Settings = Partial<
  Omit<
    SuiteConfig,
    | 'seedWasRandom'
    | 'list'
    | 'quiet'
    | 'configFile'
    | 'replay'
    | 'timeBudgetSeconds'
    | 'reportDir'
    | 'only'
    | 'skip'
  >
>;

export interface RunConformanceOptions extends Settings {
  /** Ids, areas or globs. */
  only?: string[];
  skip?: string[];
  /** Seconds. */
  timeBudget?: number;
  /** Write conformance.json, junit.xml and conformance.html here (none when absent). */
  reportDir?: string;
  /** Print progress and the summary to stdout (default false). */
  console?: boolean;
  /** Listeners of the run's event stream, called in order. */
  listeners?: readonly RunListener[];
  /** Working directory for relative paths (default process.cwd()). */
  cwd?: string;
  /** The checks to choose from (default: the suite's registry). */
  checks?: readonly CheckDefinition[];
}

/**
 * Runs the suite. Rejects with ConfigError for options that cannot run (an unknown check id,
 * a bad value); otherwise resolves with the summary — `exitCode` 0, 1 or 2 as the CLI's.
 */
export async function runConformance(options: RunConformanceOptions = {}): Promise<RunSummary> {
  const {
    reportDir,
    console: toConsole,
    listeners,
    cwd = process.cwd(),
    checks,
    timeBudget,
    ...settings
  } = options;
  const cli: Record<string, unknown> = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  );
  if (timeBudget !== undefined) cli.timeBudgetSeconds = timeBudget;
  if (reportDir !== undefined) cli.reportDir = reportDir;
  // Only what the program says counts: no environment, no config file in the working directory.
  const config = resolveConfig({ cli, env: {}, cwd, configFile: false });
  return runConfigured(config, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd,
    console: toConsole === true,
    fileReports: reportDir !== undefined,
    ...(listeners ? { listeners } : {}),
    ...(checks ? { checks } : {}),
  });
}

export { ConfigError };
export type { BudgetPreset } from './core/config.ts';
export type {
  RunEvent,
  RunListener,
  RunSummary,
  RunPlan,
  StatusCounts,
  CheckSummaryLine,
} from './core/events.ts';
export type { CheckResult, CheckStatus, Level, Area, Failure, CheckDefinition } from './core/check.ts';
export type { Budget } from './core/budget.ts';
export { STATUSES, failsRun } from './core/statuses.ts';
export { createConsoleReporter, formatSummary } from './reporters/console.ts';
export { createJsonReporter, renderJson, JSON_REPORT_NAME } from './reporters/json.ts';
export { createJunitReporter, renderJunit, JUNIT_REPORT_NAME } from './reporters/junit.ts';
export { createHtmlReporter, renderHtml, HTML_REPORT_NAME } from './reporters/html.ts';
export { collectRun, type CollectedRun } from './reporters/report-collector.ts';

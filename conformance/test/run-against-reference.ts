/**
 * Runs the conformance CLI, exactly as a user would, against the reference server
 * started in this process with a chosen set of deliberate faults and legitimate
 * variants (none by default), and returns the exit code and the per-check results read
 * back from the JSON report. Shared by the fault tests, the variant tests, the
 * reference-run test and scripts/fault-matrix.ts; `runAgainstBlindVariant` by the blind variant
 * tests and scripts/blind-variant-matrix.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dataset } from '../../fixtures/src/model.ts';
import type { BlindVariant } from '../../reference-server/src/blind-variants/blind-variant.ts';
import { toFaultSet } from '../../reference-server/src/faults.ts';
import type { Clock } from '../../reference-server/src/context.ts';
import { startReferenceServer } from '../../reference-server/src/launch.ts';
import { toVariantSet } from '../../reference-server/src/variants.ts';
import { runCli } from '../src/cli.ts';
import { referenceKeyEnv, referenceKeyLimitArgs } from '../src/reference-keys.ts';
import type { CheckDefinition, CheckResult } from '../src/core/check.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import type { MinimalCosts, MinimalNeed } from '../src/core/minimal-need.ts';

/** The ids of the checks `pick` picks, as `--skip` takes them. */
const idsOf = (pick: (check: CheckDefinition) => boolean): string =>
  ALL_CHECKS.filter(pick)
    .map((check) => check.id)
    .join(',');

/**
 * The checks that wait for a minute window to pass of their own (`waitsOutMinute`: after the
 * day-limited key's day is spent): in a short in-process run most of that minute is their own
 * wait, so the runs here leave them out unless asked for (`minuteWaits`, or an `only` selection).
 */
export const MINUTE_WAITING_CHECKS = idsOf((check) => check.waitsOutMinute === true);

/** The checks that wait out minute windows, the exhausting ones too (run only where the fault is in the rate limits). */
export const WINDOW_WAITING_CHECKS = idsOf(
  (check) => check.exhausting === true || check.waitsOutMinute === true,
);

/** Faults in the rate limits themselves: only the window-waiting checks can see them. */
export const RATE_LIMIT_FAULTS: ReadonlySet<string> = new Set([
  'no-retry-after-on-429',
  'minute-limit-off-by-one',
  'rate-limit-count-not-atomic',
  'remaining-not-falling',
]);

/**
 * Words of a rule or description about the rate limits: a blind fault or variant so described meets
 * the checks that wait out minute windows (elsewhere they cost a minute and see nothing).
 */
export const RATE_LIMIT_WORDING =
  /X-RateLimit|Retry-After|\b429\b|rate_limit|§8|day (budget|limit)|minute limit/i;

/** What a whole-suite run against one fault skips: the window waits, unless the fault is in the rate limits. */
export function skipFor(fault: string): string | undefined {
  return RATE_LIMIT_FAULTS.has(fault) ? undefined : WINDOW_WAITING_CHECKS;
}

export interface SuiteRun {
  exitCode: number;
  results: CheckResult[];
  /** Ids of the checks that failed (status `fail`). */
  failing: string[];
  /** Ids of the checks that ended as `error`. */
  errored: string[];
  output: string;
  /** The JSON report's run figures (absent when the run stopped before writing it). */
  report?: {
    requests: number;
    cacheHits: number;
    budget: { total: number } | null;
    depth: { full: number; reduced: number };
    /** Requests discovery sent (preflight aside). */
    discoveryRequests: number | null;
    /** What the budget line said the minimal pass needs. */
    minimalNeed: MinimalNeed | null;
  };
}

export interface SuiteRunOptions {
  faults?: string[];
  /** The reference server's `--public-url`: the origin its links name (another than the one tested). */
  publicUrl?: string;
  /** Legitimate variants of reference-server/src/variants.ts to switch on. */
  variants?: string[];
  /** `--profile FILE`: the path of a profile file stating the server's choices. */
  profile?: string;
  /** `--only` selection (ids, areas, globs). */
  only?: string;
  /** Run MINUTE_WAITING_CHECKS even without an `only` selection (the reference-run expectations). */
  minuteWaits?: boolean;
  skip?: string;
  runs?: number;
  /** `--max-requests`: the run's request budget. */
  maxRequests?: number;
  seed?: number;
  /** `--fail-on-profile`: a failed profile check fails the run. */
  failOnProfile?: boolean;
  /**
   * Give the suite the hints a user would give for what a black box cannot discover,
   * taken from the dataset: an archived game and one of its reviews.
   */
  hints?: boolean;
  /** Write the reports here and keep them (default: a temporary directory, removed). */
  reportDir?: string;
  /**
   * Something in front of the server (a logging proxy): given the server's base URL, it answers
   * with the base URL the suite is pointed at, and is closed after the run.
   */
  frontedBy?: (baseUrl: string) => Promise<{ baseUrl: string; close(): Promise<void> }>;
  /** The server's clock (default the system's); the directory is generated anew, anchored at it. */
  clock?: Clock;
  /**
   * Another directory than the default one (500 games of seed 1), generated anew for this run:
   * what a deployment with other data serves.
   */
  directory?: { games: number; seed: number };
  /**
   * `false`: the server keeps no 200 body for the rest of its clock second (response-cache.ts). For
   * a fault planted in a handler whose answer depends on a request header: the cache, keyed by the
   * URL, answers a repeated URL without reaching the handler, so whether the fault shows would
   * depend on the clock second.
   */
  responseCache?: false;
  /** The server's data moves while the suite reads it: one step every `periodSeconds` (moving-data.ts). */
  movingData?: { periodSeconds: number };
  /** Not telling the suite the day-limited key (nor its limits), as a user without one. */
  withoutDayLimitedKey?: boolean;
  /** `--time-budget` in seconds. */
  timeBudgetSeconds?: number;
  /**
   * Something to do to the server before the run, through its control interface (started for
   * it, spec/admin-openapi.yaml): given the interface's origin, e.g. spending a key's day, and
   * the API's base URL with the suite's key, to read what to do from the data.
   */
  beforeRun?: (adminUrl: string, api: { baseUrl: string; key: string }) => Promise<void>;
}

/**
 * `--archived-game-id` and `--archived-review-id` for the dataset: a review of the archived game
 * with the most monthly votes, as a user would name one that was popular before it went dark
 * (an archived game without votes is unranked anyway, and would not show a rank given to it).
 */
export function hintArgs(data: Dataset, { statistics = true } = {}): string[] {
  const votes = new Map(
    data.games.filter((g) => g.archiveReason !== null).map((g) => [g.id, g.monthlyVotes]),
  );
  let review: Dataset['reviews'][number] | undefined;
  for (const candidate of data.reviews) {
    const gameVotes = votes.get(candidate.gameId);
    if (gameVotes !== undefined && (review === undefined || gameVotes > votes.get(review.gameId)!)) {
      review = candidate;
    }
  }
  // Games whose statistics are not ready: a black box sees them only when told (D15).
  const pending = data.games.find(
    (g) => g.statisticsState === 'pending_long_ranges' && g.archiveReason === null,
  );
  const unavailable = data.games.find((g) => g.statisticsState === 'unavailable' && g.archiveReason === null);
  return [
    ...(review
      ? ['--archived-game-id', String(review.gameId), '--archived-review-id', String(review.id)]
      : []),
    ...(statistics && pending ? ['--statistics-pending-game-id', String(pending.id)] : []),
    ...(statistics && unavailable ? ['--statistics-unavailable-game-id', String(unavailable.id)] : []),
  ];
}

/** A clock that runs from `epochMs` on, from the moment it is made (a test's server started at an instant of choice). */
export function clockStartingAt(epochMs: number): Clock {
  const offset = epochMs - Date.now();
  return { now: () => Date.now() + offset };
}

/** The directory of the first run (500 games, seed 1, the system clock), served to every later one. */
let dataset: Dataset | undefined;

export async function runSuiteAgainstReference(options: SuiteRunOptions = {}): Promise<SuiteRun> {
  const server = await startReferenceServer({
    ...(options.clock ? { clock: options.clock } : options.directory ? {} : { dataset }),
    ...(options.directory ?? {}),
    faults: toFaultSet(options.faults ?? []),
    variants: toVariantSet(options.variants ?? []),
    ...(options.movingData ? { movingData: options.movingData } : {}),
    ...(options.responseCache === false ? { responseCache: false } : {}),
    ...(options.beforeRun ? { admin: {} } : {}),
    // Behind the test's proxy, links name the proxy (X-Forwarded-*), as with a real reverse proxy.
    ...(options.frontedBy ? { trustProxy: true } : {}),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
  });
  if (!options.clock && !options.directory) dataset = server.dataset;

  const reportDir = options.reportDir ?? mkdtempSync(join(tmpdir(), 'conformance-run-'));
  let output = '';
  const front = options.frontedBy ? await options.frontedBy(server.baseUrl) : undefined;
  try {
    if (options.beforeRun) {
      if (server.adminUrl === undefined)
        throw new Error('the reference server started without its control interface');
      await options.beforeRun(server.adminUrl, { baseUrl: server.baseUrl, key: server.keys.conformance! });
    }
    const argv = [
      '--base-url',
      front?.baseUrl ?? server.baseUrl,
      ...referenceKeyLimitArgs(
        server.keyRecords,
        (option) => !(options.withoutDayLimitedKey === true && option.startsWith('--day-limited')),
      ),
      '--report-dir',
      reportDir,
      '--seed',
      String(options.seed ?? 20261122),
      '--runs',
      String(options.runs ?? 100),
      '--quiet',
    ];
    if (options.only) argv.push('--only', options.only);
    const skip = [
      options.skip,
      options.only === undefined && options.minuteWaits !== true ? MINUTE_WAITING_CHECKS : undefined,
    ].filter((ids) => ids !== undefined && ids !== '');
    if (skip.length > 0) argv.push('--skip', skip.join(','));
    if (options.maxRequests !== undefined) argv.push('--max-requests', String(options.maxRequests));
    if (options.timeBudgetSeconds !== undefined)
      argv.push('--time-budget', String(options.timeBudgetSeconds));
    if (options.failOnProfile) argv.push('--fail-on-profile');
    if (options.profile) argv.push('--profile', options.profile);
    if (options.hints) argv.push(...hintArgs(server.dataset));
    const exitCode = await runCli(argv, {
      stdout: (text) => (output += text),
      stderr: (text) => (output += text),
      env: Object.fromEntries(
        Object.entries(referenceKeyEnv(server.keyRecords)).filter(
          ([name]) => !(options.withoutDayLimitedKey === true && name === 'GAMEDIR_DAY_LIMITED_KEY'),
        ),
      ),
      cwd: process.cwd(),
    });
    let results: CheckResult[] = [];
    let report: SuiteRun['report'];
    try {
      const json = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
        results: CheckResult[];
      } & NonNullable<SuiteRun['report']>;
      results = json.results;
      report = {
        requests: json.requests,
        cacheHits: json.cacheHits,
        budget: json.budget,
        depth: json.depth,
        discoveryRequests: json.discoveryRequests,
        minimalNeed: json.minimalNeed,
      };
    } catch {
      // exit 2 before any report: results stay empty and the caller sees the exit code and output
    }
    return {
      exitCode,
      results,
      failing: results.filter((r) => r.status === 'fail').map((r) => r.id),
      errored: results.filter((r) => r.status === 'error').map((r) => r.id),
      output,
      ...(report ? { report } : {}),
    };
  } finally {
    await front?.close();
    await server.close();
    if (options.reportDir === undefined) rmSync(reportDir, { recursive: true, force: true });
  }
}

export interface BlindVariantRun extends SuiteRun {
  /** The `must` checks that failed: each a false finding, a blind variant being a correct server. */
  mustFailing: CheckResult[];
}

/**
 * Which blind variants meet the checks that wait out minute windows: `worded`, those whose rule or
 * description speaks of the rate limits (elsewhere the checks cost a minute or two each and, as
 * far as the text says, see nothing); `all`, every variant — what tells whether a variant that
 * changed the rate limits without saying so is failed by them.
 */
export type WindowChecks = 'worded' | 'all';

/** Whether a run against blind variant `variant` keeps the checks that wait out minute windows. */
export function meetsWindowChecks(variant: BlindVariant, windowChecks: WindowChecks): boolean {
  return windowChecks === 'all' || RATE_LIMIT_WORDING.test(`${variant.rule} ${variant.description}`);
}

/**
 * The whole suite against the reference server with blind variant `variant` on, as a user runs
 * it: every key and the hints a user gives, and the window-waiting checks as `windowChecks` says
 * (default `worded`).
 */
export async function runAgainstBlindVariant(
  variant: BlindVariant,
  options: Pick<SuiteRunOptions, 'runs' | 'seed'> & { windowChecks?: WindowChecks },
): Promise<BlindVariantRun> {
  const { windowChecks = 'worded', ...suiteOptions } = options;
  const run = await runSuiteAgainstReference({
    variants: [variant.name],
    ...suiteOptions,
    hints: true,
    ...(meetsWindowChecks(variant, windowChecks) ? { minuteWaits: true } : { skip: WINDOW_WAITING_CHECKS }),
  });
  return { ...run, mustFailing: run.results.filter((r) => r.status === 'fail' && r.level === 'must') };
}

/** The run's minimal-pass requests per check, and discovery's with its preflight (the table minimal-need.ts reads). */
export function measuredMinimalCosts(run: SuiteRun): MinimalCosts {
  return {
    discovery: (run.report?.discoveryRequests ?? 0) + 1,
    checks: Object.fromEntries(run.results.map((r) => [r.id, r.minimalRequests ?? 0])),
  };
}

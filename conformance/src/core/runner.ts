/**
 * Runs the selected checks against one deployment, breadth before depth, and emits the run's
 * event stream: run-start → budget → discovery-done → (check-start → check-end)* [minimal
 * verdicts] → plan → (check-deepened)* [deepening] → (check-start → check-end)* [exhausting
 * checks] → run-end; exhausting checks that run alongside (step 4) have their check-start,
 * wait and check-end events among the minimal and deepening ones.
 *
 * 1. Preflight: one GET /tags reads the primary key's X-RateLimit-*; the run's request budget
 *    is the tightest of --max-requests, the key's pace over --time-budget, and its day share.
 * 2. Minimal pass: every check judges one case (its first property's or sweep's first example,
 *    else one generated case, or one response the run already received), so every check has a
 *    verdict early; costs per case are learned here.
 * 3. Deepening: what is left (less the exhausting checks' reserve) is spread over the passed
 *    checks' properties by `planDepth` (the named cases first, then a share of full depth),
 *    in rounds (half the budget, then the rest while a round adds cases), each check's part
 *    re-planned before it within its round's plan; it stops cleanly when the requests or the time run out,
 *    and the minimal verdicts stand.
 * 4. The exhausting checks (they drive a key into 429 and wait for its window): with a low-limit
 *    key they run alongside the others, started during the minimal pass once the checks needing
 *    that key's minute unspent (`usesLowLimitKey`) have their verdicts, so that their waits
 *    (Retry-After: up to a minute) overlap the others' work; spending the primary key instead,
 *    they run last, alone. After them the checks that may spend a key's whole UTC day (`last`).
 * 5. Late pass: with a paced key whose pace set the budget, the checks the request cap stopped
 *    get their minimal verdict while the time allows.
 *
 * Exit codes (also in conformance/README.md; which status fails a run: core/statuses.ts):
 * - 0: no result fails the run, and some must check reached a verdict;
 * - 1: a result fails the run (a must check failed, timed out or was not run; any check
 *   errored; a profile check failed under `--fail-on-profile`), or no selected must check
 *   reached a verdict;
 * - 2: the run could not take place (preflight or discovery failed, bad configuration).
 */
import { distance } from 'fastest-levenshtein';
import {
  CheckFailure,
  CheckPostponed,
  CheckSkipped,
  type CheckDefinition,
  type CheckResult,
  type CheckStatus,
} from './check.ts';
import type { Hints } from './config.ts';
import {
  assumedDayLimit,
  DEFAULT_DAY_SHARE_PERCENT,
  MAX_EXHAUSTIBLE_PER_MINUTE,
  planBudget,
  rateLimitReadingOf,
  type Budget,
  type RateLimitReading,
} from './budget.ts';
import { createCheckContext, RECHECKS, type PassDepth, type PropertyStat } from './context.ts';
import { NOT_RUN_SERVER_DOWN, runFailure } from './statuses.ts';
import { leaveRoomToRecheck, planDepth, type CheckCost } from './depth-plan.ts';
import { HINTS_MEASURED, minimalCostOf, minimalNeed, type MinimalNeed } from './minimal-need.ts';
import { classifyReset } from './reset-window.ts';
import {
  discover,
  withApiPrefix,
  discoveryFacts,
  keyRefusal,
  PreflightError,
  type Discovery,
  type DiscoveryScale,
} from './discovery.ts';
import {
  countResults,
  type CheckSummaryLine,
  type LatePassEvent,
  type RunEvent,
  type RunListener,
  type RunPlan,
  type RunSummary,
} from './events.ts';
import { stateCoverage, type StateCoverage } from './state-coverage.ts';
import {
  BudgetExhausted,
  RequestError,
  ServerUnreachable,
  TimeBudgetExhausted,
  ledgerView,
  OBSERVED_KEPT,
  type ApiClient,
  type RequestLedger,
  type ServerDown,
} from './http-client.ts';
import type { Profile } from './profile.ts';
import type { SpecValidator } from '../../../spec/src/spec-loader.ts';

/** The client the runner drives: the ApiClient plus what HttpApiClient adds (all optional). */
export interface RunnerClient extends ApiClient {
  setDeadline?(deadline: number | undefined): void;
  serverNow?(): number;
  redact?(text: string): string;
  /** The request budget the client enforces, and setting it to the run's planned budget. */
  readonly maxRequests?: number;
  setMaxRequests?(maxRequests: number): void;
  /** Requests the run's response cache answered. */
  readonly cacheHits?: number;
  setWaitListener?(listener: ((reason: string, ms: number) => void) | undefined): void;
  /** Set once the deployment stopped answering (the client's circuit breaker). */
  readonly down?: ServerDown | undefined;
  /** Responses observed so far, and keeping those from a position on (HttpApiClient's). */
  readonly observedCount?: number;
  retainObservedFrom?(position: number): void;
}

export interface RunOptions {
  /** The registry (all checks); the runner selects with `only`/`skip`. */
  checks: readonly CheckDefinition[];
  client: RunnerClient;
  spec: SpecValidator;
  profile: Profile;
  hints: Hints;
  seed: number;
  runs: number;
  /** Ids, areas or globs (`GAMES-*`); empty = all. */
  only?: readonly string[];
  skip?: readonly string[];
  /** `--replay ID:PATH`. */
  replay?: { id: string; path: string };
  /** Total time budget (default 300 s). */
  timeBudgetMs?: number;
  failOnProfile?: boolean;
  /** Flags reproducing the run's settings (`--base-url URL --profile FILE`), for replay lines. */
  replayBase?: string;
  /** Event consumers (reporters). Awaited in order. */
  listeners?: readonly RunListener[];
  /** Replaces discovery (tests). */
  discover?: (
    client: ApiClient,
    profile: Profile,
    hints: Hints,
    scale?: DiscoveryScale,
  ) => Promise<Discovery>;
  /** Request budget (`--max-requests`); default: what the client enforces. */
  maxRequests?: number;
  /** The primary key's UTC-day limit (`--day-limit`; default: `assumedDayLimit` of the key's minute limit). */
  dayLimit?: number;
  /** Percent of the key's day limit one run may spend (`--day-share`, default 25). */
  daySharePercent?: number;
  /** Grace after the time budget before a running check is abandoned as `error`. */
  overrunGraceMs?: number;
  /**
   * Interrupts the run (the CLI's Ctrl-C): the running check is abandoned and every check without
   * a verdict ends `notrun`, then the summary and the reports are made as for any run.
   */
  signal?: AbortSignal;
}

const DEFAULT_TIME_BUDGET_MS = 300_000;
const DEFAULT_OVERRUN_GRACE_MS = 60_000;
/** Below this many requests no check can get a verdict: the run does not start. */
const SMALLEST_USEFUL_BUDGET = 40;
/** A budget below this gets the lean discovery (fewer pages and probes). */
const FULL_DISCOVERY_BUDGET = 3_000;
/**
 * What the exhausting checks need beyond one minute's limit (a correct server: the refused
 * request, a probe, Retry-After's two; a server that never refuses fails at limit + 5), and the
 * wait of Retry-After.
 */
const EXHAUSTING_EXTRA_REQUESTS = 6;
const EXHAUSTING_RESERVE_MS = 75_000;
/** Cases per property an undecided check (nothing judged in its minimal pass) gets first. */
const UNDECIDED_CASES = 10;
/** Deepening rounds after the first (half the budget): the rest, then what estimates left over. */
const MAX_DEEPENING_ROUNDS = 4;

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

function matchesAny(check: CheckDefinition, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const p = pattern.trim();
    if (p === '') return false;
    if (p.toLowerCase() === check.area) return true;
    return globToRegExp(p).test(check.id);
  });
}

/** The ids and areas nearest a pattern that matched nothing (edit distance), for the message. */
function nearest(pattern: string, checks: readonly CheckDefinition[]): string[] {
  const names = [...new Set([...checks.map((c) => c.id), ...checks.map((c) => c.area)])];
  const target = pattern.toUpperCase();
  return names
    .map((name) => ({ name, d: distance(target, name.toUpperCase()) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .filter((x) => x.d <= Math.max(3, Math.floor(target.length / 3)))
    .map((x) => x.name);
}

/**
 * Problems with a selection, for exit 2: an `--only` pattern or a `--replay` id that names
 * no check (a typo would otherwise give a green run that tested nothing), each with the
 * nearest ids; and a selection left empty after `--skip`.
 */
export function selectionProblems(
  checks: readonly CheckDefinition[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
  replayId?: string,
): string[] {
  const problems: string[] = [];
  const suggest = (pattern: string) => {
    const near = nearest(pattern.replace(/[*?]/g, ''), checks);
    return near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ' (see --list)';
  };
  for (const pattern of only.map((p) => p.trim()).filter((p) => p !== '' && p !== replayId)) {
    if (!checks.some((check) => matchesAny(check, [pattern]))) {
      problems.push(`--only ${pattern} matches no check${suggest(pattern)}`);
    }
  }
  if (replayId !== undefined && !checks.some((check) => check.id === replayId)) {
    problems.push(`--replay ${replayId}: no check has this id${suggest(replayId)}`);
  }
  if (problems.length === 0 && skip.length > 0 && selectChecks(checks, only, skip).length === 0) {
    problems.push('the selection is empty: --skip leaves no check to run');
  }
  return problems;
}

/** The must checks of `group` first, each part in its order (a rule's verdict before a profile reading's). */
function mustFirst(group: readonly CheckDefinition[]): CheckDefinition[] {
  return [...group.filter((c) => c.level === 'must'), ...group.filter((c) => c.level !== 'must')];
}

/**
 * `--only`/`--skip` (ids, areas or globs), in the order they run: must checks before profile
 * checks (a budget that ends early leaves the chosen readings without a verdict, not the
 * rules), deferred checks after the others (those deferred `'last'` after them), exhausting ones
 * last; otherwise registry order.
 * (A check whose `last` holds for the run's hints runs after all of them: the runner's choice.)
 */
export function selectChecks(
  checks: readonly CheckDefinition[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
): CheckDefinition[] {
  const wanted = only.filter((p) => p.trim() !== '');
  const selected = checks.filter(
    (check) => (wanted.length === 0 || matchesAny(check, wanted)) && !matchesAny(check, skip),
  );
  return [
    ...mustFirst(selected.filter((c) => !c.exhausting && !c.deferred)),
    ...mustFirst(selected.filter((c) => !c.exhausting && c.deferred === true)),
    ...mustFirst(selected.filter((c) => !c.exhausting && c.deferred === 'last')),
    ...selected.filter((c) => c.exhausting),
  ];
}

/** The exit code of a finished run (see the policy at the top of this file and core/statuses.ts). */
export function exitCodeFor(results: readonly CheckResult[], failOnProfile = false): 0 | 1 {
  return runFailure(results, failOnProfile) === undefined ? 0 : 1;
}

function summaryLine(check: CheckDefinition): CheckSummaryLine {
  return { id: check.id, area: check.area, level: check.level, title: check.title, source: check.source };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

class CheckOverrun extends Error {}

/** Thrown into the running check's race when the run is interrupted (RunOptions.signal). */
class RunInterrupted extends Error {}

const NOT_RUN_INTERRUPTED = 'not run: the run was interrupted';

/** A check's result when it got no verdict and sent nothing. */
function notRun(check: CheckDefinition, reason: string): CheckResult {
  return { ...summaryLine(check), status: 'notrun', reason, durationMs: 0, requests: 0 };
}

/** The outcome of running a check once (one pass). */
interface PassOutcome {
  status: CheckStatus;
  reason?: string;
  failure?: CheckResult['failure'];
  /** The error thrown, when the pass did not end in a verdict. */
  thrown?: unknown;
  /** The check postponed its verdict for want of requests (ctx.postpone). */
  postponed?: boolean;
  stats: PropertyStat[];
  requests: number;
  durationMs: number;
}

/** Whether a thrown error means the run's budget (requests or time) ended, not a broken harness. */
function isBudgetEnd(error: unknown): boolean {
  return (
    error instanceof BudgetExhausted || error instanceof TimeBudgetExhausted || error instanceof CheckOverrun
  );
}

function budgetReason(error: unknown, phase: 'minimal' | 'deepen'): string {
  const what =
    error instanceof BudgetExhausted
      ? 'the request budget'
      : error instanceof CheckOverrun
        ? 'the time budget (the check overran it)'
        : 'the time budget';
  const unconfirmed =
    error instanceof BudgetExhausted || error instanceof TimeBudgetExhausted ? error.unconfirmed : undefined;
  const ended =
    unconfirmed === undefined
      ? `${what} ended${phase === 'minimal' ? ' first' : ''} (${messageOf(error)})`
      : `${what} ended while a failure was rechecked on fresh answers (D65), so it does not count: ${unconfirmed}`;
  return phase === 'minimal' ? `not run to a verdict: ${ended}` : `deepening stopped: ${ended}`;
}

/** Runs the suite; resolves with the summary (also emitted as `run-end`). Never rejects for a server's fault. */
export async function runSuite(options: RunOptions): Promise<RunSummary> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const timeBudgetMs = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  let deadline = started + timeBudgetMs;
  const { signal } = options;
  // An interrupted run ends as one whose time is up: nothing more starts, requests and waits are
  // refused by the client, and the running check is abandoned (see runPass).
  const interrupt = () => {
    deadline = Math.min(deadline, Date.now());
    options.client.setDeadline?.(deadline);
  };
  signal?.addEventListener('abort', interrupt, { once: true });
  const grace = options.overrunGraceMs ?? DEFAULT_OVERRUN_GRACE_MS;
  const client = options.client;
  const redact = (text: string) => (client.redact ? client.redact(text) : text);
  const listeners = options.listeners ?? [];
  const emit = async (event: RunEvent) => {
    for (const listener of listeners) await listener(event);
  };
  const replayBase = options.replayBase ?? '';
  client.setDeadline?.(deadline);
  if (signal?.aborted) interrupt();
  // Waits are told to the reporters as they start, with the check they hold up: the client's
  // (pacing, a 429's retry) hold up the check running in line; a check's own say which it is.
  let runningCheck: string | undefined;
  const emitWait = (reason: string, ms: number, checkId: string | undefined, alongside: boolean) => {
    const event: RunEvent = { type: 'wait', reason: redact(reason), ms };
    if (checkId !== undefined) event.checkId = checkId;
    if (alongside) event.alongside = true;
    emit(event).catch(() => {});
  };
  client.setWaitListener?.((reason, ms) => emitWait(reason, ms, runningCheck, false));

  const selected = selectChecks(options.checks, options.only, options.skip);
  const indexOf = new Map(selected.map((check, i) => [check.id, i + 1]));
  const total = selected.length;
  await emit({
    type: 'run-start',
    startedAt,
    baseUrl: client.baseUrl,
    seed: options.seed,
    runs: options.runs,
    checks: selected.map(summaryLine),
    replayBase,
  });

  const results = new Map<string, CheckResult>();
  /** Checks that postponed their verdict for want of requests (ctx.postpone), until they run again. */
  const postponed = new Set<string>();
  // The exhausting checks when they run alongside the others (see step 2), once started.
  let lane: Promise<void> | undefined;
  // Known once preflight and the minimal pass have run; the summary reports them when known.
  const known: { budget?: Budget; plan?: RunPlan; states?: StateCoverage[]; minimalNeed?: MinimalNeed } = {};
  const finish = async (fatal?: string): Promise<RunSummary> => {
    // The exhausting checks running alongside end first (quickly, when the server is down).
    if (lane !== undefined) await lane;
    signal?.removeEventListener('abort', interrupt);
    /** Every selected check without a result ends not run, for one reason. */
    const markUnrun = (reason: string) => {
      for (const check of selected) if (!results.has(check.id)) results.set(check.id, notRun(check, reason));
    };
    if (signal?.aborted && fatal === undefined) markUnrun(NOT_RUN_INTERRUPTED);
    const down = client.down;
    // The breaker tripped: what never ran says so briefly; the summary says when and why, once.
    if (down !== undefined && fatal === undefined) markUnrun(NOT_RUN_SERVER_DOWN);
    const finishedAt = Date.now();
    const ordered = selected.map((c) => results.get(c.id)).filter((r): r is CheckResult => r !== undefined);
    const summary: RunSummary = {
      startedAt,
      finishedAt: new Date(finishedAt).toISOString(),
      durationMs: finishedAt - started,
      baseUrl: client.baseUrl,
      seed: options.seed,
      runs: options.runs,
      requests: client.requestCount,
      cacheHits: client.cacheHits ?? 0,
      ...countResults(ordered),
      depth: {
        full: ordered.filter((r) => r.depth === 'full').length,
        reduced: ordered.filter((r) => r.depth === 'reduced').length,
      },
      results: ordered,
      exitCode: fatal !== undefined ? 2 : exitCodeFor(ordered, options.failOnProfile),
      failOnProfile: options.failOnProfile ?? false,
      replayBase,
    };
    const failedBecause = fatal === undefined ? runFailure(ordered, options.failOnProfile) : undefined;
    if (failedBecause !== undefined) summary.failedBecause = failedBecause;
    if (signal?.aborted) {
      summary.stoppedBecause = 'interrupted — the checks without a verdict are marked not run';
      // An interrupted run is no pass, whatever ran before.
      if (summary.exitCode === 0) summary.exitCode = 2;
    }
    if (down !== undefined && fatal === undefined) {
      summary.stoppedBecause = down.message;
      summary.failedBecause = `the server stopped answering — ${failedBecause ?? ''}`;
    }
    if (known.budget) summary.budget = known.budget;
    if (known.plan) summary.plan = known.plan;
    if (known.minimalNeed) summary.minimalNeed = known.minimalNeed;
    if (known.states) summary.states = known.states;
    if (fatal !== undefined) {
      // The commonest cause of a refused preflight: the base URL without the API's prefix (§9).
      const hint = /\/api\/v1\/?$/.test(new URL(client.baseUrl).pathname)
        ? ''
        : ` (the base URL should include the API prefix: ${withApiPrefix(client.baseUrl)}?)`;
      summary.fatal = `${fatal}${hint}`;
    }
    await emit({ type: 'run-end', summary });
    return summary;
  };

  // 1. Preflight: the key's own limits bound the run.
  // Checks that spend a key's whole day with these hints: after every other, with their reserve.
  const lastReserveOf = new Map(
    selected.flatMap((c) => {
      const reserve = c.last?.(options.hints);
      return reserve === undefined ? [] : [[c.id, reserve] as const];
    }),
  );
  const runsLast = (c: CheckDefinition): boolean => lastReserveOf.has(c.id);
  const exhausting = selected.filter((c) => c.exhausting && !runsLast(c));
  const lastChecks = selected.filter(runsLast);
  const lowKey = options.hints.lowLimitKey;
  let reading: RateLimitReading = {};
  let requestMs: number | undefined;
  try {
    const preflight = await client.get('/tags');
    // A refused key ends the run here, before a budget is planned from a reading it has not got.
    const refused = keyRefusal(preflight, 'GET /tags');
    if (refused !== undefined) return finish(refused);
    reading = rateLimitReadingOf(preflight.headers, preflight.serverDate);
    requestMs = preflight.durationMs;
  } catch (error) {
    if (error instanceof RequestError) return finish(`cannot reach ${client.baseUrl}: ${error.message}`);
    if (!(error instanceof BudgetExhausted)) throw error;
  }
  let lowKeyDayBoundAtStart: boolean | undefined;
  if (lowKey?.present) {
    // The low-limit key's state before the run's traffic (RATE-LIMIT-PER-KEY tells earlier use
    // of its day from another key's requests counted in it). One request of its own.
    try {
      const low = await client.get('/tags', { auth: 'low-limit', fresh: true, unpaced: true });
      const lowReading = rateLimitReadingOf(low.headers, low.serverDate);
      if (lowReading.reset !== undefined) {
        lowKeyDayBoundAtStart = classifyReset(lowReading.reset, lowReading.serverNow ?? Date.now()) === 'day';
      }
    } catch (error) {
      if (error instanceof RequestError) return finish(`cannot reach ${client.baseUrl}: ${error.message}`);
      if (!(error instanceof BudgetExhausted)) throw error;
    }
  }
  const exhaustPerMinute = lowKey?.present ? (lowKey.perMinute ?? 5) : reading.limit;
  const exhaustingReserve =
    exhausting.length > 0 && exhaustPerMinute !== undefined
      ? { requests: exhaustPerMinute + EXHAUSTING_EXTRA_REQUESTS, ms: EXHAUSTING_RESERVE_MS }
      : { requests: 0, ms: 0 };
  const budgetFor = (reservedTimeMs: number) =>
    planBudget({
      maxRequests: options.maxRequests ?? client.maxRequests ?? Number.MAX_SAFE_INTEGER,
      timeBudgetMs,
      dayLimit: options.dayLimit ?? assumedDayLimit(reading.limit),
      daySharePercent: options.daySharePercent ?? DEFAULT_DAY_SHARE_PERCENT,
      reading,
      reservedTimeMs,
      ...(requestMs !== undefined ? { requestMs } : {}),
    });
  let budget = budgetFor(exhaustingReserve.ms);
  const hints: Hints = { ...options.hints };
  if (hints.lowLimitKey && lowKeyDayBoundAtStart !== undefined) {
    hints.lowLimitKey = { ...hints.lowLimitKey, dayBoundAtStart: lowKeyDayBoundAtStart };
  }
  if (!lowKey?.present && exhausting.length > 0) {
    hints.primaryExhaustible = primaryExhaustible(reading, budget, exhaustingReserve.requests);
  }
  const usesExhaustReserve =
    lowKey?.present === true || (hints.primaryExhaustible?.allowed ?? false) === true;
  // With a low-limit key the exhausting checks spend only it, so they run alongside the others
  // and their waits (Retry-After: up to a minute) overlap the others' work; spending the primary
  // key, they run last, alone, with the time kept for them.
  const alongside = exhausting.length > 0 && lowKey?.present === true;
  // No key to exhaust, or no wait at the end: the time kept for those checks goes back to the paced requests.
  if ((!usesExhaustReserve || alongside) && exhaustingReserve.ms > 0) budget = budgetFor(0);
  known.budget = budget;
  client.setMaxRequests?.(budget.total);
  const lastReserve = [...lastReserveOf.values()].reduce((sum, n) => sum + n, 0);
  let reserveRequests = (usesExhaustReserve ? exhaustingReserve.requests : 0) + lastReserve;
  const reserveMs = usesExhaustReserve && !alongside ? exhaustingReserve.ms : 0;
  const hinted = HINTS_MEASURED.some((hint) => hints[hint] !== undefined);
  known.minimalNeed = minimalNeed(
    selected,
    exhausting.length > 0 && usesExhaustReserve ? exhaustingReserve.requests : 0,
    { hinted },
  );
  await emit({
    type: 'budget',
    budget,
    reserveRequests,
    reserveMs,
    ...(alongside ? { exhaustingAlongside: true } : {}),
    timeBudgetMs,
    minimalNeed: known.minimalNeed,
  });
  if (budget.total < SMALLEST_USEFUL_BUDGET) {
    // A Reset at the day's end makes Remaining the day's: a key the server wrongly shows as nearly
    // spent today (a minute's Remaining under the day's Reset) reads as a spent day share.
    const dayRead =
      budget.dayBinds && budget.binding === 'day share' && reading.reset !== undefined
        ? `. The first answer's X-RateLimit-Reset (${new Date(reading.reset * 1000).toISOString()}) is the next ` +
          `UTC midnight, so its X-RateLimit-Remaining (${reading.remaining}) is read as the day's: ` +
          `${Math.max(0, (options.dayLimit ?? assumedDayLimit(reading.limit)) - (reading.remaining ?? 0))} of the key's ` +
          'day spent already. If the key has spent less today, the server names the wrong limit in ' +
          'X-RateLimit-Reset (§7: "when the currently binding limit resets")'
        : '';
    return finish(
      `the run's budget is ${budget.explanation}: too small for any verdict ` +
        `(raise --max-requests, --time-budget or --day-share)${dayRead}`,
    );
  }

  let discovery: Discovery;
  const discoveryStart = Date.now();
  const requestsBefore = client.requestCount;
  const scale: DiscoveryScale = budget.total >= FULL_DISCOVERY_BUDGET ? 'full' : 'lean';
  try {
    discovery = await (options.discover ?? discover)(client, options.profile, hints, scale);
  } catch (error) {
    const reason =
      error instanceof PreflightError ? error.message : `discovery failed: ${redact(messageOf(error))}`;
    return finish(reason);
  }
  known.states = stateCoverage(discovery, hints);
  await emit({
    type: 'discovery-done',
    durationMs: Date.now() - discoveryStart,
    requests: client.requestCount - requestsBefore,
    facts: discoveryFacts(discovery),
  });

  /**
   * What the run can still spend: the cap less the exhausting checks' reserve, and what the
   * time left allows at `requestsPerMs` (paced keys, slow servers), less a tenth for safety.
   */
  const spendable = (requestsPerMs: number): number => {
    const byRequests = budget.total - reserveRequests - client.requestCount;
    const timeLeftMs = deadline - reserveMs - Date.now();
    if (byRequests <= 0 || timeLeftMs <= 0) return 0;
    return Math.min(byRequests, Math.floor(timeLeftMs * requestsPerMs * 0.9));
  };
  // ctx.budgetLeft(): at the pace seen since discovery began (a pace nothing sent says nothing of).
  const budgetLeft = (): number => {
    const sent = client.requestCount - requestsBefore;
    const elapsedMs = Date.now() - discoveryStart;
    return spendable(sent > 0 && elapsedMs > 0 ? sent / elapsedMs : Number.POSITIVE_INFINITY);
  };

  /**
   * The checks that judge the run's traffic (ctx.judgeObserved), each with the run's request
   * count when its last pass started: the responses after it are what it has not judged.
   */
  const trafficSeenUpTo = new Map<string, number>();
  /** The same, by the client's count of observed responses (what its buffer keeps for them). */
  const trafficSeenObserved = new Map<string, number>();

  /** A check that judges the run's traffic and may judge more of it: it ran, and passed or skipped. */
  const judgesTraffic = (c: CheckDefinition): boolean => {
    const status = results.get(c.id)?.status;
    return (
      trafficSeenUpTo.has(c.id) &&
      !c.exhausting &&
      options.replay?.id !== c.id &&
      (status === 'pass' || status === 'skipped')
    );
  };

  /**
   * Runs again, sending nothing (a pass capped at the requests already sent: one that would send
   * stops, its verdict stands), the checks that judge the run's traffic and `due` picks, so that
   * they judge the responses that came after their last pass.
   */
  const judgeTraffic = async (due: (check: CheckDefinition) => boolean, midRun = false): Promise<void> => {
    const rejudged = selected.filter((c) => judgesTraffic(c) && due(c));
    if (rejudged.length === 0 || client.down || Date.now() >= deadline) return;
    let failed = 0;
    for (const check of rejudged) {
      if (client.down || Date.now() >= deadline) break;
      const previous = results.get(check.id) as CheckResult;
      const again = await runPass(
        check,
        { mode: 'deepen', targets: [], done: [] },
        deadline,
        false,
        client.requestCount,
      );
      const result: CheckResult = { ...previous, durationMs: previous.durationMs + again.durationMs };
      if (again.status === 'fail') {
        failed += 1;
        result.status = 'fail';
        if (again.reason !== undefined) result.reason = again.reason;
        if (again.failure !== undefined) result.failure = again.failure;
      } else if (again.status === 'pass' && previous.status === 'skipped') {
        result.status = 'pass';
        delete result.reason;
      } else if (again.status === 'error' && !isBudgetEnd(again.thrown)) {
        // As in the deepening: a harness error is said, not dropped (a send stopped by the cap is not one).
        result.status = 'error';
        if (again.reason !== undefined) result.reason = again.reason;
      } else continue;
      results.set(check.id, result);
      await emit({
        type: 'check-deepened',
        index: indexOf.get(check.id) as number,
        total,
        result,
        addedCases: 0,
        addedRequests: 0,
      });
    }
    await emit({ type: 'traffic-judged', checks: rejudged.length, failed, ...(midRun ? { midRun } : {}) });
  };

  /**
   * The client keeps the latest OBSERVED_KEPT responses: once a check that judges the traffic
   * has that many it has not seen, it judges them (a long run's early answers — an archived
   * game's detail looked up by a gap sweep — would otherwise drop out unjudged), and the client
   * keeps every response one of them has yet to see.
   */
  const keepTrafficJudged = async (): Promise<void> => {
    const count = client.observedCount;
    if (count === undefined || client.retainObservedFrom === undefined) return;
    // (A check whose judging reads the whole run's readings has no position: it waits for the end.)
    await judgeTraffic((c) => (trafficSeenObserved.get(c.id) ?? count) <= count - OBSERVED_KEPT, true);
    const unseen = selected.filter(judgesTraffic).map((c) => trafficSeenObserved.get(c.id) ?? count);
    client.retainObservedFrom(Math.min(count, ...unseen));
  };

  /** `alongside`: an exhausting check running beside the others, on the reserve kept for it. */
  const runPass = async (
    check: CheckDefinition,
    depth: PassDepth,
    passDeadline: number | undefined,
    alongside = false,
    /** The run's request count this pass may not go past (default: the run's cap). */
    cap?: number,
  ): Promise<PassOutcome> => {
    const checkStarted = performance.now();
    const ledger: RequestLedger = alongside
      ? { sent: 0, cap: budget.total }
      : cap !== undefined
        ? { sent: 0, cap }
        : { sent: 0 };
    const requestsAtStart = client.requestCount;
    const observedAtStart = client.observedCount;
    const stats: PropertyStat[] = [];
    const fresh = check.fresh ?? check.area === 'rate-limit';
    const ctx = createCheckContext({
      check,
      client: ledgerView(client, ledger, fresh),
      spec: options.spec,
      discovery,
      profile: options.profile,
      hints,
      seed: options.seed,
      runs: options.runs,
      ...(options.replay?.id === check.id ? { replayPath: options.replay.path } : {}),
      ...(passDeadline !== undefined ? { deadline: passDeadline } : {}),
      depth,
      stats,
      onJudgeObserved: (wholeRun) => {
        trafficSeenUpTo.set(check.id, requestsAtStart);
        if (observedAtStart !== undefined && !wholeRun) trafficSeenObserved.set(check.id, observedAtStart);
      },
      onWait: (reason, ms) => emitWait(reason, ms, check.id, alongside),
      // A check waiting out a window (one running alongside, above all) ends once the server is down.
      interruption: () => (client.down === undefined ? undefined : new ServerUnreachable(client.down)),
      budgetLeft,
      // What shrinking a minimal-pass failure may spend: the budget beyond the minimal verdicts of
      // the checks still without one (a failure shrunk with the whole budget left must checks
      // after it without a verdict).
      shrinkAllowance: () =>
        budgetLeft() -
        selected
          .filter((other) => other !== check && !other.exhausting && !results.has(other.id))
          .reduce((sum, other) => sum + minimalCostOf(other, { hinted }), 0),
      // What a check may spend beyond its minimal pass without costing another check its
      // verdict: the budget beyond the minimal verdicts of the checks still without one that are
      // not deferred (those run on what is left after the others, when it allows) — for a must
      // check, the must checks' alone (a rule's verdict comes before a profile reading's).
      spareBudget: () =>
        budgetLeft() -
        selected
          .filter(
            (other) =>
              other !== check &&
              !other.exhausting &&
              !other.deferred &&
              (check.level === 'profile' || other.level !== 'profile') &&
              (!results.has(other.id) || postponed.has(other.id)),
          )
          .reduce((sum, other) => sum + minimalCostOf(other, { hinted }), 0),
      timeLeftMs: () => deadline - Date.now(),
      log: (message) => {
        emit({ type: 'log', checkId: check.id, message: redact(message) }).catch(() => {});
      },
    });
    const outcome: PassOutcome = { status: 'pass', stats, requests: 0, durationMs: 0 };
    let timer: NodeJS.Timeout | undefined;
    let onInterrupt: (() => void) | undefined;
    if (!alongside) runningCheck = check.id;
    try {
      const interrupted = new Promise<never>((_, reject) => {
        onInterrupt = () => reject(new RunInterrupted());
        if (signal?.aborted) onInterrupt();
        else signal?.addEventListener('abort', onInterrupt, { once: true });
      });
      const overrun = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new CheckOverrun(`still running ${Math.round(grace / 1000)} s after the time budget ended`),
            ),
          Math.max(0, deadline - Date.now()) + grace,
        );
      });
      await Promise.race([Promise.resolve().then(() => check.run(ctx)), overrun, interrupted]);
    } catch (error) {
      if (error instanceof RunInterrupted || (signal?.aborted && !(error instanceof CheckFailure))) {
        // Abandoned, or ended by the refusals an interrupted run meets: no verdict either way.
        outcome.status = 'notrun';
        outcome.reason = NOT_RUN_INTERRUPTED;
      } else if (error instanceof CheckFailure) {
        outcome.status = 'fail';
        outcome.failure = error.failure;
        outcome.reason = error.failure.message;
      } else if (error instanceof CheckSkipped) {
        outcome.status = 'skipped';
        outcome.reason = error.reason;
      } else if (error instanceof CheckPostponed) {
        outcome.status = 'notrun';
        outcome.reason = `not run to a verdict: ${error.reason}`;
        outcome.postponed = true;
      } else if (error instanceof ServerUnreachable) {
        outcome.status = 'error';
        outcome.reason = 'stopped: the server had stopped answering (see the run summary)';
        outcome.thrown = error;
      } else {
        outcome.status = 'error';
        outcome.reason = redact(messageOf(error));
        outcome.thrown = error;
      }
    } finally {
      clearTimeout(timer);
      if (onInterrupt !== undefined) signal?.removeEventListener('abort', onInterrupt);
      if (!alongside) runningCheck = undefined;
    }
    outcome.durationMs = Math.round(performance.now() - checkStarted);
    outcome.requests = ledger.sent;
    return outcome;
  };

  const depthOf = (cases: number, full: number): Pick<CheckResult, 'cases' | 'fullCases' | 'depth'> =>
    full === 0 ? {} : { cases, fullCases: full, depth: cases >= full ? 'full' : 'reduced' };

  /**
   * The minimal pass of one check (or its full run for a replay), with its check-start/end
   * events; `late`: after the exhausting checks, whose reserved time is over.
   */
  const runMinimal = async (
    check: CheckDefinition,
    late = false,
    alongside = false,
  ): Promise<PassOutcome | undefined> => {
    const index = indexOf.get(check.id) as number;
    const base = summaryLine(check);
    // Requests are not gated here: a check may judge discovery's data or skip without sending
    // any, and one that needs a request past the budget ends as notrun from the client's cap.
    if (Date.now() >= deadline - (check.exhausting || runsLast(check) || late ? 0 : reserveMs)) {
      const result = notRun(
        check,
        signal?.aborted ? NOT_RUN_INTERRUPTED : 'not run: the time budget ended before it started',
      );
      results.set(check.id, result);
      await emit({ type: 'check-end', index, total, result });
      return undefined;
    }
    await emit({ type: 'check-start', index, total, check: base });
    // A check postponed before runs again now: postponed anew only if it says so again.
    postponed.delete(check.id);
    const depth: PassDepth = options.replay?.id === check.id ? { mode: 'full' } : { mode: 'minimal' };
    const outcome = await runPass(check, depth, undefined, alongside);
    if (outcome.postponed === true) postponed.add(check.id);
    const result: CheckResult = {
      ...base,
      status: outcome.status,
      durationMs: outcome.durationMs,
      requests: outcome.requests,
      minimalRequests: outcome.requests,
    };
    if (outcome.status === 'error' && outcome.thrown instanceof CheckOverrun) {
      result.status = 'timeout';
      result.reason = `abandoned: ${messageOf(outcome.thrown)}`;
    } else if (outcome.status === 'error' && isBudgetEnd(outcome.thrown)) {
      result.status = 'notrun';
      result.reason = budgetReason(outcome.thrown, 'minimal');
    } else if (outcome.reason !== undefined) result.reason = outcome.reason;
    if (outcome.failure !== undefined) result.failure = outcome.failure;
    const cases = outcome.stats.reduce((n, s) => n + s.cases, 0);
    const full = outcome.stats.reduce((n, s) => n + s.full, 0);
    Object.assign(result, depthOf(cases, full));
    results.set(check.id, result);
    await emit({ type: 'check-end', index, total, result });
    return outcome;
  };

  // 2. Minimal verdicts for every check that does not exhaust a key; they leave the
  // exhausting checks' reserve alone (the client's cap), as does the deepening.
  client.setMaxRequests?.(budget.total - reserveRequests);
  let capLowered = true;
  // What the postponed must checks need is kept from the checks after them in line (the profile
  // checks above all), as the exhausting checks' reserve is: those stop at the cap and wait for
  // the late pass, where the must checks come first.
  const postponedReserve = () =>
    selected
      .filter((c) => c.level === 'must' && postponed.has(c.id))
      .reduce((sum, c) => sum + minimalCostOf(c, { hinted }), 0);
  // The exhausting checks alongside: started once the checks needing the low-limit key's minute
  // unspent have their minimal verdicts; their reserve goes back to the others when they end.
  let laneFailure: { error: unknown } | undefined;
  const startLane = () => {
    if (!alongside || lane !== undefined) return;
    lane = (async () => {
      for (const check of exhausting) {
        if (client.down) break;
        await runMinimal(check, false, true);
      }
      reserveRequests -= exhaustingReserve.requests;
      if (capLowered) client.setMaxRequests?.(budget.total - reserveRequests - postponedReserve());
    })().catch((error: unknown) => {
      laneFailure = { error };
    });
  };
  const minimalChecks = selected.filter((c) => !c.exhausting && !runsLast(c));
  const lowKeyUsersLeft = new Set(minimalChecks.filter((c) => c.usesLowLimitKey).map((c) => c.id));
  if (lowKeyUsersLeft.size === 0) startLane();
  const minimalStarted = Date.now();
  const minimalRequestsBefore = client.requestCount;
  const learned: Array<{ check: CheckDefinition; outcome: PassOutcome }> = [];
  for (const check of minimalChecks) {
    const outcome = await runMinimal(check);
    if (outcome) learned.push({ check, outcome });
    await keepTrafficJudged();
    if (postponed.has(check.id) && capLowered)
      client.setMaxRequests?.(budget.total - reserveRequests - postponedReserve());
    if (lowKeyUsersLeft.delete(check.id) && lowKeyUsersLeft.size === 0) startLane();
    if (client.down) return finish();
  }
  // The checks the request cap stopped before their minimal verdict (the cap then left out the
  // reserve kept for the exhausting checks).
  // With them, the checks that postponed their verdict for want of requests (ctx.postpone). Must
  // checks first: a rule's verdict before a profile reading's, whatever their places in line.
  const stoppedByCap = () =>
    mustFirst(
      selected.filter(
        (c) =>
          !c.exhausting &&
          !runsLast(c) &&
          results.get(c.id)?.status === 'notrun' &&
          (postponed.has(c.id) || /request budget/.test(results.get(c.id)?.reason ?? '')),
      ),
    );
  /** Gives the stopped checks their minimal verdict now, under the cap set before (the late pass). */
  const latePass = async (because: LatePassEvent['because'], stopped: CheckDefinition[]) => {
    await emit({
      type: 'late-pass',
      because,
      checks: stopped.length,
      requestsLeft: Math.max(0, (client.maxRequests ?? budget.total) - client.requestCount),
      secondsLeft: Math.round((deadline - Date.now()) / 1000),
    });
    for (const check of stopped) {
      if (client.down || Date.now() >= deadline) break;
      await runMinimal(check, true);
    }
  };
  // The exhausting checks alongside keep their reserve until they end (a Retry-After wait may
  // hold them a minute): when the cap stopped checks meanwhile, their verdicts come before any
  // deepening, on the reserve the lane gives back.
  if (alongside && lane !== undefined && stoppedByCap().length > 0 && !client.down) {
    await lane;
    if (laneFailure !== undefined) throw laneFailure.error;
    const stopped = stoppedByCap();
    // The postponed checks' reserve is theirs now.
    client.setMaxRequests?.(budget.total - reserveRequests);
    if ((client.maxRequests ?? budget.total) > client.requestCount && stopped.length > 0) {
      await latePass('reserve-returned', stopped);
      if (client.down) return finish();
    }
  }
  const minimalMs = Math.max(1, Date.now() - minimalStarted);
  const minimalRequests = client.requestCount - minimalRequestsBefore;
  // Requests per ms as the minimal pass went (paced keys and slow servers show here); a pass
  // that sent nothing says nothing about the pace.
  const minimalRate = minimalRequests > 0 ? minimalRequests / minimalMs : Number.POSITIVE_INFINITY;
  // Interrupted in the minimal pass: no plan to make (it would blame the budget for what the
  // interrupt left without a verdict).
  if (signal?.aborted) return finish();

  // 3. Deepening: the passed checks whose properties can take more cases, and first the
  // undecided ones: a check that skipped because its few minimal cases judged nothing (no
  // generated query returned a game) gets more cases before any other check gets deeper.
  const canDeepen = ({ check, outcome }: { check: CheckDefinition; outcome: PassOutcome }) =>
    options.replay?.id !== check.id && outcome.stats.some((s) => s.cases < s.full);
  const undecided = learned.filter((l) => l.outcome.status === 'skipped' && canDeepen(l));
  const deepenable = [...undecided, ...learned.filter((l) => l.outcome.status === 'pass' && canDeepen(l))];
  const isUndecided = new Set(undecided.map((l) => l.check.id));
  const costs: CheckCost[] = deepenable.map(({ check, outcome }) => {
    const inProperties = outcome.stats.reduce((n, s) => n + s.requests, 0);
    return {
      id: check.id,
      ...(check.level === 'profile' ? { late: true } : {}),
      fixed: Math.max(0, outcome.requests - inProperties),
      properties: outcome.stats.map((s) => ({
        done: s.cases,
        full: s.full,
        first: s.first,
        perCase: s.cases > 0 ? Math.max(s.requests / s.cases, 0.05) : 1,
      })),
    };
  });
  // The pace seen in the minimal pass bounds what the time left allows.
  const available = (): number => spendable(minimalRate);
  const withoutVerdict = [...results.values()].filter((r) => r.status === 'notrun').length;
  if (deepenable.length > 0) {
    const first = planDepth(costs, available());
    const least = leastCases(deepenable, first.targets);
    known.plan = {
      share: first.share,
      firstCases: first.firstCases,
      allFirst: first.allFirst,
      available: available(),
      estimated: first.estimated,
      checks: deepenable.length,
      withoutVerdict,
      ...(least ? { leastCases: least } : {}),
    };
  } else {
    known.plan = {
      share: 1,
      firstCases: 0,
      allFirst: true,
      available: available(),
      estimated: 0,
      checks: 0,
      withoutVerdict,
    };
  }
  await emit({ type: 'plan', plan: known.plan, budget });
  // Unless everything fits, two rounds: the first spreads half of what is left (its plan re-made
  // before each check, at most half spent however far the estimates were off), so a check late in
  // line is not starved by earlier ones that cost more than their minimal pass said; the second
  // spreads the rest.
  // Requests each property has spent so far (its cases are its cost's `done`).
  const spentOf = new Map(
    deepenable.map(({ check, outcome }) => [check.id, outcome.stats.map((s) => s.requests)]),
  );
  const settled = new Set<string>(); // failed or errored while deepened: not deepened again
  const deepened = new Set<string>();
  let deepeningEnded = false;
  /** Deepens the checks in turn within what `roundAvailable` gives; whether any check was deepened. */
  const deepenRound = async (roundAvailable: () => number): Promise<boolean> => {
    // The round's plan over every check caps each one's: re-planned before each check over those
    // still to come, a check late in line would otherwise take all that the earlier ones left
    // unspent (a long sweep its every item while an earlier check's named cases waited); what
    // is left goes to the next round, planned over them all again.
    const cap = planDepth(
      costs.filter((c) => !settled.has(c.id)),
      roundAvailable(),
    ).targets;
    let any = false;
    for (const [i, { check }] of deepenable.entries()) {
      if (settled.has(check.id)) continue;
      const index = indexOf.get(check.id) as number;
      const cost = costs[i] as CheckCost;
      const done = cost.properties.map((p) => p.done);
      const step = planDepth(
        costs.slice(i).filter((c) => !settled.has(c.id)),
        roundAvailable(),
      );
      const capped = cap.get(check.id) ?? done;
      let targets = (step.targets.get(check.id) ?? []).map((t, j) =>
        Math.min(t, Math.max(capped[j] ?? 0, done[j] ?? 0)),
      );
      if (isUndecided.has(check.id)) {
        // Enough cases for a verdict, when they fit in what is left.
        const floor = cost.properties.map((p, j) =>
          Math.max(targets[j] ?? 0, Math.min(p.full, UNDECIDED_CASES)),
        );
        const extra = floor.reduce(
          (n, t, j) => n + Math.max(0, t - (done[j] ?? 0)) * (cost.properties[j]?.perCase ?? 1),
          0,
        );
        if (cost.fixed + extra <= roundAvailable()) targets = floor;
      }
      // A failure found is judged again before it counts: room for that in what the run has left.
      if (check.comparesAnswers === true)
        targets = leaveRoomToRecheck(
          cost,
          targets,
          budget.total - reserveRequests - client.requestCount,
          RECHECKS,
        );
      if (targets.every((t, j) => t <= (done[j] ?? 0))) continue;
      const previous = results.get(check.id) as CheckResult;
      const deep = await runPass(check, { mode: 'deepen', targets, done }, deadline - reserveMs);
      deepened.add(check.id);
      any = true;
      // What this pass ran and cost: the next round starts there, with estimates learned anew.
      const spent = spentOf.get(check.id) as number[];
      deep.stats.forEach((stat, j) => {
        const property = cost.properties[j];
        if (property === undefined) return;
        property.done += stat.cases;
        spent[j] = (spent[j] ?? 0) + stat.requests;
        if (property.done > 0) property.perCase = Math.max((spent[j] as number) / property.done, 0.05);
      });
      const cases = (previous.cases ?? 0) + deep.stats.reduce((n, s) => n + s.cases, 0);
      const result: CheckResult = {
        ...previous,
        durationMs: previous.durationMs + deep.durationMs,
        requests: previous.requests + deep.requests,
        ...depthOf(cases, previous.fullCases ?? 0),
      };
      let stop = false;
      if (isUndecided.has(check.id) && (deep.status === 'pass' || deep.status === 'skipped')) {
        // The deeper pass decides: a verdict at last, or still nothing judged (the newer reason).
        result.status = deep.status;
        if (deep.status === 'pass') delete result.reason;
        else if (deep.reason !== undefined) result.reason = deep.reason;
      }
      if (deep.status === 'fail') {
        result.status = 'fail';
        if (deep.reason !== undefined) result.reason = deep.reason;
        if (deep.failure !== undefined) result.failure = deep.failure;
        settled.add(check.id);
      } else if (deep.status === 'error' && isBudgetEnd(deep.thrown)) {
        result.depthNote = budgetReason(deep.thrown, 'deepen');
        stop = true;
      } else if (deep.status === 'error') {
        result.status = 'error';
        if (deep.reason !== undefined) result.reason = deep.reason;
        settled.add(check.id);
      }
      results.set(check.id, result);
      await emit({
        type: 'check-deepened',
        index,
        total,
        result,
        addedCases: cases - (previous.cases ?? 0),
        addedRequests: deep.requests,
      });
      await keepTrafficJudged();
      if (stop || client.down) {
        deepeningEnded = true;
        return any;
      }
    }
    return any;
  };
  if (deepenable.length > 0 && known.plan.allFirst && known.plan.share >= 1) {
    // Everything fits: one round to full depth (no second pass over every check).
    await deepenRound(available);
  } else if (deepenable.length > 0) {
    const half = Math.floor(available() / 2);
    const sentBefore = client.requestCount;
    await deepenRound(() => Math.max(0, Math.min(available(), half - (client.requestCount - sentBefore))));
    // Then the rest, round after round while a round finds something to add (each re-run of a
    // check pays its requests outside the properties again, so a few rounds at most).
    for (let round = 0; round < MAX_DEEPENING_ROUNDS && !deepeningEnded; round += 1) {
      if (!(await deepenRound(available))) break;
    }
  }
  for (const { check } of deepenable) {
    if (!deepened.has(check.id))
      (results.get(check.id) as CheckResult).depthNote = 'no budget left to deepen';
  }

  // 4. The checks that drive a key into 429: ended alongside, or now, with the reserve kept for them.
  capLowered = false;
  client.setMaxRequests?.(budget.total);
  if (alongside) {
    startLane();
    await lane;
    if (laneFailure !== undefined) throw laneFailure.error;
  } else {
    for (const check of exhausting) {
      if (client.down) break;
      await runMinimal(check);
    }
  }
  // … and after them the checks that may spend a key's whole day (locking it until midnight).
  for (const check of lastChecks) {
    if (client.down) break;
    await runMinimal(check);
  }

  // 5. Requests left after the exhausting checks (they took less than their reserve; a paced
  // key whose pace set the request budget had its window reset meanwhile): the checks the
  // request cap stopped get their minimal verdict now, as far as the cap and the time allow —
  // the whole budget is used, not the estimate made at preflight.
  // Every reserve has been spent or given back by now: a check of the late pass may count on
  // what is left (ctx.budgetLeft), as the cap does.
  reserveRequests = 0;
  const stopped = stoppedByCap();
  if (stopped.length > 0 && !client.down && Date.now() < deadline) {
    const paced = budget.binding === 'time-budget at the key pace';
    const cap = paced ? Math.min(budget.maxRequests, budget.dayAllowance) : budget.total;
    if (cap > client.requestCount) {
      client.setMaxRequests?.(cap);
      await latePass(paced ? 'paced' : 'reserve-unspent', stopped);
    }
  }
  // 6. One response, every oracle that applies, to the end: the checks that judge the run's
  // traffic judged what the run had when they last ran; the responses that came after (the
  // later checks', the exhausting ones', the late pass's) are judged now, sending nothing (a
  // pass capped at the requests already sent: one that would send stops, its verdict stands).
  // At full depth the deepening did this already; on a small budget it is the only time most
  // responses meet those oracles.
  await judgeTraffic((c) => (trafficSeenUpTo.get(c.id) ?? client.requestCount) < client.requestCount);
  return finish();
}

/** Without a low-limit key: may the exhausting checks spend the primary key's minute at the end? */
function primaryExhaustible(
  reading: RateLimitReading,
  budget: Budget,
  reserve: number,
): NonNullable<Hints['primaryExhaustible']> {
  const perMinute = reading.limit;
  if (perMinute === undefined) {
    return {
      allowed: false,
      reason: 'no low-limit key given (--low-limit-key), and the primary key reports no limit',
    };
  }
  if (perMinute > MAX_EXHAUSTIBLE_PER_MINUTE) {
    return {
      allowed: false,
      reason: `no low-limit key given (--low-limit-key); the primary key allows ${perMinute} a minute, more than the ${MAX_EXHAUSTIBLE_PER_MINUTE} the suite spends in one go`,
    };
  }
  if (budget.dayBinds) {
    return {
      allowed: false,
      reason:
        "no low-limit key given (--low-limit-key); the primary key's UTC-day limit binds, so driving it into 429 would lock it until midnight",
    };
  }
  if (reserve * 4 > budget.total) {
    return {
      allowed: false,
      reason: `no low-limit key given (--low-limit-key); driving the primary key into 429 takes about ${reserve} requests, more than a quarter of this run's budget of ${budget.total} requests`,
    };
  }
  return { allowed: true, perMinute };
}

/** The check whose properties get the fewest cases under a plan. */
function leastCases(
  deepenable: ReadonlyArray<{ check: CheckDefinition; outcome: PassOutcome }>,
  targets: ReadonlyMap<string, number[]>,
): RunPlan['leastCases'] {
  let least: RunPlan['leastCases'];
  for (const { check, outcome } of deepenable) {
    const t = targets.get(check.id) ?? [];
    outcome.stats.forEach((s, j) => {
      const cases = Math.max(t[j] ?? 0, s.cases);
      if (least === undefined || cases < least.cases) least = { id: check.id, cases, full: s.full };
    });
  }
  return least;
}

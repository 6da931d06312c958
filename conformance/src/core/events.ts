/**
 * The one event stream of a run (after Schemathesis's engine events): the runner emits,
 * every reporter (console, JSON, JUnit, HTML) consumes. Reporters never look elsewhere.
 */
import type { MinimalNeed } from './minimal-need.ts';
import type { Budget } from './budget.ts';
import type { StateCoverage } from './state-coverage.ts';
import type { Area, CheckResult, CheckStatus, Level } from './check.ts';

export interface CheckSummaryLine {
  id: string;
  area: Area;
  level: Level;
  title: string;
  source: string;
}

export interface RunStartEvent {
  type: 'run-start';
  /** ISO timestamp. */
  startedAt: string;
  baseUrl: string;
  seed: number;
  runs: number;
  /** The selected checks, in the order they will run. */
  checks: CheckSummaryLine[];
  /** The command-line flags that reproduce the selection and settings (for replay lines). */
  replayBase: string;
}

export interface DiscoveryDoneEvent {
  type: 'discovery-done';
  durationMs: number;
  requests: number;
  /** One-line facts: `totalActiveGames: 48`, `archivedGameId: 17` … */
  facts: Record<string, string | number | boolean | null>;
}

export interface CheckStartEvent {
  type: 'check-start';
  /** 1-based position among the selected checks. */
  index: number;
  total: number;
  check: CheckSummaryLine;
}

export interface CheckEndEvent {
  type: 'check-end';
  index: number;
  total: number;
  result: CheckResult;
}

/** After preflight: what the run may spend, and why. */
export interface BudgetEvent {
  type: 'budget';
  budget: Budget;
  /** Requests and time kept for the exhausting checks (and the `last` ones' requests). */
  reserveRequests: number;
  reserveMs: number;
  /** The exhausting checks run alongside the others (a low-limit key): no time is kept at the end. */
  exhaustingAlongside?: boolean;
  timeBudgetMs: number;
  /** What the minimal pass of the selection needs, as measured on the reference server. */
  minimalNeed?: MinimalNeed;
}

/** How deep a plan goes, in words: "every named case and 12% of full depth", "up to 4 named cases …". */
export function planDepthWords(plan: Pick<RunPlan, 'share' | 'firstCases' | 'allFirst'>): string {
  if (!plan.allFirst) {
    return plan.firstCases === 0
      ? 'no further case of any property (too few requests left for one each)'
      : `up to ${plan.firstCases} named cases (examples, swept items) per property`;
  }
  return `every named case and ${Math.round(plan.share * 100)}% of full depth`;
}

/**
 * How the plan begins, in words: whether every check has its minimal verdict (a plan is made
 * after the minimal pass, which the budget may have cut short).
 */
export function planOpening(plan: Pick<RunPlan, 'withoutVerdict'>): string {
  const missing = plan.withoutVerdict ?? 0;
  return missing === 0
    ? 'every check has its minimal verdict'
    : `${missing} check${missing === 1 ? '' : 's'} without a verdict (the budget stopped ${missing === 1 ? 'it' : 'them'})`;
}

/** After the minimal pass: how the rest of the budget deepens the properties. */
export interface RunPlan {
  /** The share of full depth (`--runs` cases per property) the deepened checks are planned to reach. */
  share: number;
  /** How many of every property's first cases (examples, a sweep's items) are planned (see planDepth). */
  firstCases: number;
  /** Every property's first cases fit, and the share of full depth comes on top. */
  allFirst: boolean;
  /** Requests left for deepening when it started. */
  available: number;
  /** Estimated requests of the plan. */
  estimated: number;
  /** Checks to deepen (passed, with properties not yet at full depth). */
  checks: number;
  /** Checks still without a verdict when the plan was made (the request or time budget stopped them). */
  withoutVerdict?: number;
  /** The property planned to get the fewest cases. */
  leastCases?: { id: string; cases: number; full: number };
}

export interface PlanEvent {
  type: 'plan';
  plan: RunPlan;
  budget: Budget;
}

/**
 * The checks the request cap stopped before their minimal verdict run now (their
 * check-start/end events follow), `because`: `reserve-returned`, the exhausting checks
 * alongside ended and gave back the requests kept for them; `reserve-unspent`, they ran last
 * and took less than their reserve; `paced`, a paced key whose pace set the request budget has
 * time left after them.
 */
export interface LatePassEvent {
  type: 'late-pass';
  because: 'reserve-returned' | 'reserve-unspent' | 'paced';
  checks: number;
  /** Requests the cap allows from here. */
  requestsLeft: number;
  secondsLeft: number;
}

/**
 * At the end of the run (or in a round during it, `midRun`), the checks that judge the run's traffic judged the responses that came
 * after their last pass (no request sent); `failed` of them found a response breaking their rule
 * (a check-deepened event each).
 */
export interface TrafficJudgedEvent {
  type: 'traffic-judged';
  checks: number;
  failed: number;
  /** True for a round during the run (before the client's buffer drops responses unjudged). */
  midRun?: boolean;
}

/** A check's result after its deepening pass (more cases; a failure found replaces the pass). */
export interface CheckDeepenedEvent {
  type: 'check-deepened';
  index: number;
  total: number;
  result: CheckResult;
  addedCases: number;
  addedRequests: number;
}

/** The client or a check is about to sleep: what for and how long (progress during long waits). */
export interface WaitEvent {
  type: 'wait';
  checkId?: string;
  reason: string;
  ms: number;
  /** The waiting check runs alongside the others (an exhausting check): they go on meanwhile. */
  alongside?: boolean;
}

export interface LogEvent {
  type: 'log';
  checkId?: string;
  message: string;
}

export type StatusCounts = Record<CheckStatus, number>;

export interface RunSummary {
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  baseUrl: string;
  seed: number;
  runs: number;
  /** Requests sent in the whole run (discovery included). */
  requests: number;
  /** Requests the run's response cache answered (not sent). */
  cacheHits: number;
  /** The budget read at preflight (absent when the run stopped before). */
  budget?: Budget;
  /** The deepening plan (absent when the run stopped before). */
  plan?: RunPlan;
  /** What the minimal pass of the selection needs (absent when the run stopped before preflight). */
  minimalNeed?: MinimalNeed;
  /** Checks with properties by depth: every property at `--runs` (`full`) or fewer (`reduced`). */
  depth: { full: number; reduced: number };
  counts: StatusCounts;
  byLevel: Record<Level, StatusCounts>;
  results: CheckResult[];
  /** 0: no must-check failed and nothing errored; 1: a must-check failed or a check errored
   * (or a profile check failed under `--fail-on-profile`); 2: the run could not take place. */
  exitCode: 0 | 1 | 2;
  /** Why the run could not take place (exit code 2). */
  fatal?: string;
  /** Why the run failed (exit code 1), in one line. */
  failedBecause?: string;
  /** The run stopped early: the deployment stopped answering (when, and the failures seen). */
  stoppedBecause?: string;
  /** The states of the description the run found an instance of, and what supplies the others. */
  states?: StateCoverage[];
  /** `--fail-on-profile`: a failed profile check fails the run. */
  failOnProfile: boolean;
  /** The flags that reproduce the run's settings, for replay commands. */
  replayBase: string;
}

export interface RunEndEvent {
  type: 'run-end';
  summary: RunSummary;
}

export type RunEvent =
  | RunStartEvent
  | BudgetEvent
  | DiscoveryDoneEvent
  | CheckStartEvent
  | CheckEndEvent
  | PlanEvent
  | LatePassEvent
  | TrafficJudgedEvent
  | CheckDeepenedEvent
  | WaitEvent
  | LogEvent
  | RunEndEvent;

export type RunListener = (event: RunEvent) => void | Promise<void>;

export function emptyCounts(): StatusCounts {
  return { pass: 0, fail: 0, error: 0, timeout: 0, skipped: 0, notrun: 0 };
}

/** Counts by status and by level; the same numbers every reporter prints. */
export function countResults(results: readonly CheckResult[]): Pick<RunSummary, 'counts' | 'byLevel'> {
  const counts = emptyCounts();
  const byLevel: Record<Level, StatusCounts> = { must: emptyCounts(), profile: emptyCounts() };
  for (const result of results) {
    counts[result.status] += 1;
    byLevel[result.level][result.status] += 1;
  }
  return { counts, byLevel };
}

/** The command that replays one failure. */
export function replayCommand(summary: Pick<RunSummary, 'replayBase' | 'seed'>, result: CheckResult): string {
  const parts = [
    `npm run conformance --`,
    summary.replayBase,
    `--only ${result.id}`,
    `--seed ${summary.seed}`,
  ];
  const property = result.failure?.property;
  if (property) parts.push(`--replay ${result.id}:${property.path}`);
  return parts.filter((p) => p !== '').join(' ');
}

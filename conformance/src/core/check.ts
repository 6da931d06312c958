/**
 * The contract between the runner and every check (after test262's headers and
 * Schemathesis's named checks): one rule, one check, one stable id.
 *
 * A check runs against a live deployment through `ctx`. It passes by returning,
 * fails by throwing `CheckFailure` (via `ctx.fail`/the assertion helpers), is
 * skipped by throwing `CheckSkipped` (via `ctx.skip`) when a precondition is
 * missing; anything else thrown is an `error` (the harness or network broke).
 */
import type fc from 'fast-check';
import type { ApiClient, ApiResponse, ObservedResponse, RecordedRequest } from './http-client.ts';
import type { Discovery } from './discovery.ts';
import type { Hints } from './config.ts';
import type { Profile } from './profile.ts';
import type { SpecValidator } from '../../../spec/src/spec-loader.ts';

export const AREAS = [
  'auth',
  'rate-limit',
  'games',
  'game-detail',
  'mssp',
  'players',
  'reviews',
  'tags',
  'statistics',
  'protocol',
] as const;
export type Area = (typeof AREAS)[number];

/** `must`: the description states it. `profile`: an open point (spec/DECISIONS.md), checked against the profile. */
export type Level = 'must' | 'profile';

/** What each status means and whether it fails the run: `core/statuses.ts`. */
export type CheckStatus = 'pass' | 'fail' | 'error' | 'timeout' | 'skipped' | 'notrun';

export interface CheckDefinition {
  /** Stable public id, upper-case words joined by dashes, prefixed by the area: `GAMES-TAG-OR-WITHIN`. */
  id: string;
  area: Area;
  /** Where the rule stands in the API description, never a line number: `§4 GET /games, rule 2`. */
  source: string;
  level: Level;
  /** Declarative and short: "Tag ids within one category combine with OR". */
  title: string;
  /** Ids of the rules (conformance/src/rules.ts) this check covers; the meta-test needs every observable rule covered. */
  covers: string[];
  /** For `profile` checks: the DECISIONS row(s), e.g. ['D16']. */
  decisions?: string[];
  /**
   * Drives a key into 429 and waits for its window to reset. With a low-limit key these checks
   * run alongside the others, from as soon as the `usesLowLimitKey` checks have their minimal
   * verdicts (their waits overlap the other checks' work); spending the primary key instead,
   * they run last, alone.
   */
  exhausting?: boolean;
  /**
   * Sends with the low-limit key and needs its minute unspent: its minimal pass comes before
   * the exhausting checks start.
   */
  usesLowLimitKey?: boolean;
  /**
   * With these hints, spends a key's whole UTC day, refusing it until midnight (the low-limit
   * key's, when no day-limited key is given): the requests to keep for it, and it runs after every
   * other check, the exhausting ones included; undefined to run in line.
   */
  last?: (hints: Hints) => number | undefined;
  /**
   * Builds on an expensive crawl (the model-based checks): its minimal pass runs after every
   * other check's, so that it spends only what the breadth-first verdicts left. `'last'`: after
   * the other deferred checks too — one that waits out time of its own, which the crawls before it
   * fill instead, and whose wait would make the pace they budget by look slower.
   */
  deferred?: boolean | 'last';
  /**
   * Waits for a minute window to pass (what the run left of it) outside any 429's Retry-After: the
   * project's in-process test runs leave it out, as they leave out the exhausting checks, unless
   * the rate limits are under test (conformance/test/run-against-reference.ts).
   */
  waitsOutMinute?: boolean;
  /**
   * Needs a fresh response to every request (it counts requests or reads rate-limit figures and
   * request ids): the run's response cache is bypassed. Defaults to true in the rate-limit area.
   */
  fresh?: boolean;
  /**
   * Compares answers taken at different times (a summary with its detail, a count with a
   * collection, two queries, a page with the run's cache): a live directory moves between them.
   * A property case that fails is judged again on fresh answers (every request sent anew) up to
   * RECHECKS times, and fails only if it fails each time (DECISIONS D65; D63 for the model).
   */
  comparesAnswers?: boolean;
  run(ctx: CheckContext): Promise<void>;
}

export interface Failure {
  /** One line: what went wrong. */
  message: string;
  expected: string;
  received: string;
  request?: RecordedRequest;
  /** The first bytes of the response body. */
  responseExcerpt?: string;
  /** Present when a property failed. */
  property?: PropertyFailure;
}

export interface PropertyFailure {
  seed: number;
  path: string;
  numRuns: number;
  /** The shrunk counterexample, JSON-ish. */
  counterexample: string;
}

export class CheckFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'CheckFailure';
  }
}

export class CheckSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckSkipped';
  }
}

/**
 * No verdict in this pass for want of requests (CheckContext.postpone): the check ends not run and
 * runs again in the late pass, on what the other checks left.
 */
export class CheckPostponed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckPostponed';
  }
}

/**
 * A case the server may legitimately decline, so it has no verdict (D39: a `GET /games` page past
 * the last page + 1 may be 422). Inside a property the case counts as passed, and the run's log
 * says why; outside one, the check is skipped with the reason.
 */
export class CaseOutOfScope extends CheckSkipped {
  constructor(reason: string) {
    super(reason);
    this.name = 'CaseOutOfScope';
  }
}

export interface PropertyOptions {
  /** Defaults to the run's `--runs`. Use fewer for expensive properties, with a comment why. */
  numRuns?: number;
  /**
   * Cases that always run first, before the generated ones (fast-check's `examples`):
   * the boundary or canonical values a rule names, so a small `--runs` never misses them.
   */
  examples?: unknown[][];
}

export interface CheckContext {
  /** The key-bearing client (primary key unless told otherwise per request). */
  client: ApiClient;
  spec: SpecValidator;
  discovery: Discovery;
  profile: Profile;
  /** Optional hints the user gave (`--archived-game-id` …) and keys. */
  hints: Hints;
  /**
   * True while a failed case of a `comparesAnswers` check is judged again on fresh answers
   * (D65): what the check took from discovery is stale then, and should be asked for anew.
   */
  rechecking: boolean;
  /** Seed of this run (`--seed`). */
  seed: number;
  /** Cases per property (`--runs`). */
  runs: number;
  /**
   * Requests the run can still send: the cap less what is kept for the exhausting checks, and
   * what the time left allows at the pace seen so far. Infinity when nothing bounds it.
   */
  budgetLeft(): number;
  /**
   * Requests beyond the minimal verdicts of the checks still without one (the deferred checks
   * aside, which run on what is left; for a must check, the profile checks aside too, which come
   * after the rules): what a check may spend on more than its own minimal pass without costing
   * another check its verdict.
   */
  spareBudget(): number;
  /** Milliseconds until the run's time budget ends (Infinity when nothing bounds it). */
  timeLeftMs(): number;
  /**
   * True in the check's minimal pass until its one case has run: what only its later cases need
   * (a search for more examples) may wait for the deepening, which runs the check again. The
   * first case must not depend on it, and stays the first either way (the deepening goes on
   * from the second).
   */
  firstCaseOnly(): boolean;
  /** Logs a progress/debug line for this check (never include keys). */
  log(message: string): void;
  fail(failure: Failure): never;
  skip(reason: string): never;
  /**
   * Ends the pass without a verdict because what the check must send at once (a wave sent whole,
   * a probe and its repeat) would cost another check its verdict now (`spareBudget`). Unlike a
   * skip, this is the budget's doing, not a missing precondition: the check ends not run, and the
   * late pass runs it again once the others have their verdicts, on what they left.
   */
  postpone(reason: string): never;
  /** Sleeps `ms`, telling the reporters what for (a progress line while a window resets). */
  wait(ms: number, reason: string): Promise<void>;
  /**
   * Runs a fast-check property with the run's seed (`fc.check`, never `fc.assert`);
   * the predicate throws CheckFailure (or returns false) on a counterexample. A failure becomes a
   * CheckFailure carrying seed, path and the shrunk counterexample.
   */
  property<Ts extends [unknown, ...unknown[]]>(
    arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
    predicate: (...args: Ts) => Promise<boolean | void>,
    options?: PropertyOptions,
  ): Promise<void>;
  /**
   * Visits `items` in order, one case each, as deep as the run's budget allows: the minimal
   * pass visits the first, deepening continues where it stopped, full depth visits
   * min(items.length, --runs). For sweeps whose order matters more than random choice (a
   * deterministic property: a failure names its item, no shrinking).
   */
  sweep<T>(items: readonly T[], visit: (item: T) => Promise<void>): Promise<void>;
  /**
   * One response, every oracle that applies: offers the check the responses the run already
   * received (discovery's and every check's so far, the cache's answers aside) that `accepts`
   * takes, each judged by `judge` as if the check had sent it — a failure names that response's
   * request, replayable by it; `judge` returns false for a response that says nothing to the
   * rule. Returns how many were judged. In the minimal pass, one judged response is the check's
   * verdict case: its properties and sweeps send nothing more until the check is deepened.
   */
  judgeObserved(
    accepts: (response: ObservedResponse) => boolean,
    judge: (response: ObservedResponse) => boolean,
    options?: {
      /**
       * The judging reads what the client keeps for the whole run (`rateLimitReadings()`), not
       * the responses `observed()` keeps only the latest of: judging it once at the run's end
       * suffices, without the rounds that judge the responses before they drop out.
       */
      wholeRun?: boolean;
    },
  ): number;
  /** Validates a response against the spec (operation found from the URL path); fails the check with the errors. */
  expectValid(response: ApiResponse, operationId?: string): void;
}

export interface CheckResult {
  id: string;
  area: Area;
  level: Level;
  title: string;
  source: string;
  status: CheckStatus;
  /** For skipped/error: why. */
  reason?: string;
  failure?: Failure;
  durationMs: number;
  requests: number;
  /** Requests of its minimal pass (the first verdict), when it ran one. */
  minimalRequests?: number;
  /** Generated and example cases run over all the check's properties (0 for a check without one). */
  cases?: number;
  /** The cases at full depth (`--runs` per property, or the check's own number). */
  fullCases?: number;
  /** `full`: every property ran its full depth; `reduced`: fewer cases than `--runs` asks (the verdict stands). */
  depth?: 'full' | 'reduced';
  /** Why the deepening pass stopped early for this check, when it did. */
  depthNote?: string;
}

/** A helper for registering: checks are plain objects, this only fixes the type. */
export function defineCheck(definition: CheckDefinition): CheckDefinition {
  return definition;
}

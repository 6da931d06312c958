/**
 * Builds the CheckContext a check runs with: failures and skips, schema validation of
 * responses, and fast-check properties seeded from the run (replayable from seed and path).
 */
import fc from 'fast-check';
import {
  CheckFailure,
  CaseOutOfScope,
  CheckPostponed,
  CheckSkipped,
  type CheckContext,
  type CheckDefinition,
  type Failure,
} from './check.ts';
import type { Hints } from './config.ts';
import {
  bodyNotJsonReason,
  bodyNotUtf8Reason,
  BudgetExhausted,
  freshView,
  type SentAgain,
  TimeBudgetExhausted,
  type ApiClient,
  type ApiResponse,
} from './http-client.ts';
import { movedSince } from './data-moved.ts';
import type { Discovery } from './discovery.ts';
import type { Profile } from './profile.ts';
import type { SpecValidator } from '../../../spec/src/spec-loader.ts';
import { failureOf } from './expect.ts';

/** How often a `ctx.wait` asks whether it should end early (`interruption`). */
const WAIT_SLICE_MS = 250;

/** Requests a minimal-pass failure may always spend shrinking, however tight the budget. */
const MIN_SHRINK_REQUESTS = 3;

export interface ContextOptions {
  check: CheckDefinition;
  client: ApiClient;
  spec: SpecValidator;
  discovery: Discovery;
  profile: Profile;
  hints: Hints;
  /** The run's seed (`--seed`). */
  seed: number;
  /** `--runs`. */
  runs: number;
  /** `--replay ID:PATH` for this check: the path to replay (see `parseReplayPath`). */
  replayPath?: string;
  /** Epoch ms when the run's time budget ends; deepening properties stop generating cases there. */
  deadline?: number;
  log?: (message: string) => void;
  /** Told when the check waits on purpose (`ctx.wait`). */
  onWait?: (reason: string, ms: number) => void;
  /**
   * Asked during a `ctx.wait` (every quarter second): an error to end the wait with, e.g. once the
   * server has stopped answering, so a check waiting out a window does not hold up the run's end.
   */
  interruption?: () => Error | undefined;
  /** Requests the run can still send (CheckContext.budgetLeft); unbounded when absent. */
  budgetLeft?: () => number;
  /**
   * Requests a failure found in the minimal pass may spend shrinking (what the run has left beyond
   * the minimal verdicts of the checks after it); unbounded when absent. Deepening shrinks freely.
   */
  shrinkAllowance?: () => number;
  /** CheckContext.spareBudget; budgetLeft when absent. */
  spareBudget?: () => number;
  /** Milliseconds until the run's time budget ends (CheckContext.timeLeftMs); unbounded when absent. */
  timeLeftMs?: () => number;
  /** How deep this pass goes (default: full depth, as a replay runs). */
  depth?: PassDepth;
  /** Filled by the context: one entry per property the check ran in this pass. */
  stats?: PropertyStat[];
  /** Called when the check judges the run's traffic (`ctx.judgeObserved`): whether it reads the whole run's readings. */
  onJudgeObserved?: (wholeRun: boolean) => void;
}

/**
 * A check runs in up to two passes (breadth before depth): `minimal` runs one case of the
 * check — its first property's first example (else one generated case), or its first sweep's
 * first item — beside the requests it sends outside them, so every check has a verdict at the
 * least cost; `deepen` takes the check's i-th property to
 * `targets[i]` cases in all, `done[i]` of which ran in the minimal pass: first the examples
 * the minimal pass left, then generated cases from a seed of its own; `full` runs every case
 * at once (replays).
 */
export type PassDepth =
  | { mode: 'minimal' }
  | { mode: 'deepen'; targets: readonly number[]; done: readonly number[] }
  | { mode: 'full' };

export interface PropertyStat {
  /** Cases run in this pass. */
  cases: number;
  /** Cases at full depth (`--runs`, or the check's own smaller number). */
  full: number;
  /**
   * Cases the deepening gives it before any generated case elsewhere: a property's examples and
   * one generated case, a sweep's every item (up to `full`) — the cases a rule names.
   */
  first: number;
  /** Requests sent by the property in this pass. */
  requests: number;
}

/** FNV-1a of a string, 31 bits: a stable per-check offset so checks don't share random streams. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

/**
 * The fast-check seed of the `index`-th property of a check in a run with seed `runSeed`;
 * the deepening pass draws from its own stream (`deep`), so it adds cases rather than repeat them.
 */
export function propertySeed(runSeed: number, checkId: string, index = 0, deep = false): number {
  return (runSeed + stableHash(checkId) + index * 7919 + (deep ? 104_729 : 0)) % 0x80000000;
}

/**
 * A replay path names the property within the check when it is not the first, and the
 * deepening pass by a leading `D`: `3:1:0` replays the first property; `2/3:1:0` the third;
 * `D0/3:1:0` the first property's case found while deepening.
 */
export function formatReplayPath(index: number, fcPath: string, deep = false): string {
  if (deep) return `D${index}/${fcPath}`;
  return index === 0 ? fcPath : `${index}/${fcPath}`;
}

export function parseReplayPath(path: string): { index: number; fcPath: string; deep: boolean } {
  const deep = path.startsWith('D');
  const rest = deep ? path.slice(1) : path;
  const slash = rest.indexOf('/');
  if (slash < 0) return { index: 0, fcPath: rest, deep };
  return { index: Number(rest.slice(0, slash)), fcPath: rest.slice(slash + 1), deep };
}

/** The operation and the path relative to the base that a response answers. */
function relativePath(client: ApiClient, url: string): string | undefined {
  const target = new URL(url);
  const base = new URL(client.baseUrl);
  if (target.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix !== '' && !target.pathname.startsWith(`${prefix}/`) && target.pathname !== prefix) {
    // Outside the base (e.g. /json.php at the origin root): the spec names it from the origin.
    return target.pathname;
  }
  return target.pathname.slice(prefix.length) || '/';
}

/**
 * Fresh judgements of a failed case of a `comparesAnswers` check before it counts (D65): a
 * directory whose data moves every few seconds passes a case whose few requests fall between
 * two moves; three fresh tries make a false failure rare, and cost a real fault three cases.
 */
export const RECHECKS = 3;

function isHarnessProblem(error: unknown): boolean {
  return !(error instanceof CheckFailure);
}

export function createCheckContext(options: ContextOptions): CheckContext {
  const { check, client, spec } = options;
  const log = options.log ?? (() => {});
  let propertyIndex = 0;
  const replay = options.replayPath === undefined ? undefined : parseReplayPath(options.replayPath);

  const fail = (failure: Failure): never => {
    throw new CheckFailure(failure);
  };

  const expectValid = (response: ApiResponse, operationId?: string): void => {
    let opId = operationId;
    const path = relativePath(client, response.url);
    if (opId === undefined) {
      const match = path === undefined ? undefined : spec.matchPath(path);
      if (!match) {
        throw new Error(`expectValid: no operation of the spec matches ${path ?? response.url}`);
      }
      opId = match.operation.operationId;
    }
    const truncated = response.truncated === true;
    if (truncated) {
      fail(
        failureOf(
          response,
          `${opId}: the body exceeds the response-size cap`,
          'a complete JSON body',
          'a body larger than the cap',
        ),
      );
    }
    if (!response.isJson) {
      fail(
        failureOf(
          response,
          `${opId}: ${bodyNotJsonReason(response)}`,
          `a JSON body for HTTP ${response.status} (§1 rule 1)`,
          response.text === ''
            ? 'an empty body'
            : `content-type ${response.headers['content-type'] ?? '(none)'}`,
        ),
      );
    }
    const notUtf8 = bodyNotUtf8Reason(response);
    if (notUtf8 !== undefined) {
      fail(
        failureOf(
          response,
          `${opId}: ${notUtf8}`,
          'a UTF-8 JSON body (§1 rule 1: "every response body is UTF-8 JSON")',
          notUtf8,
        ),
      );
    }
    const outcome = spec.validateResponse(opId, response.status, response.headers, response.body);
    if (!outcome.valid) {
      const shown = outcome.errors.slice(0, 12);
      const more = outcome.errors.length - shown.length;
      fail(
        failureOf(
          response,
          `${opId} HTTP ${response.status}: the response does not match spec/openapi.yaml (${outcome.errors[0]})`,
          `a documented status, headers and body of ${opId}`,
          shown.join('\n') + (more > 0 ? `\n… and ${more} more` : ''),
        ),
      );
    }
  };

  /**
   * D65: a failed judgement of a `comparesAnswers` check, made again on fresh answers (the run's
   * cache bypassed) up to RECHECKS times. Passed once one judgement passes (the data had moved,
   * which the log says); else the latest failure (undefined when the judgement returned false).
   * Each failed judgement is bracketed: its first GET is sent again, and data shown otherwise twice
   * in a row (movedSince) means the data moved while it was judged. A case whose every judgement failed
   * so is not judged (a directory moving between any two requests, D65): passed, as the log says.
   */
  const judgedAfresh = async (
    judgement: () => Promise<boolean>,
    failure: unknown,
  ): Promise<{ passed: true } | { passed: false; failure: unknown }> => {
    const cached = context.client;
    context.rechecking = true;
    let latest = failure;
    let movedEachTime = true;
    const what = () =>
      latest instanceof CheckFailure ? latest.failure.message : 'the property returned false';
    try {
      for (let attempt = 1; attempt <= RECHECKS; attempt += 1) {
        let bracket: SentAgain | undefined;
        context.client = freshView(client, (sent) => (bracket = sent));
        try {
          if (await judgement()) {
            log(
              `a disagreement did not survive fresh answers (recheck ${attempt}; the data moved): ${what()}`,
            );
            return { passed: true };
          }
        } catch (error) {
          if (isHarnessProblem(error)) throw error;
          latest = error;
        }
        if (movedEachTime)
          movedEachTime = bracket !== undefined && (await movedSince(bracket.response, bracket.again));
      }
    } finally {
      context.client = cached;
      context.rechecking = false;
    }
    if (movedEachTime) {
      log(
        `not judged: the data moved during each of ${RECHECKS} fresh judgements (their first answer changed): ${what()}`,
      );
      return { passed: true };
    }
    return { passed: false, failure: latest };
  };

  const depth = options.depth ?? { mode: 'full' };
  // The minimal pass judges one case of the check: the first property or sweep takes it.
  let minimalCaseTaken = false;
  const takeMinimalCase = (): boolean => {
    if (minimalCaseTaken) return false;
    minimalCaseTaken = true;
    return true;
  };
  const property: CheckContext['property'] = async (arbitraries, predicate, propertyOptions) => {
    const index = propertyIndex;
    propertyIndex += 1;
    const full = Math.max(1, propertyOptions?.numRuns ?? options.runs);
    const examples = propertyOptions?.examples ?? [];
    const replaying = replay !== undefined && replay.index === index;
    const stat: PropertyStat = { cases: 0, full, first: Math.min(full, examples.length + 1), requests: 0 };
    options.stats?.push(stat);
    const requestsBefore = client.requestCount;
    // A failure that survived its fresh rechecks: the shrinking that follows is not rechecked.
    const confirmed = { value: false };
    // Cases without a verdict (CaseOutOfScope): the first is logged with its reason, the rest counted.
    const outOfScope = { count: 0 };
    try {
      if (replaying) {
        await runCases(
          { index, numRuns: full, examples, deep: replay.deep, path: replay.fcPath },
          confirmed,
          stat,
        );
      } else if (depth.mode === 'full') {
        await runCases({ index, numRuns: full, examples, deep: false }, confirmed, stat);
      } else if (depth.mode === 'minimal') {
        // One case of the whole check for a verdict (its first example, else one generated
        // case), breadth first: the other examples and properties run when it is deepened.
        if (takeMinimalCase()) await runCases({ index, numRuns: 1, examples, deep: false }, confirmed, stat);
      } else {
        const target = Math.min(full, depth.targets[index] ?? 0);
        const done = depth.done[index] ?? 0;
        // What the minimal pass's own stream has not run yet — the examples it left and its one
        // generated case, all of them for a property the one-case pass skipped — so a failure
        // replays with a plain path; the cases already run are generated again, not judged.
        const plain = examples.length + 1;
        const upTo = Math.min(target, plain);
        if (upTo > done) {
          await runCases({ index, numRuns: upTo, examples, deep: false, alreadyRun: done }, confirmed, stat);
        }
        // Then the deepening's own stream, from where an earlier round left it.
        const deepTarget = target - plain;
        const deepDone = Math.max(0, done - plain);
        if (deepTarget > deepDone) {
          await runCases(
            { index, numRuns: deepTarget, examples: [], deep: true, alreadyRun: deepDone },
            confirmed,
            stat,
          );
        }
      }
    } finally {
      stat.requests = client.requestCount - requestsBefore;
      if (outOfScope.count > 1)
        log(`${outOfScope.count} cases of this property without a verdict (the first above)`);
    }

    async function runCases(
      run: {
        index: number;
        numRuns: number;
        examples: readonly unknown[][];
        /** The deepening's own stream (no examples; `D` replay paths). */
        deep: boolean;
        path?: string;
        /** Cases of this stream an earlier pass ran already (not counted again). */
        alreadyRun?: number;
      },
      confirmedFailure: { value: boolean },
      into: PropertyStat,
    ): Promise<void> {
      const seed = propertySeed(options.seed, check.id, run.index, run.deep);
      // A harness problem (network, budget, skip) is not a counterexample: remember it, make
      // every later case pass at once (no requests, no shrinking), and rethrow it afterwards.
      let harnessProblem: unknown;
      const judge = async (args: unknown[]): Promise<boolean> => {
        try {
          const outcome = await (predicate as (...a: unknown[]) => Promise<boolean | void>)(...args);
          return outcome !== false;
        } catch (error) {
          if (!(error instanceof CaseOutOfScope)) throw error;
          if (outOfScope.count++ === 0) log(`a case without a verdict: ${error.reason}`);
          return true;
        }
      };
      /** One case: its judgement and, for a `comparesAnswers` check, fresh judgements of a failure. */
      const judgeCase = async (args: unknown[]): Promise<boolean> => {
        let failure: unknown; // the CheckFailure thrown; undefined when the predicate returned false
        try {
          if (await judge(args)) return true;
        } catch (error) {
          if (isHarnessProblem(error)) throw error;
          failure = error;
        }
        if (check.comparesAnswers && !confirmedFailure.value) {
          const again = await judgedAfresh(() => judge(args), failure).catch((error: unknown) => {
            // A budget (requests or time) ended before the failure was confirmed: it does not
            // count, but is said.
            if (error instanceof BudgetExhausted || error instanceof TimeBudgetExhausted)
              error.unconfirmed =
                failure instanceof CheckFailure ? failure.failure.message : 'the property returned false';
            throw error;
          });
          if (again.passed) return true;
          failure = again.failure;
          confirmedFailure.value = true;
        }
        if (failure !== undefined) throw failure;
        return false;
      };
      // The cases an earlier pass ran of this same stream (same seed, same values) passed there:
      // fast-check generates them again to reach the next, but they are not judged (nor sent) twice.
      let passedEarlier = run.alreadyRun ?? 0;
      /**
       * In the minimal pass, the requests shrinking may spend (set at the first failure): past
       * them every further candidate counts as passing, and fast-check reports the smallest
       * failure found so far — the checks after this one keep the budget of their verdicts.
       */
      let shrinkUntil: number | undefined;
      /** Requests the last judged case took (a shrink candidate costs about as much). */
      let lastCaseCost = 0;
      const failedHere = () => {
        if (shrinkUntil === undefined && depth.mode === 'minimal' && options.shrinkAllowance !== undefined) {
          shrinkUntil = client.requestCount + Math.max(MIN_SHRINK_REQUESTS, options.shrinkAllowance());
        }
      };
      const guarded = async (...args: unknown[]): Promise<boolean> => {
        if (passedEarlier > 0) {
          passedEarlier -= 1;
          return true;
        }
        if (harnessProblem !== undefined) return true;
        // A candidate is not started when a case like the last would run past the allowance.
        if (shrinkUntil !== undefined && client.requestCount + lastCaseCost > shrinkUntil) return true;
        const caseStarted = client.requestCount;
        try {
          const passed = await judgeCase(args);
          lastCaseCost = client.requestCount - caseStarted;
          if (!passed) failedHere();
          return passed;
        } catch (error) {
          if (isHarnessProblem(error)) {
            harnessProblem = error;
            return true;
          }
          lastCaseCost = client.requestCount - caseStarted;
          failedHere();
          throw error;
        }
      };
      const arbs = arbitraries as unknown as fc.Arbitrary<unknown>[];
      const prop = fc.asyncProperty(
        ...(arbs as [fc.Arbitrary<unknown>]),
        guarded as (a: unknown) => Promise<boolean>,
      );
      const parameters: fc.Parameters<[unknown]> = { seed, numRuns: run.numRuns, endOnFailure: false };
      if (run.examples.length > 0 && !run.deep) parameters.examples = run.examples as [unknown][];
      if (run.path !== undefined) parameters.path = run.path;
      // Only deepening yields to the time budget: a minimal verdict is never cut short.
      if (options.deadline !== undefined && depth.mode === 'deepen' && !replaying) {
        parameters.interruptAfterTimeLimit = Math.max(1, options.deadline - Date.now());
      }
      const details = await fc.check(prop, parameters);
      into.cases += Math.max(0, details.numRuns - (run.alreadyRun ?? 0));
      if (harnessProblem !== undefined) throw harnessProblem;
      if (details.interrupted && !details.failed) {
        log(`property ${run.index} interrupted by the time budget after ${details.numRuns} cases`);
      }
      if (!details.failed) return;
      if (details.counterexample === null || details.counterexamplePath === null) {
        throw new CheckFailure({
          message: details.interrupted
            ? 'property interrupted before it could run'
            : `property could not generate cases (${details.numSkips} skipped)`,
          expected: `${run.numRuns} generated cases`,
          received: `${details.numRuns} cases`,
        });
      }
      const counterexample = fc.stringify(details.counterexample);
      const inner = details.errorInstance instanceof CheckFailure ? details.errorInstance.failure : undefined;
      const path = formatReplayPath(run.index, details.counterexamplePath, run.deep);
      const base: Failure = inner ?? {
        message: 'the property returned false',
        expected: 'the property holds',
        received: `false for ${counterexample}`,
      };
      fail({
        ...base,
        message: `${base.message} (counterexample after ${details.numRuns} cases, ${details.numShrinks} shrinks)`,
        property: { seed, path, numRuns: run.numRuns, counterexample },
      });
    }
  };

  const sweep: CheckContext['sweep'] = async (items, visit) => {
    const index = propertyIndex;
    propertyIndex += 1;
    const full = Math.max(1, Math.min(items.length, options.runs));
    let from = 0;
    let to = full;
    if (depth.mode === 'minimal') to = takeMinimalCase() ? 1 : 0;
    if (depth.mode === 'deepen') {
      from = depth.done[index] ?? 0;
      to = Math.min(full, depth.targets[index] ?? 0);
    }
    const stat: PropertyStat = { cases: 0, full, first: full, requests: 0 };
    options.stats?.push(stat);
    const requestsBefore = client.requestCount;
    try {
      for (let i = from; i < Math.min(to, items.length); i += 1) {
        // Like a property, only deepening yields to the time budget.
        if (depth.mode === 'deepen' && options.deadline !== undefined && Date.now() >= options.deadline) {
          log(`sweep ${index} stopped by the time budget after ${stat.cases} items`);
          break;
        }
        const item = items[i] as (typeof items)[number];
        try {
          await visit(item);
        } catch (error) {
          if (!check.comparesAnswers || isHarnessProblem(error)) throw error;
          const again = await judgedAfresh(async () => {
            await visit(item);
            return true;
          }, error);
          if (!again.passed) throw again.failure;
        }
        stat.cases += 1;
      }
    } finally {
      stat.requests = client.requestCount - requestsBefore;
    }
  };

  const judgeObserved: CheckContext['judgeObserved'] = (accepts, judge, judging = {}) => {
    options.onJudgeObserved?.(judging.wholeRun === true);
    let judged = 0;
    // A copy: what the judging sends (nothing, as a rule) is not offered again.
    for (const response of client.observed().filter(accepts)) if (judge(response)) judged += 1;
    if (judged > 0 && depth.mode === 'minimal') takeMinimalCase();
    return judged;
  };

  const context: CheckContext = {
    client,
    spec,
    discovery: options.discovery,
    profile: options.profile,
    hints: options.hints,
    rechecking: false,
    seed: options.seed,
    runs: options.runs,
    budgetLeft: options.budgetLeft ?? (() => Number.POSITIVE_INFINITY),
    spareBudget: options.spareBudget ?? options.budgetLeft ?? (() => Number.POSITIVE_INFINITY),
    timeLeftMs: options.timeLeftMs ?? (() => Number.POSITIVE_INFINITY),
    firstCaseOnly: () => depth.mode === 'minimal' && !minimalCaseTaken,
    log: (message) => log(message),
    fail,
    skip: (reason: string): never => {
      throw new CheckSkipped(reason);
    },
    postpone: (reason: string): never => {
      throw new CheckPostponed(reason);
    },
    wait: async (ms: number, reason: string) => {
      options.onWait?.(reason, ms);
      const until = Date.now() + Math.max(0, ms);
      for (;;) {
        const stop = options.interruption?.();
        if (stop !== undefined) throw stop;
        const left = until - Date.now();
        if (left <= 0) return;
        await new Promise<void>((resolve) => setTimeout(resolve, Math.min(left, WAIT_SLICE_MS)));
      }
    },
    property,
    sweep,
    judgeObserved,
    expectValid,
  };
  return context;
}

/**
 * Runs the selected checks against one deployment and emits the run's event stream:
 * run-start → discovery-done → (check-start → check-end)* → run-end.
 *
 * Exit-code policy (also in conformance/README.md):
 * - 0: no `must` check failed and no check errored;
 * - 1: a `must` check failed, or any check ended as `error` (the harness or network broke, so
 *   the verdict is incomplete), or a `profile` check failed under `--fail-on-profile`;
 * - 2: the run could not take place (preflight or discovery failed, bad configuration).
 * Skipped checks never change the exit code, and are never counted as passed.
 */
import {
  CheckFailure,
  CheckSkipped,
  type CheckDefinition,
  type CheckResult,
  type CheckStatus,
  type Hints,
} from './check.ts';
import { createCheckContext } from './context.ts';
import { discover, discoveryFacts, PreflightError, type Discovery } from './discovery.ts';
import {
  countResults,
  type CheckSummaryLine,
  type RunEvent,
  type RunListener,
  type RunSummary,
} from './events.ts';
import { BudgetExhausted, type ApiClient } from './http-client.ts';
import type { Profile } from './profile.ts';
import type { SpecValidator } from '../../../spec/src/spec-loader.ts';

/** The client the runner drives: the ApiClient plus what HttpApiClient adds (all optional). */
export interface RunnerClient extends ApiClient {
  setDeadline?(deadline: number | undefined): void;
  serverNow?(): number;
  redact?(text: string): string;
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
  discover?: (client: ApiClient, profile: Profile, hints: Hints) => Promise<Discovery>;
  /** Grace after the time budget before a running check is abandoned as `error`. */
  overrunGraceMs?: number;
}

const DEFAULT_TIME_BUDGET_MS = 300_000;
const DEFAULT_OVERRUN_GRACE_MS = 60_000;

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

/** `--only`/`--skip` (ids, areas or globs), then exhausting checks last, otherwise registry order. */
export function selectChecks(
  checks: readonly CheckDefinition[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
): CheckDefinition[] {
  const wanted = only.filter((p) => p.trim() !== '');
  const selected = checks.filter(
    (check) => (wanted.length === 0 || matchesAny(check, wanted)) && !matchesAny(check, skip),
  );
  return [...selected.filter((c) => !c.exhausting), ...selected.filter((c) => c.exhausting)];
}

/** The exit code of a finished run (see the policy at the top of this file). */
export function exitCodeFor(results: readonly CheckResult[], failOnProfile = false): 0 | 1 {
  const bad = results.some(
    (r) => r.status === 'error' || (r.status === 'fail' && (r.level === 'must' || failOnProfile)),
  );
  return bad ? 1 : 0;
}

function summaryLine(check: CheckDefinition): CheckSummaryLine {
  return { id: check.id, area: check.area, level: check.level, title: check.title, source: check.source };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

class CheckOverrun extends Error {}

/** Runs the suite; resolves with the summary (also emitted as `run-end`). Never rejects for a server's fault. */
export async function runSuite(options: RunOptions): Promise<RunSummary> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const deadline = started + (options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const grace = options.overrunGraceMs ?? DEFAULT_OVERRUN_GRACE_MS;
  const client = options.client;
  const redact = (text: string) => (client.redact ? client.redact(text) : text);
  const listeners = options.listeners ?? [];
  const emit = async (event: RunEvent) => {
    for (const listener of listeners) await listener(event);
  };
  const replayBase = options.replayBase ?? '';
  client.setDeadline?.(deadline);

  const selected = selectChecks(options.checks, options.only, options.skip);
  await emit({
    type: 'run-start',
    startedAt,
    baseUrl: client.baseUrl,
    seed: options.seed,
    runs: options.runs,
    checks: selected.map(summaryLine),
    replayBase,
  });

  const results: CheckResult[] = [];
  const finish = async (fatal?: string): Promise<RunSummary> => {
    const finishedAt = Date.now();
    const summary: RunSummary = {
      startedAt,
      finishedAt: new Date(finishedAt).toISOString(),
      durationMs: finishedAt - started,
      baseUrl: client.baseUrl,
      seed: options.seed,
      runs: options.runs,
      requests: client.requestCount,
      ...countResults(results),
      results,
      exitCode: fatal !== undefined ? 2 : exitCodeFor(results, options.failOnProfile),
      replayBase,
    };
    if (fatal !== undefined) summary.fatal = fatal;
    await emit({ type: 'run-end', summary });
    return summary;
  };

  let discovery: Discovery;
  const discoveryStart = Date.now();
  const requestsBefore = client.requestCount;
  try {
    discovery = await (options.discover ?? discover)(client, options.profile, options.hints);
  } catch (error) {
    const reason =
      error instanceof PreflightError ? error.message : `discovery failed: ${redact(messageOf(error))}`;
    return finish(reason);
  }
  await emit({
    type: 'discovery-done',
    durationMs: Date.now() - discoveryStart,
    requests: client.requestCount - requestsBefore,
    facts: discoveryFacts(discovery),
  });

  const total = selected.length;
  for (const [i, check] of selected.entries()) {
    const index = i + 1;
    const base = summaryLine(check);
    if (Date.now() >= deadline) {
      const result: CheckResult = {
        ...base,
        status: 'skipped',
        reason: 'time budget',
        durationMs: 0,
        requests: 0,
      };
      results.push(result);
      await emit({ type: 'check-end', index, total, result });
      continue;
    }
    await emit({ type: 'check-start', index, total, check: base });
    const checkStarted = performance.now();
    const requestsAtStart = client.requestCount;
    const ctx = createCheckContext({
      check,
      client,
      spec: options.spec,
      discovery,
      profile: options.profile,
      hints: options.hints,
      seed: options.seed,
      runs: options.runs,
      ...(options.replay?.id === check.id ? { replayPath: options.replay.path } : {}),
      deadline,
      log: (message) => {
        emit({ type: 'log', checkId: check.id, message: redact(message) }).catch(() => {});
      },
    });
    let status: CheckStatus = 'pass';
    let reason: string | undefined;
    let failure: CheckResult['failure'];
    let timer: NodeJS.Timeout | undefined;
    try {
      const overrun = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new CheckOverrun(`still running ${Math.round(grace / 1000)} s after the time budget ended`),
            ),
          Math.max(0, deadline - Date.now()) + grace,
        );
      });
      await Promise.race([Promise.resolve().then(() => check.run(ctx)), overrun]);
    } catch (error) {
      if (error instanceof CheckFailure) {
        status = 'fail';
        failure = error.failure;
        reason = error.failure.message;
      } else if (error instanceof CheckSkipped) {
        status = 'skipped';
        reason = error.reason;
      } else if (error instanceof BudgetExhausted) {
        status = 'error';
        reason = 'request budget exhausted';
      } else {
        status = 'error';
        reason = redact(messageOf(error));
      }
    } finally {
      clearTimeout(timer);
    }
    const result: CheckResult = {
      ...base,
      status,
      durationMs: Math.round(performance.now() - checkStarted),
      requests: client.requestCount - requestsAtStart,
    };
    if (reason !== undefined) result.reason = reason;
    if (failure !== undefined) result.failure = failure;
    results.push(result);
    await emit({ type: 'check-end', index, total, result });
  }
  return finish();
}

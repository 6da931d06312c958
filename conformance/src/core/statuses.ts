/**
 * What each status of a check means, whether it fails the run, and how every report writes
 * it — one table (after WPT's PASS / FAIL / TIMEOUT / NOTRUN / PRECONDITION_FAILED) that the
 * runner's exit code, the console, JSON, JUnit and HTML reporters all read.
 */
import type { CheckResult, CheckStatus, Level } from './check.ts';

export interface StatusInfo {
  /** One line for people (README, HTML legend, `--help`). */
  meaning: string;
  /** Does a check of this level with this status fail the run (exit 1)? */
  failsRun(level: Level, failOnProfile: boolean): boolean;
  /** Is the check's verdict known (pass or fail)? */
  verdict: boolean;
}

export const STATUS_ORDER: readonly CheckStatus[] = ['fail', 'error', 'timeout', 'notrun', 'skipped', 'pass'];

/** Must checks always gate; profile checks only under --fail-on-profile. */
const gatesAtItsLevel = (level: Level, failOnProfile: boolean) => level === 'must' || failOnProfile;

export const STATUSES: Record<CheckStatus, StatusInfo> = {
  pass: {
    meaning: 'The rule held for every case run.',
    failsRun: () => false,
    verdict: true,
  },
  fail: {
    meaning:
      'The server broke the rule (Expected / Received, the request, and for a property its seed, path and counterexample).',
    failsRun: gatesAtItsLevel,
    verdict: true,
  },
  error: {
    meaning:
      'The harness or the network broke (connection refused or reset, no response within --timeout-ms, a bug in a check): no verdict.',
    failsRun: () => true,
    verdict: false,
  },
  timeout: {
    meaning: 'The check was still running well after the time budget ended and was abandoned: no verdict.',
    failsRun: gatesAtItsLevel,
    verdict: false,
  },
  notrun: {
    meaning:
      "The run's budget (requests or time) ended before the check reached its minimal verdict: raise --time-budget or --max-requests.",
    failsRun: gatesAtItsLevel,
    verdict: false,
  },
  skipped: {
    meaning:
      'A precondition is missing (a key not given, no archived game known, nothing to judge): never counted as passed.',
    failsRun: () => false,
    verdict: false,
  },
};

/** Why a result is not a pass, in one line (its failure's message, else its reason): every report's summary line. */
export function oneLineWhy(result: Pick<CheckResult, 'status' | 'reason' | 'failure'>): string {
  return (result.failure?.message ?? result.reason ?? result.status).split('\n')[0] as string;
}

/** Whether one result fails the run. */
export function failsRun(result: Pick<CheckResult, 'status' | 'level'>, failOnProfile = false): boolean {
  return STATUSES[result.status].failsRun(result.level, failOnProfile);
}

/**
 * Why a finished run fails (exit 1), or undefined when it passes: a result that fails it, or
 * a selection of must checks none of which reached a verdict (a gate that tested nothing).
 */
export function runFailure(results: readonly CheckResult[], failOnProfile = false): string | undefined {
  const failing = results.filter((r) => failsRun(r, failOnProfile));
  if (failing.length > 0) {
    const byStatus = new Map<CheckStatus, number>();
    for (const r of failing) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    return [...byStatus].map(([status, n]) => `${n} ${status}`).join(', ');
  }
  const must = results.filter((r) => r.level === 'must');
  if (must.length > 0 && !must.some((r) => STATUSES[r.status].verdict)) {
    return `none of the ${must.length} must checks reached a verdict (all skipped or not run)`;
  }
  return undefined;
}

/** The reason of every check a dead server left unrun (the run summary says when and why, once). */
export const NOT_RUN_SERVER_DOWN = 'not run: the server had stopped answering (see the run summary)';

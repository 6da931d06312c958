/**
 * Player-history faults that the 200-request pass let through while the default budget caught
 * them: the minimal pass asks each check one case, and the cases that showed these faults were
 * later ones (the second property's today, the raw item of a sweep, an explicit granularity).
 * Whole runs at `--max-requests 200`, every hint, on a clock started at a fixed instant (the
 * directory is anchored at it): each fault fails the check that now meets it in that pass.
 */
import { describe, expect, it } from 'vitest';
import { clockStartingAt, runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 240_000;
const AT = Date.parse('2026-12-02T15:00:00Z');

const CASES: Array<[fault: string, check: string]> = [
  // A daily history that stops at yesterday (a roll-up of ended days): the check's traffic
  // judging pairs PLAYERS-DEFAULT-RANGE's raw 30 days with PLAYERS-MAX-SPAN-DEFAULT-TO's daily year.
  ['blind7-daily-history-without-today', 'PLAYERS-DAILY-IS-ROUNDED-MEAN'],
  // A request without granularity checked against the raw maximum: the first case leaves it out.
  ['blind2-players-daily-limit-without-granularity', 'PLAYERS-MAX-SPAN-DEFAULT-TO'],
  // The raw maximum checked only where `to` is given: the first case's 91 days leave it out.
  ['blind14-raw-limit-skipped-without-to', 'PLAYERS-RAW-MAX-SPAN'],
];

describe('player histories at --max-requests 200', () => {
  it.concurrent.for(CASES)('%s fails %s', { timeout: TIMEOUT_MS }, async ([fault, check]) => {
    const run = await runSuiteAgainstReference({
      maxRequests: 200,
      hints: true,
      faults: [fault],
      clock: clockStartingAt(AT),
    });
    expect(run.failing, run.output).toContain(check);
    expect(run.exitCode).toBe(1);
  });
});

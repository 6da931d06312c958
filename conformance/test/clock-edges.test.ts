/**
 * A run started in the last seconds of a UTC day: the key's reset is the next midnight, which
 * is also the end of the minute, so the reading cannot tell the minute's Remaining from the
 * day's. The run must still get a working budget (before, it was refused: "budget is 0
 * requests … day share binds") — against the reference server on a clock that runs from
 * 23:59:50 and from 23:59:59 UTC.
 */
import { describe, expect, it } from 'vitest';
import { clockStartingAt, runSuiteAgainstReference } from './run-against-reference.ts';

describe('a run started just before midnight UTC', () => {
  it.each(['2026-11-26T23:59:50Z', '2026-11-26T23:59:59Z'])(
    'from %s runs and passes',
    async (start) => {
      const run = await runSuiteAgainstReference({
        clock: clockStartingAt(Date.parse(start)),
        only: 'GAMES-ENVELOPE-SCHEMA,TAGS-SCHEMA,RATE-LIMIT-HEADERS-PRESENT',
        runs: 5,
      });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.report?.budget?.total).toBeGreaterThan(100);
      expect(run.results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    },
    60_000,
  );
});

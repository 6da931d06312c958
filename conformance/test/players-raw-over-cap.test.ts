/**
 * PLAYERS-DAILY-IS-ROUNDED-MEAN asks raw histories as long as 90 days: a server sampling far more
 * often than every half hour answers some of them with more than the suite's response cap. Such a
 * body is cut, and the case is not judged — the server is not at fault. Here the reference behind
 * a proxy pads every raw answer of more than 30 days past the cap (whitespace after the JSON).
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECK = 'PLAYERS-DAILY-IS-ROUNDED-MEAN';
const DAY_MS = 86_400_000;

const padded = proxyInFront({
  rewriteAnswer: (url, answer): Answer | undefined => {
    if (answer.status !== 200 || !/\/players$/.test(url.pathname)) return undefined;
    if (url.searchParams.get('granularity') !== 'raw') return undefined;
    const from = Date.parse(`${url.searchParams.get('from')}T00:00:00Z`);
    const to = Date.parse(`${url.searchParams.get('to')}T00:00:00Z`);
    if (!(to - from >= 30 * DAY_MS)) return undefined;
    return { ...answer, text: `${answer.text}${' '.repeat(3 * 1024 * 1024)}` };
  },
});

describe('raw histories past the response cap', () => {
  it('are not judged: the check passes a server whose long raw answers are cut', async () => {
    const run = await runSuiteAgainstReference({ only: CHECK, frontedBy: padded });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass']);
  }, 180_000);
});

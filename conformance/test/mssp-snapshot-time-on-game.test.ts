/**
 * MSSP-SNAPSHOT-TIME-ON-GAME beyond the blind fault that showed it (an archived game's null MSSP
 * collection time): a server writing an older time there — two days before the collection, as a
 * first collection's or an archiving's would be — fails it too; one whose summary lags a crawl
 * behind (ten minutes older) passes. Each server is the reference behind a proxy rewriting the
 * time in game details.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECK = 'MSSP-SNAPSHOT-TIME-ON-GAME';

/** The reference behind a proxy moving every game detail's MSSP collection time `ms` earlier. */
function earlierBy(ms: number) {
  return proxyInFront({
    rewriteAnswer: (url, answer): Answer | undefined => {
      if (answer.status !== 200 || !/\/games\/\d+$/.test(url.pathname)) return undefined;
      const body = JSON.parse(answer.text) as { data: { status: { mssp_collected_at: string | null } } };
      const at = body.data.status.mssp_collected_at;
      if (at === null) return undefined;
      body.data.status.mssp_collected_at = new Date(Date.parse(at) - ms)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
      return { ...answer, text: JSON.stringify(body) };
    },
  });
}

describe('a game detail whose MSSP collection time is older than its newest snapshot', () => {
  it('fails when it is two days older', async () => {
    const run = await runSuiteAgainstReference({
      only: CHECK,
      hints: true,
      frontedBy: earlierBy(2 * 86_400_000),
    });
    expect(run.exitCode, run.output).toBe(1);
    expect(run.failing).toEqual([CHECK]);
  }, 180_000);

  it('passes when it is ten minutes older (a summary a crawl behind)', async () => {
    const run = await runSuiteAgainstReference({ only: CHECK, hints: true, frontedBy: earlierBy(600_000) });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass']);
  }, 180_000);
});

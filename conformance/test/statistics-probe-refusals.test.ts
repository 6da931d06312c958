/**
 * The statistics names are probed once per run (checks/statistics/support/probe-names.ts); a probe
 * that met only refusals that may pass — a 5xx other than 503, a 429 after its retry — is not kept:
 * it is made again, so a server that refused for a moment does not skip every statistics check
 * (seen once in CI: 13 checks skipped against the moving reference server, reason not recorded).
 * Shown with a proxy in front of the reference server that answers 500 to the first default
 * statistics requests, as many as the probe tries games; a 503 (not ready, lasting) is kept.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** Games the probe tries for a 200 default statistics answer (MAX_GAMES in probe-names.ts). */
const PROBED_GAMES = 6;

/** A proxy refusing the first `count` default statistics requests with `status`. */
function refusingFirstStatistics(count: number, status: number, code: string) {
  let refused = 0;
  const front = proxyInFront({
    intercept: (req, res) => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      if (!url.pathname.endsWith('/statistics') || url.search !== '' || refused >= count) return false;
      refused += 1;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({ error: { code, message: 'refused by the proxy' }, request_id: `proxy-${refused}` }),
      );
      return true;
    },
  });
  return { front, refused: () => refused };
}

const ONLY = 'STATISTICS-POINT-FIELDS,STATISTICS-MIN-AVERAGE-MAX';

describe('the statistics names probe meets refusals', () => {
  it('probes again after 500s on every game it tried, and the checks reach their verdicts', async () => {
    const proxy = refusingFirstStatistics(PROBED_GAMES, 500, 'internal_error');
    const run = await runSuiteAgainstReference({ only: ONLY, runs: 5, frontedBy: proxy.front });
    expect(proxy.refused()).toBe(PROBED_GAMES);
    expect(run.results.map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`.trim())).toEqual([
      'STATISTICS-POINT-FIELDS: pass',
      'STATISTICS-MIN-AVERAGE-MAX: pass',
    ]);
  }, 120_000);

  it('keeps a probe whose games all answered 503 (not ready): the checks skip saying so', async () => {
    const proxy = refusingFirstStatistics(1_000, 503, 'statistics_unavailable');
    const run = await runSuiteAgainstReference({ only: ONLY, runs: 5, frontedBy: proxy.front });
    // One probe only: a 503 is not probed again (a probe made again would have asked 6 more games).
    expect(proxy.refused()).toBe(PROBED_GAMES);
    const skipped = run.results.filter((r) => r.status === 'skipped');
    expect(skipped.map((r) => r.id)).toEqual(['STATISTICS-POINT-FIELDS', 'STATISTICS-MIN-AVERAGE-MAX']);
    expect(skipped[0]!.reason).toMatch(/answered its default statistics with 200 \(game \d+: 503/);
  }, 120_000);
});

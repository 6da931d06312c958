/**
 * A server may require the metric and resolution selectors and validate a statistics query
 * before it looks the game up (§4 gives no default for them): its 422 before 404 is a
 * legitimate order, so STATISTICS-NOT-FOUND sends a query valid under the deployment's names.
 * Shown with a proxy that refuses, with 422 invalid_statistics_query, any statistics request
 * without both selectors.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const requiringSelectors = proxyInFront({
  intercept: (req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const complete = url.searchParams.has('metric') && url.searchParams.has('resolution');
    if (!url.pathname.endsWith('/statistics') || complete) return false;
    res.writeHead(422, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        error: { code: 'invalid_statistics_query', message: 'metric and resolution are required' },
        request_id: 'requiring-proxy',
      }),
    );
    return true;
  },
});

describe('a server that requires the statistics selectors', () => {
  it('passes STATISTICS-NOT-FOUND: the check sends a valid query', async () => {
    const run = await runSuiteAgainstReference({
      only: 'STATISTICS-NOT-FOUND',
      frontedBy: requiringSelectors,
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass']);
  }, 60_000);
});

/**
 * A server that takes a key from the query string fails the check that says it must not
 * (AUTH-KEY-ONLY-IN-HEADER) — and only that one: the probe that sent the low-limit key in the URL
 * spent that key's budget, and the per-key accounting counts it as the key's own use instead of
 * blaming another key's requests (RATE-LIMIT-PER-KEY failed so before; checked).
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

describe('a key admitted from the URL', () => {
  it('fails the key-in-header check alone, not the per-key limit', async () => {
    const run = await runSuiteAgainstReference({
      only: 'AUTH-KEY-ONLY-IN-HEADER,RATE-LIMIT-PER-KEY',
      faults: ['api-key-query-param-accepted'],
    });
    expect(run.failing, run.output).toEqual(['AUTH-KEY-ONLY-IN-HEADER']);
    expect(run.results.find((r) => r.id === 'RATE-LIMIT-PER-KEY')?.status).toBe('pass');
  }, 120_000);
});

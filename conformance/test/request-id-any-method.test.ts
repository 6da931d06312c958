/**
 * RATE-LIMIT-REQUEST-ID-IN-BODY judges every answer with a body the run already has to a counted
 * key, whatever its method: a server whose 405 bodies (to POST, OPTIONS, …) carry another
 * request_id than their X-Request-ID is caught within a small budget, where the check's own
 * first case is a GET's error. The fault is written in a proxy in front of the reference, not
 * in the server or against the check.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Rewrite } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** A 405 whose body names a request id of its own. */
const otherIdOn405: Rewrite = (_url, answer) => {
  // A HEAD's 405 has no body.
  if (answer.status !== 405 || answer.text === '') return undefined;
  const body = JSON.parse(answer.text) as { request_id?: string };
  return { ...answer, text: JSON.stringify({ ...body, request_id: randomUUID() }) };
};

describe('request ids in the bodies of every method', () => {
  it('fails RATE-LIMIT-REQUEST-ID-IN-BODY on 405 bodies naming another id, at 200 requests', async () => {
    const run = await runSuiteAgainstReference({
      skip: 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED,RATE-LIMIT-RETRY-AFTER-HONOURED',
      maxRequests: 200,
      runs: 100,
      seed: 1,
      frontedBy: proxyInFront({ rewriteAnswer: otherIdOn405 }),
    });
    expect(run.failing, run.output).toContain('RATE-LIMIT-REQUEST-ID-IN-BODY');
    expect(run.exitCode).toBe(1);
  }, 240_000);
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

function expectAuthenticationRequired(response: ApiResponse, method: string): void {
  // HEAD has no body to carry the code: the status says it.
  if (method === 'HEAD') expectStatus(response, 401, 'HEAD without a key');
  else expectErrorEnvelope(response, 401, 'authentication_required');
}

export const beforeMethodCheck = defineCheck({
  id: 'AUTH-BEFORE-METHOD-CHECK',
  area: 'auth',
  source: '§5 rule 1 (every endpoint requires the key; DECISIONS D28)',
  level: 'must',
  title: 'A non-GET request without a key is answered 401, not 405',
  covers: ['S5.1'],
  async run(ctx) {
    const paths = everySecuredPath(ctx);
    await ctx.sweep([...METHODS.entries()], async ([index, method]) => {
      const path = paths[index % paths.length] as string;
      expectAuthenticationRequired(await ctx.client.request(path, { method, auth: 'none' }), method);
    });
    // Methods × paths: 54 pairs; a sample of them is enough for an ordering rule.
    await ctx.property(
      [fc.constantFrom(...METHODS), fc.constantFrom(...paths)],
      async (method, path) => {
        expectAuthenticationRequired(await ctx.client.request(path, { method, auth: 'none' }), method);
      },
      { numRuns: Math.min(ctx.runs, 20) },
    );
  },
});

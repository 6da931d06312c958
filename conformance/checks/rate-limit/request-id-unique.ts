import { countedKeyAnswer } from './support/counted-key.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { requestIdHeader } from '../harness/request-id-header.ts';

/** Every kind of counted answer; one fixed request of each runs first. */
const KINDS: RequestKind[] = ['ok', 'unknown-game', 'unknown-route', 'method', 'invalid-filter'];

export const requestIdUnique = defineCheck({
  id: 'RATE-LIMIT-REQUEST-ID-UNIQUE',
  area: 'rate-limit',
  source: '§7 response headers, X-Request-ID ("identifying an authenticated request")',
  level: 'must',
  title: 'No two requests get the same X-Request-ID',
  covers: ['S7.H.REQUESTID'],
  async run(ctx) {
    const seen = new Map<string, string>();
    const judge = (response: ApiResponse): boolean => {
      if (!RATE_LIMITED_STATUSES.includes(response.status)) return false;
      const requestId = requestIdHeader(response);
      if (requestId === undefined) return false;
      const earlier = seen.get(requestId);
      if (earlier !== undefined) {
        failWith(
          response,
          'two requests were given the same X-Request-ID',
          'a fresh X-Request-ID for every request',
          `X-Request-ID ${requestId}, already given to ${earlier}`,
        );
      }
      seen.set(requestId, `${response.request.method} ${response.request.url}`);
      return true;
    };
    // Every answer the run already has to a counted key's GET (each one a request sent), then its own.
    ctx.judgeObserved(countedKeyAnswer(ctx), judge);
    await ctx.property(
      [anyRequestArbitrary(ctx, KINDS)],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      { numRuns: Math.min(ctx.runs, 50), examples: anyRequestExamples(ctx, KINDS) },
    );
    if (seen.size === 0) ctx.skip('no response carried X-Request-ID (see RATE-LIMIT-HEADERS-PRESENT)');
  },
});

import { countedKeyAnswerWithBody } from './support/counted-key.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { anyRequestArbitrary, anyRequestExamples } from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { requestIdHeader } from '../harness/request-id-header.ts';

export const requestIdInBody = defineCheck({
  id: 'RATE-LIMIT-REQUEST-ID-IN-BODY',
  area: 'rate-limit',
  source: '§7 response headers, X-Request-ID; §7 errors, request_id (DECISIONS D38)',
  level: 'must',
  title: "X-Request-ID of an error response equals the body's request_id",
  covers: ['S7.H.REQUESTID', 'S7.BODY'],
  async run(ctx) {
    let compared = 0;
    const errors = anyRequestArbitrary(ctx, [
      'unknown-game',
      'unknown-route',
      'method',
      'invalid-filter',
      'invalid-date-range',
    ]);
    const judge = (response: ApiResponse): boolean => {
      // A body that is not JSON is PROTOCOL-JSON-BODIES' and PROTOCOL-ERROR-ENVELOPE's concern.
      if (response.status < 400 || response.status === 503 || !response.isJson) return false;
      // Missing or redacted by the client: presence is RATE-LIMIT-HEADERS-PRESENT's rule.
      const requestId = requestIdHeader(response);
      if (requestId === undefined) return false;
      compared += 1;
      const bodyId = (response.body as { request_id?: unknown } | undefined)?.request_id;
      if (bodyId !== requestId) {
        failWith(
          response,
          "X-Request-ID differs from the body's request_id",
          `request_id ${JSON.stringify(requestId)} (the X-Request-ID header)`,
          `request_id ${JSON.stringify(bodyId)}`,
        );
      }
      return true;
    };
    // The error answers the run already has to a counted key (any method with a body), then errors of every kind.
    ctx.judgeObserved(countedKeyAnswerWithBody(ctx), judge);
    await ctx.property(
      [errors],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      {
        numRuns: Math.min(ctx.runs, 50),
        examples: anyRequestExamples(ctx, [
          'unknown-game',
          'unknown-route',
          'method',
          'invalid-filter',
          'invalid-date-range',
        ]),
      },
    );
    if (compared === 0) ctx.skip('no error response carried X-Request-ID (see RATE-LIMIT-HEADERS-PRESENT)');
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import type { SampleRequest } from '../harness/arbitraries/sample-request.ts';
import { sendSample } from '../harness/send-sample.ts';

/** The only 5xx the description documents for a valid request: statistics not ready (§4, §7). */
const STATISTICS_OPERATIONS = new Set(['getGameStatistics', 'getGameActivityPattern']);
const NOT_READY = new Set(['statistics_pending', 'statistics_unavailable']);

/**
 * Schemathesis's first check (`not_a_server_error`): a request the description defines as
 * valid is never answered with a 5xx — a 500 is documented as possible, not as an answer to a
 * valid request — except the statistics endpoints' 503 statistics_pending/unavailable.
 */
export const noServerError = defineCheck({
  id: 'PROTOCOL-NO-SERVER-ERROR',
  area: 'protocol',
  source:
    '§4 endpoints (each valid request answered 200, or its documented 404/422); §7 internal_error; statistics rule 3',
  level: 'must',
  title: 'No valid request is answered with a server error',
  covers: ['S7.STATUSES', 'S1.2', 'S4.STATS.3-503'],
  async run(ctx) {
    const operations = securedOperations(ctx.spec);
    const request = fc.constantFrom(...operations).chain((operation) =>
      validRequestArbitrary(ctx, operation).map((sample) => ({
        operationId: operation.operationId,
        sample,
      })),
    );
    // Every operation once first, with its defaults.
    const examples = everySecuredPath(ctx).map((path, i) => [
      {
        operationId: operations[i]!.operationId,
        sample: { kind: 'ok', method: 'GET', path, query: [], auth: 'primary' } satisfies SampleRequest,
      },
    ]);
    await ctx.property(
      [request],
      async ({ operationId, sample }) => {
        const response = await sendSample(ctx, sample);
        if (response.status < 500) return;
        const code = (response.body as { error?: { code?: unknown } } | undefined)?.error?.code;
        if (
          response.status === 503 &&
          STATISTICS_OPERATIONS.has(operationId) &&
          NOT_READY.has(String(code))
        ) {
          return;
        }
        failWith(
          response,
          `${operationId}: a valid request was answered HTTP ${response.status}${typeof code === 'string' ? ` ${code}` : ''}`,
          'a 2xx or the documented 4xx (503 statistics_pending/unavailable on the statistics endpoints only)',
          `HTTP ${response.status}: ${response.text.slice(0, 160)}`,
        );
      },
      { examples },
    );
  },
});

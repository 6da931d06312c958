import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { expectDocumentedResponse } from './support/expect-documented-response.ts';
import { sendSample } from '../harness/send-sample.ts';

export const responsesMatchSpec = defineCheck({
  id: 'PROTOCOL-RESPONSES-MATCH-SPEC',
  area: 'protocol',
  source: '§2 resources and their fields; §4 endpoints (responses); §7 statuses and headers',
  level: 'must',
  title: 'Every response to a valid request is a documented status with valid headers and body',
  covers: ['S1.2', 'S1.5-ENVELOPE', 'S7.STATUSES'],
  async run(ctx) {
    const request = fc
      .constantFrom(...securedOperations(ctx.spec))
      // Only the id in the counterexample: the operation's definition would drown the report.
      .chain((operation) =>
        validRequestArbitrary(ctx, operation).map((sample) => ({
          operationId: operation.operationId,
          sample,
        })),
      );
    await ctx.property([request], async ({ operationId, sample }) => {
      expectDocumentedResponse(ctx, await sendSample(ctx, sample), operationId);
    });
  },
});

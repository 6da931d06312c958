import { bodyNotJsonReason, bodyNotUtf8Reason } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { jsonMediaTypeProblem } from './support/json-media-type.ts';
import { sendSample } from '../harness/send-sample.ts';

export const jsonBodies = defineCheck({
  id: 'PROTOCOL-JSON-BODIES',
  area: 'protocol',
  source: '§1 rule 1 ("every response body is UTF-8 JSON")',
  level: 'must',
  title: 'Every response body is JSON labelled application/json in UTF-8',
  covers: ['S1.1'],
  async run(ctx) {
    const kinds: RequestKind[] = [
      'ok',
      'no-key',
      'bad-key',
      'unknown-game',
      'unknown-route',
      'method',
      'invalid-filter',
      'invalid-date-range',
    ];
    const requests = anyRequestArbitrary(ctx, kinds);
    await ctx.property(
      [requests],
      async (sample) => {
        const response = await sendSample(ctx, sample);
        const problem = jsonMediaTypeProblem(response.headers['content-type']);
        if (problem !== undefined) {
          failWith(
            response,
            `HTTP ${response.status}: ${problem}`,
            'Content-Type: application/json (charset, if any, utf-8)',
            `Content-Type: ${response.headers['content-type'] ?? '(none)'}`,
          );
        }
        const notUtf8 = bodyNotUtf8Reason(response);
        if (notUtf8 !== undefined) {
          failWith(response, `HTTP ${response.status}: ${notUtf8}`, 'a UTF-8 JSON body', notUtf8);
        }
        if (!response.isJson) {
          failWith(
            response,
            `HTTP ${response.status}: ${bodyNotJsonReason(response)}`,
            'a UTF-8 JSON body',
            response.text === '' ? 'an empty body' : response.text.slice(0, 120),
          );
        }
      },
      { examples: anyRequestExamples(ctx, kinds) },
    );
  },
});

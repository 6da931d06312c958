import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { servedPaths } from '../harness/served-paths.ts';

/**
 * Parameter names no operation of the API defines and no client-side convention gives a meaning
 * the description would have to speak of (no `format`, `fields`, `callback`, `api_key`): what a
 * proxy, a tracker or a cache-buster adds to a URL.
 */
const UNDEFINED_NAMES = ['utm_source', '_', 'ref', 'client', 'lang', 'trace'] as const;

/**
 * §4 lists each operation's errors: GET /tags, a game's detail and MSSP snapshot, the reviews
 * and a review list none for a query (no 400, no 422). A parameter such an operation does not
 * define is therefore no reason to refuse it (D64: ignored): the answer to the request with it
 * has the status of the same request without it. First case `GET /tags?utm_source=…` (one
 * request); the request without the parameter is sent only when the status is not 200, so a
 * game archived or a snapshot gone since discovery is no failure.
 */
export const undefinedParameterIgnored = defineCheck({
  id: 'PROTOCOL-UNDEFINED-PARAMETER-IGNORED',
  area: 'protocol',
  source:
    '§4 GET /tags ("No parameters"; errors 401, 405, 429, 500), GET /games/{gameId}, /mssp, GET /reviews, GET /reviews/{reviewId} (their errors list no 400 or 422)',
  level: 'must',
  title: 'A parameter an operation without a 422 does not define does not change its status',
  covers: ['S4.LISTED-ERRORS', 'S4.TAGS'],
  decisions: ['D64'],
  comparesAnswers: true,
  async run(ctx) {
    // The operations whose listed answers hold no refusal of a query, with a path to ask.
    const paths = servedPaths(
      ctx.spec,
      ctx.discovery,
      (operation) =>
        operation.method === 'GET' &&
        operation.responses['200'] !== undefined &&
        operation.responses['400'] === undefined &&
        operation.responses['422'] === undefined,
    );
    if (paths.length === 0) return ctx.skip('the spec lists no operation without a 400 or 422');
    const arbitrary = fc.record({
      path: fc.constantFrom(...paths),
      name: fc.constantFrom(...UNDEFINED_NAMES),
      value: fc.stringMatching(/^[a-z0-9]{1,12}$/),
    });
    await ctx.property(
      [arbitrary],
      async ({ path, name, value }) => {
        const operation = ctx.spec.matchPath(path)?.operation;
        if (operation?.parameters.some((parameter) => parameter.name === name)) return;
        const response = await ctx.client.get(path, { query: [[name, value]] });
        if (response.status === 200) return;
        const without = await ctx.client.get(path, { fresh: true });
        if (without.status === response.status) return;
        ctx.fail(
          failureOf(
            response,
            `GET ${path} with a parameter it does not define (${name}) answered ${response.status}, without it ${without.status}`,
            `HTTP ${without.status}, as without the parameter: the operation lists no refusal of a query (D64: ignored)`,
            `HTTP ${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`,
          ),
        );
      },
      { examples: [[{ path: paths[0]!, name: 'utm_source', value: 'conformance' }]] },
    );
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus, expectErrorEnvelope } from '../../src/core/expect.ts';
import type { ApiResponse, RequestOptions } from '../../src/core/http-client.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';
import { securedPathTemplates, concretePath, knownGameIds, knownReviewIds } from '../../src/core/paths.ts';

/**
 * D27 (strict): HEAD and OPTIONS are "other methods" too. HEAD and OPTIONS come right after POST:
 * what a web framework answers for a GET route by itself (200, 204), the likeliest slip. Method
 * tokens no registry lists (`curl -X FOO`) are not sent (D78): proxies in front of a deployment
 * may refuse them before the API sees them.
 */
const METHODS = ['POST', 'HEAD', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'];

/**
 * The ways web frameworks let a request claim another method (method-override middleware for HTML
 * forms: a header, or Rails' and Laravel's `_method`): a POST claiming GET is still a POST, which
 * §4 answers 405. Sent with POST, the method such middleware rewrites.
 */
/** What a request sends besides its method and path: headers, a query, a body. */
type Sent = Pick<RequestOptions, 'headers' | 'query' | 'body'>;

const METHOD_OVERRIDES: readonly Sent[] = [
  { headers: { 'X-HTTP-Method-Override': 'GET' } },
  { headers: { 'X-HTTP-Method': 'GET' } },
  { headers: { 'X-Method-Override': 'GET' } },
  { query: [['_method', 'GET']] },
];

/** Request bodies of another method than GET: §4 answers them 405 whatever they hold. */
const BODIES: readonly Sent[] = [
  { headers: { 'Content-Type': 'application/json' }, body: '{"name": "Duskwood",' },
  { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Duskwood&votes=%zz' },
];

/** The sweep's first item: a POST claiming GET, its body JSON that does not parse. */
const FIRST_POST: Sent = {
  headers: { ...METHOD_OVERRIDES[0]!.headers, ...BODIES[0]!.headers },
  body: BODIES[0]!.body,
};

const allowsOnlyGet = (value: string) => {
  const methods = value.split(',').map((method) => method.trim());
  return methods.length === 1 && methods[0] === 'GET';
};

function expectMethodNotAllowed(response: ApiResponse, method: string): void {
  // HEAD has no body: the status and Allow say it.
  if (method === 'HEAD') expectStatus(response, 405, `HEAD ${new URL(response.url).pathname}`);
  else expectErrorEnvelope(response, 405, 'method_not_allowed');
  expectHeader(response, 'Allow', allowsOnlyGet, 'Allow: GET (§4, §7)');
}

export const methodNotAllowed = defineCheck({
  id: 'PROTOCOL-METHOD-NOT-ALLOWED',
  area: 'protocol',
  source: '§4 endpoints ("Any other method returns 405 … with header Allow: GET"); §1 rule 1 (DECISIONS D27)',
  level: 'must',
  title: 'Every method but GET is answered 405 method_not_allowed with Allow: GET',
  covers: ['S1.1', 'S4.405', 'S7.CODE.method_not_allowed', 'S7.H.ALLOW'],
  async run(ctx) {
    const templates = securedPathTemplates(ctx.spec);
    const path = fc
      .tuple(fc.constantFrom(...templates), pathValuesArbitrary(ctx.discovery))
      .map(([template, values]) => concretePath(template, values));
    // Every method and every path at least once …
    const known = {
      gameId: knownGameIds(ctx.discovery)[0] ?? 1,
      reviewId: knownReviewIds(ctx.discovery)[0] ?? 1,
    };
    type Pair = { method: string; target: string; override?: Sent };
    const pairs: Array<Pair & { then?: Pair }> = Array.from(
      { length: Math.max(METHODS.length, templates.length) },
      (_, i) => ({
        method: METHODS[i % METHODS.length] as string,
        target: concretePath(templates[i % templates.length] as string, known),
        // The first POST claims GET as well, with a JSON body that does not parse: a server
        // answering POSTs, honouring the claim, or parsing bodies before the method check fails it.
        ...(i === 0 ? { override: FIRST_POST } : {}),
      }),
    );
    // HEAD and OPTIONS in one item, the second: what a web framework answers for a GET route by
    // itself (200 without a body, 204 with `Allow: GET, HEAD`), the likeliest slips after POST,
    // both among the first two items a tight budget affords.
    const optionsAt = pairs.findIndex((pair) => pair.method === 'OPTIONS');
    const headAt = pairs.findIndex((pair) => pair.method === 'HEAD');
    if (optionsAt >= 0 && headAt >= 0) {
      const [options] = pairs.splice(optionsAt, 1);
      pairs[headAt] = { ...(pairs[headAt] as Pair), then: options as Pair };
    }
    // … and a POST claiming GET each other way a framework reads it, on other paths.
    METHOD_OVERRIDES.slice(1).forEach((override, i) =>
      pairs.push({
        method: 'POST',
        target: concretePath(templates[(i + 1) % templates.length] as string, known),
        override,
      }),
    );
    // … and bodies a parser in front of the method check would read: JSON that does not parse
    // (a body parser answering 400 or 500 before the method check answers 405), then a form.
    BODIES.forEach((sent, i) =>
      pairs.push({
        method: i % 2 === 0 ? 'POST' : 'PUT',
        target: concretePath(templates[(i + 2) % templates.length] as string, known),
        override: sent,
      }),
    );
    // … and TRACE, third (after POST, and HEAD with OPTIONS): a diagnostics handler answering it
    // echoes the request back, its Authorization header with the key included. nginx and other
    // proxies refuse TRACE with a 405 of their own, without the API's envelope: the status alone
    // is judged when the body is not JSON.
    pairs.splice(2, 0, {
      method: 'TRACE',
      target: concretePath(templates[1 % templates.length] as string, known),
    });
    const judgePair = async ({ method, target, override }: Pair): Promise<void> => {
      const response = await ctx.client.request(target, { method, ...override });
      if (method === 'TRACE' && !response.isJson)
        return expectStatus(response, 405, 'TRACE (§4: any other method)');
      expectMethodNotAllowed(response, method);
    };
    await ctx.sweep(pairs, async ({ then, ...pair }) => {
      await judgePair(pair);
      if (then !== undefined) await judgePair(then);
    });
    // … then a sample of the 54 method × path pairs, with other ids, POSTs sometimes claiming GET,
    // and a third of them right after the same URL's GET was answered twice: a response cache
    // looked up by the URL before the method check (one keeping an answer at its first sight or
    // its second) answers the other method with the GET's 200.
    await ctx.property(
      [
        fc.constantFrom(...METHODS),
        path,
        fc.option(fc.constantFrom(...METHOD_OVERRIDES), { freq: 3 }),
        fc.integer({ min: 0, max: 2 }),
      ],
      async (method, target, override, third) => {
        if (third === 0) {
          await ctx.client.get(target, { fresh: true });
          await ctx.client.get(target, { fresh: true });
        }
        const claimed = method === 'POST' && override !== null ? override : {};
        expectMethodNotAllowed(await ctx.client.request(target, { method, ...claimed }), method);
      },
      { numRuns: Math.min(ctx.runs, 20) },
    );
  },
});

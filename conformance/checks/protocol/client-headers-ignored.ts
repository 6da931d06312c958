import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { errorCodeOf, failureOf, failWith } from '../../src/core/expect.ts';
import { bodyNotJsonReason } from '../../src/core/http-client.ts';
import { servedPaths } from '../harness/served-paths.ts';
import { jsonMediaTypeProblem } from './support/json-media-type.ts';

/**
 * Request headers clients send on their own — browsers, HTTP libraries, proxies — that the
 * description gives no meaning: content negotiation that does not name JSON (a browser's
 * `Accept: text/html`, an XML client's), languages and charsets, cache directives, user agents.
 * Conditional requests (If-None-Match, If-Modified-Since: a 304 is HTTP's own) and
 * Accept-Encoding (a compressed answer is a transport matter) are not sent (D71).
 */
const CLIENT_HEADERS: readonly Record<string, string>[] = [
  { Accept: 'text/html' },
  { Accept: 'application/xml' },
  { Accept: 'text/plain' },
  { Accept: 'text/csv' },
  { Accept: 'application/xhtml+xml, application/xml;q=0.9' },
  { 'Accept-Language': 'fr-FR, de;q=0.8' },
  { 'Accept-Charset': 'iso-8859-1' },
  { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0' },
  { 'X-Requested-With': 'XMLHttpRequest' },
];

/**
 * §1 rule 1: "every response body is UTF-8 JSON", and §7 lists the statuses the API uses (200,
 * 401, 404, 405, 422, 429, 500; 503 and 410 where said) — no 406 Not Acceptable, no 415. So a
 * request a client's own headers accompany is answered as without them: JSON, with the status
 * the same request has without them (D71). First case `GET /tags` with `Accept: text/html` (one
 * request); the request without the headers is sent only when the status is not 200, so a game
 * archived or a snapshot gone since discovery is no failure.
 */
export const clientHeadersIgnored = defineCheck({
  id: 'PROTOCOL-CLIENT-HEADERS-IGNORED',
  area: 'protocol',
  source:
    '§1 rule 1 ("every response body is UTF-8 JSON"); §7 ("HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 …")',
  level: 'must',
  title: 'Accept, language, cache and user-agent headers change neither the status nor the JSON',
  covers: ['S1.1', 'S7.STATUSES'],
  decisions: ['D71'],
  comparesAnswers: true,
  async run(ctx) {
    const paths = servedPaths(
      ctx.spec,
      ctx.discovery,
      (operation) => operation.method === 'GET' && operation.responses['200'] !== undefined,
    );
    if (paths.length === 0) return ctx.skip('the spec lists no GET operation answering 200');
    await ctx.property(
      [fc.constantFrom(...paths), fc.constantFrom(...CLIENT_HEADERS)],
      async (path, headers) => {
        const response = await ctx.client.get(path, { headers, fresh: true });
        const sent = Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join(', ');
        if (response.status === 200) {
          const problem =
            jsonMediaTypeProblem(response.headers['content-type']) ??
            (response.isJson ? undefined : bodyNotJsonReason(response));
          if (problem !== undefined) {
            failWith(
              response,
              `GET ${path} with ${sent} answered 200 without a JSON body (${problem})`,
              'a UTF-8 JSON body labelled application/json, whatever the client accepts (§1 rule 1)',
              `Content-Type: ${response.headers['content-type'] ?? '(none)'}; ${response.text.slice(0, 80)}`,
            );
          }
          return;
        }
        const without = await ctx.client.get(path, { fresh: true });
        if (without.status === response.status) return;
        ctx.fail(
          failureOf(
            response,
            `GET ${path} with ${sent} answered ${response.status}, without it ${without.status}`,
            `HTTP ${without.status}, as without the header: the API answers JSON with the statuses §7 lists (D71)`,
            `HTTP ${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`,
          ),
        );
      },
      { examples: [[paths[0]!, CLIENT_HEADERS[0]!]] },
    );
  },
});

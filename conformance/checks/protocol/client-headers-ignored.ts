import fc from 'fast-check';
import { defineCheck, type Failure } from '../../src/core/check.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { bodyNotJsonReason } from '../../src/core/http-client.ts';
import { servedPaths } from '../harness/served-paths.ts';
import { jsonMediaTypeProblem } from './support/json-media-type.ts';

/**
 * Request headers clients send on their own — browsers, HTTP libraries, download tools, proxies —
 * that the description gives no meaning: content negotiation that does not name JSON (a browser's
 * `Accept: text/html`, an XML client's), languages and charsets, cache directives, user agents, a
 * byte range (206 is not among §7's statuses), a Content-Type on a GET without a body.
 * Conditional requests (If-None-Match, If-Modified-Since: a 304 is HTTP's own) are not sent, and a
 * compressed answer to a client that accepts one is a transport matter (D71); but a client that
 * accepts only the identity coding, asking right after one that accepts gzip (a response cache
 * keeping the compressed variant under the URL alone, without `Vary`), still gets the JSON text.
 */
const IDENTITY_ONLY: Readonly<Record<string, string>> = { 'Accept-Encoding': 'identity' };
/** What the request before an identity-only one accepts. */
const COMPRESSED = { 'Accept-Encoding': 'gzip, deflate, br' };

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
  IDENTITY_ONLY,
  { Range: 'bytes=0-99' },
  { 'Content-Type': 'text/plain' },
];

/** A charset §1 rules out, asked for alone (generated cases ask for ISO-8859-1). */
const UTF16_PREFERRED: Readonly<Record<string, string>> = { 'Accept-Charset': 'utf-16' };
/** The paths asked for UTF-16 after GET /tags: the game list, a game's detail, a review's. */
const UTF16_LATER = [/^\/games$/, /^\/games\/\d+$/, /^\/reviews\/\d+$/];

/** The statuses §7 lists: "200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)". */
const API_STATUSES = [200, 401, 404, 405, 410, 422, 429, 500, 503];

/**
 * What a download tool or a browser-like client sends together: an Accept preferring other
 * formats, with JSON only under the wildcard type (an endpoint negotiating a text or XML export
 * picks it), a byte range, a form's Content-Type. The first case (GET /tags), and a third of the
 * generated ones.
 */
const TOGETHER: Readonly<Record<string, string>> = {
  Accept: 'text/html, text/plain;q=0.9, application/xml;q=0.9, text/csv;q=0.9, */*;q=0.8',
  Range: 'bytes=0-99',
  'Content-Type': 'application/x-www-form-urlencoded',
};

/**
 * §1 rule 1: "every response body is UTF-8 JSON", and §7 lists the statuses the API uses (200,
 * 401, 404, 405, 422, 429, 500; 503 and 410 where said) — no 406 Not Acceptable, no 415. So a
 * request a client's own headers accompany is answered as without them: JSON, with the status
 * the same request has without them (D71). First case `GET /tags` with the headers sent together
 * (one request); the request without the headers is sent only when the status is not 200, so a game
 * archived or a snapshot gone since discovery is no failure.
 */
export const clientHeadersIgnored = defineCheck({
  id: 'PROTOCOL-CLIENT-HEADERS-IGNORED',
  area: 'protocol',
  source:
    '§1 rule 1 ("every response body is UTF-8 JSON"); §7 ("HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 …")',
  level: 'must',
  title:
    'Client headers (Accept, language, cache, user agent, byte range, content type) change neither the status nor the JSON',
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
    const headersArbitrary = fc.oneof(
      { arbitrary: fc.constantFrom(...CLIENT_HEADERS), weight: 2 },
      { arbitrary: fc.constant(TOGETHER), weight: 1 },
    );
    /**
     * The first answer wrong on its own (a 200 without a JSON body, a status §7 does not list): judged
     * after the cases, never again on a fresh answer, which a cache in front may give right (D65).
     */
    let wrong: Failure | undefined;
    /** One GET of `path` with `headers`, judged: JSON when 200, else the status it has without them. */
    const judge = async (path: string, headers: Readonly<Record<string, string>>): Promise<void> => {
      // The identity-only request right after one accepting compressed answers, whose answer is not judged.
      if (headers['Accept-Encoding'] === 'identity')
        await ctx.client.get(path, { headers: COMPRESSED, fresh: true });
      const response = await ctx.client.get(path, { headers, fresh: true });
      const sent = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
      const status = `HTTP ${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`;
      if (response.status === 200) {
        const coding = response.headers['content-encoding'];
        const problem =
          (coding !== undefined && String(coding).trim().toLowerCase() !== 'identity'
            ? `Content-Encoding: ${String(coding)}`
            : undefined) ??
          jsonMediaTypeProblem(response.headers['content-type']) ??
          (response.isJson ? undefined : bodyNotJsonReason(response));
        if (problem !== undefined) {
          wrong ??= failureOf(
            response,
            `GET ${path} with ${sent} answered 200 without a JSON body (${problem})`,
            'a UTF-8 JSON body labelled application/json, whatever the client accepts (§1 rule 1)',
            `Content-Type: ${response.headers['content-type'] ?? '(none)'}; ${response.text.slice(0, 80)}`,
          );
        }
        return;
      }
      if (!API_STATUSES.includes(response.status)) {
        wrong ??= failureOf(
          response,
          `GET ${path} with ${sent} answered ${response.status}, a status the API does not use`,
          `one of HTTP ${API_STATUSES.join(', ')} (§7), as the request has without the header (D71)`,
          status,
        );
        return;
      }
      const without = await ctx.client.get(path, { fresh: true });
      if (without.status === response.status) return;
      ctx.fail(
        failureOf(
          response,
          `GET ${path} with ${sent} answered ${response.status}, without it ${without.status}`,
          `HTTP ${without.status}, as without the header: the API answers JSON with the statuses §7 lists (D71)`,
          status,
        ),
      );
    };
    // First GET /tags with the headers sent together (a sweep of one: the minimal pass's case),
    // then generated pairs of a path and headers, an Accept without JSON first — so that a run of
    // one case per property (--runs 1) judges both. Then GET /tags asking for UTF-16 (a negotiating
    // formatter that honours Accept-Charset answers in it, where §1 says UTF-8), and three more paths.
    await ctx.sweep(paths.slice(0, 1), (path) => judge(path, TOGETHER));
    await ctx.property([fc.constantFrom(...paths), headersArbitrary], judge, {
      examples: [
        [paths[0]!, CLIENT_HEADERS[0]!],
        [paths[0]!, UTF16_PREFERRED],
        // The same on the list, a game's detail and a review's (a formatter configured per
        // controller negotiates on some endpoints only).
        ...paths
          .filter((path) => UTF16_LATER.some((pattern) => pattern.test(path)))
          .map((path) => [path, UTF16_PREFERRED]),
      ],
    });
    if (wrong !== undefined) ctx.fail(wrong);
  },
});

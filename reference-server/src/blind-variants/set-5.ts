/**
 * Blind variant set 5 (README.md): legitimate servers written from the API description alone, each
 * answering as another stack or framework does by default where the description leaves room (Go's
 * net/http and encoding/json, Rails and Rack, Django and Python's json, FastAPI, Spring, ASP.NET
 * Core, nginx in front). Off unless named (`--variants bv5-…`, `createApp({ variants })`); each is
 * consulted by `variants.has(name)` where its choice is made (larger logic in set-5-behaviour.ts).
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_5 = [
  {
    name: 'bv5-reason-phrase-unprocessable-content',
    rule:
      '§7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)". Only status ' +
      'codes are given, no reason phrase; RFC 9110 §15.5.21 names 422 "Unprocessable Content", and RFC 9112 §4 ' +
      'has clients ignore the reason phrase.',
    description:
      "A 422 answer's status line reads `422 Unprocessable Content` (RFC 9110, as Rack 3.1 and Rails 7.1 name " +
      "it), not Node's `422 Unprocessable Entity`.",
    where: 'blind-variants/set-5-behaviour.ts (answerHeaders), app.ts',
  },
  {
    name: 'bv5-json-html-safe-escaping',
    rule:
      '§1.1: "every response body is UTF-8 JSON." No escaping is prescribed; `\\u0026` is a JSON escape of `&` ' +
      '(RFC 8259 §7).',
    description:
      'JSON strings escape `<`, `>`, `&`, U+2028 and U+2029 as `\\u003c`, `\\u003e`, `\\u0026`, `\\u2028`, ' +
      "`\\u2029`, as Go's encoding/json and Rails' to_json write them (links read `…?per_page=5\\u0026page=2`).",
    where: 'blind-variants/set-5-behaviour.ts (jsonRespelled), app.ts',
  },
  {
    name: 'bv5-json-dotnet-escaping',
    rule:
      '§1.1: "every response body is UTF-8 JSON." No escaping is prescribed; any character may be written as a ' +
      '`\\uXXXX` escape, hex digits in either case (RFC 8259 §7).',
    description:
      "JSON strings are escaped as System.Text.Json's default encoder does: `\"`, `'`, `+`, `<`, `>`, `&`, " +
      '`` ` `` and every character beyond ASCII as `\\uXXXX` with upper-case hex (`\\u0027`, `\\u0022`).',
    where: 'blind-variants/set-5-behaviour.ts (jsonRespelled), app.ts',
  },
  {
    name: 'bv5-json-python-separators',
    rule:
      '§1.1: "every response body is UTF-8 JSON." No layout is given; whitespace around `,` and `:` is ' +
      'insignificant (RFC 8259 §2).',
    description:
      "JSON is written as Python's json.dumps does by default (Django's JsonResponse): `, ` and `: ` between " +
      'members and elements, every character beyond ASCII escaped (`ensure_ascii`).',
    where: 'blind-variants/set-5-behaviour.ts (jsonRespelled), app.ts',
  },
  {
    name: 'bv5-averages-written-as-floats',
    rule:
      '§2: "`average_rating` number or null"; §4 Statistics 1: "an average"; Statistics 2: "sample averages". ' +
      'These are numbers, not integers; `4.0` and `4` are the same JSON number (RFC 8259 §6).',
    description:
      'A whole-valued `average_rating` or statistics or activity `average` is written `4.0`, as Jackson and ' +
      "Python's json write a double; integer fields are unchanged.",
    where: 'blind-variants/set-5-behaviour.ts (jsonRespelled), app.ts',
  },
  {
    name: 'bv5-content-type-spring-charset',
    rule:
      '§1.1: "every response body is UTF-8 JSON." No Content-Type value is given; media type parameters may ' +
      'follow `;` without whitespace and the charset value is case-insensitive (RFC 9110 §8.3).',
    description:
      'JSON answers carry `Content-Type: application/json;charset=UTF-8`, as Spring MVC wrote it before 5.2.',
    where: 'blind-variants/set-5-behaviour.ts (answerHeaders), app.ts',
  },
  {
    name: 'bv5-header-names-go-canonical',
    rule:
      '§7 "Response headers": X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-ID, ' +
      'Retry-After, WWW-Authenticate, Allow. Header field names are case-insensitive (RFC 9110 §5.1) and the ' +
      'order of fields with different names is not significant (§5.3).',
    description:
      "Header names are written as Go's textproto canonicalises them (`X-Ratelimit-Limit`, `X-Request-Id`, " +
      "`Www-Authenticate`) and in sorted order, as Go's Header.Write sends them.",
    where: 'blind-variants/set-5-behaviour.ts (goCanonicalHeaders), app.ts',
  },
  {
    name: 'bv5-vary-spring-cors-lines',
    rule:
      '§7 "Response headers" lists X-RateLimit-*, X-Request-ID, Retry-After, WWW-Authenticate, Allow, and ' +
      'forbids no other; §1.3: "Cross-origin browser access is not enabled." A list-based field may be sent ' +
      'as several field lines (RFC 9110 §5.3).',
    description:
      "Every answer carries Spring's CORS processing's `Vary: Origin`, `Vary: Access-Control-Request-Method`, " +
      '`Vary: Access-Control-Request-Headers` as three field lines; no Access-Control-Allow-* header.',
    where: 'blind-variants/set-5-behaviour.ts (springVary), app.ts',
  },
  {
    name: 'bv5-behind-nginx',
    rule:
      '§1.1: "a read-only HTTPS JSON API, intended for server-to-server use." Which server software answers, ' +
      'and how long an idle connection is kept, is not said; §7 forbids no other header.',
    description:
      'Answers come through nginx with its defaults: `Server: nginx/1.26.2`, `Connection: keep-alive` without ' +
      "a `Keep-Alive` header, idle connections kept 75 s (keepalive_timeout) instead of Node's 5 s.",
    where: 'blind-variants/set-5-behaviour.ts (answerHeaders), app.ts, server.ts',
  },
  {
    name: 'bv5-rails-runtime-header',
    rule: '§7 "Response headers" lists the headers the API defines and forbids no other.',
    description:
      "Every answer carries Rack::Runtime's `X-Runtime` (seconds spent on the request, six decimals), a Rails " +
      'default.',
    where: 'blind-variants/set-5-behaviour.ts (answerHeaders), app.ts',
  },
  {
    name: 'bv5-request-id-aspnet-trace-identifier',
    rule:
      '§7: "`request_id` is a string for troubleshooting"; "X-Request-ID | String identifying an authenticated ' +
      'request". No format is given.',
    description:
      "Request ids are ASP.NET Core's TraceIdentifier: the Kestrel connection id and the request's number on " +
      'that connection (`0HN7CSF4C1R2E:00000002`), in body and header.',
    where: 'blind-variants/set-5-behaviour.ts (kestrelTraceIdentifiers), app.ts',
  },
  {
    name: 'bv5-error-details-null',
    rule:
      '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`". ' +
      '`null` is a JSON value, so `any` admits it.',
    description:
      'An error without details carries `"details": null`, as a Go struct field without `omitempty` writes it; ' +
      'existing details are unchanged.',
    where: 'respond.ts (sendError)',
  },
  {
    name: 'bv5-validation-details-pydantic',
    rule:
      '§2 Error response: "`details?: any`"; §7: "`code` is stable and machine-readable; `message` is ' +
      'human-readable". The shape of `details` is not given.',
    description:
      "A 422's details are FastAPI's validation error list: `[{type, loc: ['query', <parameter>], msg, " +
      "input}]`, the rest of the reference's details under `ctx`; status, code and message unchanged.",
    where: 'respond.ts (sendError), blind-variants/set-5-errors.ts (pydanticDetails)',
  },
  {
    name: 'bv5-query-names-case-insensitive',
    rule:
      '§4: the parameter tables of GET /games, GET /games/{gameId}/players, GET /reviews and the statistics ' +
      'endpoints name the parameters; how a name written in another case (`Per_Page`) is read is not said, ' +
      'and unknown parameters are not treated.',
    description:
      "Query parameter names are matched case-insensitively, as ASP.NET Core's model binding does " +
      '(`Per_Page=5` is `per_page=5`); links carry the names as the API writes them.',
    where: 'blind-variants/set-5-behaviour.ts (queryNamesMatchedIgnoringCase), app.ts',
  },
  {
    name: 'bv5-tag-group-parameter-member',
    rule:
      '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §4 GET /games rule 1: "Current ' +
      'IDs come from GET /tags." No other member is forbidden.',
    description:
      'Each tag group of GET /tags also carries `parameter`, the GET /games filter its ids feed ' +
      '(`theme_tag_id[]`).',
    where: 'blind-variants/set-5-behaviour.ts (withFilterParameters), operations.ts (listTags)',
  },
  {
    name: 'bv5-activity-weekday-monday-zero',
    rule:
      '§4 Statistics 2: "Returns 168 weekday/hour cells with counts and sample averages … Parameter name for ' +
      'the timezone and the response field names: not shown." How weekdays are numbered is not said.',
    description:
      "Activity cells number the weekday as Python's `date.weekday()` does, 0 (Monday) to 6 (Sunday), in the " +
      'same order.',
    where: 'blind-variants/set-5-behaviour.ts (weekdaysFromZero), operations.ts (getGameActivityPattern)',
  },
] as const satisfies readonly BlindVariant[];

export type BlindVariant5Name = (typeof BLIND_VARIANTS_5)[number]['name'];

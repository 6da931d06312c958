/**
 * Blind variant set 1 (README.md): legitimate servers written from the API description alone.
 * Off unless named (`--variants bv1-…`, `createApp({ variants })`); each is consulted by
 * `context.variants.has(name)` where its choice is made.
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_1 = [
  {
    name: 'bv1-json-pretty-printed',
    rule: '§1.1: "every response body is UTF-8 JSON." No layout of the JSON text is given; whitespace between JSON tokens is insignificant (RFC 8259 §2).',
    description: 'Every JSON body is written indented by two spaces, one member or element per line.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-json-keys-sorted',
    rule: '§2: the resources are described as tables of fields, with no order of members; §1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, total}, links: {self, next?, previous?}}`." A JSON object is an unordered collection of members (RFC 8259 §4).',
    description:
      "Every JSON object's members are written in alphabetical order of their names, at every depth.",
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-json-slashes-escaped',
    rule: '§1.1: "every response body is UTF-8 JSON." No string escaping is prescribed; `\\/` is a JSON escape for `/` (RFC 8259 §7).',
    description:
      "Every `/` inside a JSON string is written as the escape `\\/`, as PHP's json_encode writes it.",
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-average-rating-two-decimals',
    rule: '§2 Game summary: "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0". A number, not an integer: its JSON spelling is not given (`4.5` and `4.50` are the same number).',
    description:
      '`reviews.average_rating` is written with two decimal places (`5.00`, `4.50`), denoting the same number.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-content-type-without-charset',
    rule: '§1.1: "every response body is UTF-8 JSON." No Content-Type value is given; `application/json` defines no charset parameter and JSON exchanged between systems is UTF-8 (RFC 8259 §8.1, §11).',
    description: 'JSON answers carry `Content-Type: application/json`, without a charset parameter.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-chunked-transfer',
    rule: '§7 "Response headers" lists X-RateLimit-*, X-Request-ID, Retry-After, WWW-Authenticate and Allow; the message framing (Content-Length or chunked transfer coding) is not shown.',
    description: 'Every answer body is sent with `Transfer-Encoding: chunked` and no Content-Length.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-connection-close',
    rule: '§1.1: "The service is a read-only HTTPS JSON API, intended for server-to-server use." Connection persistence is not shown; §7 lists no Connection header.',
    description: 'Every answer carries `Connection: close`, and the server closes the connection after it.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-gzip-when-accepted',
    rule: '§1.1: "every response body is UTF-8 JSON." Content codings are not shown; a content coding applies only when the request\'s Accept-Encoding accepts it (RFC 9110 §8.4, §12.5.3), and the decoded body is still the UTF-8 JSON.',
    description:
      'A request whose Accept-Encoding accepts gzip gets its body gzip-compressed (`Content-Encoding: gzip`), and every answer carries `Vary: Accept-Encoding`.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-request-id-prefixed',
    rule: '§7: "`request_id` is a string for troubleshooting"; "X-Request-ID | String identifying an authenticated request". Its format is not shown.',
    description:
      "Request ids (the body's `request_id` and X-Request-ID) are `req_` followed by 24 hexadecimal digits, not UUIDs.",
    where: 'blind-variants/set-1-behaviour.ts (prefixedRequestIds, mounted in app.ts)',
  },
  {
    name: 'bv1-error-messages-reworded',
    rule: '§7: "`code` is stable and machine-readable; `message` is human-readable". No message text is given.',
    description:
      'Every error `message` is one fixed sentence per code (e.g. "Game not found."), not the reference texts.',
    where: 'blind-variants/set-1-behaviour.ts (answerRewriter, mounted in app.ts)',
  },
  {
    name: 'bv1-legacy-gone-code',
    rule: '§1.6: "A retired legacy endpoint `/json.php` returns HTTP 410 Gone"; §9.3: "The legacy `/json.php` endpoint is retired and returns 410 Gone." §7\'s code table lists no code for the 410.',
    description: '/json.php answers 410 with the error code `gone`.',
    where: 'operations.ts (legacyJson)',
  },
  {
    name: 'bv1-tags-by-name',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."; §2 Tag group: "`{id: integer, name: string, values: [TagReference]}`". No order of groups or values is given.',
    description: "GET /tags lists the groups, and each group's values, in alphabetical order of their names.",
    where: 'operations.ts (listTags), blind-variants/set-1-behaviour.ts (tagsByName)',
  },
  {
    name: 'bv1-custom-tags-by-name',
    rule: '§2 Game summary: "`tags` | object | `categories`: object mapping a category key to one TagReference; `custom`: array of TagReference". No order of the custom tags is given.',
    description: "A game's `tags.custom` lists its custom tags in alphabetical order of their names.",
    where: 'deviations/representation.ts (deviateGame)',
  },
  {
    name: 'bv1-activity-weekday-sunday-zero',
    rule: '§4 Statistics endpoints 2: "Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average. Parameter name for the timezone and the response field names: not shown." No weekday numbering or cell order is given.',
    description:
      'Activity-pattern cells number the weekday 0 (Sunday) to 6 (Saturday), and the cells run from Sunday 00h.',
    where: 'operations.ts (getGameActivityPattern), blind-variants/set-1-behaviour.ts (cellsFromSunday)',
  },
  {
    name: 'bv1-statistics-point-names',
    rule: '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero. … Response item field names and the query parameter names for metric and resolution: not shown."',
    description:
      'A statistics point names its fields `timestamp`, `observations`, `avg`, `min` and `max` (same values).',
    where: 'operations.ts (statisticsHandler), blind-variants/set-1-behaviour.ts (renamedPoints)',
  },
  {
    name: 'bv1-minute-window-from-first-request',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; §7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit"; "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets". Only the day is tied to the calendar (UTC day); where a minute window starts is not shown.',
    description:
      "A key's minute window starts at its first request after the previous window ended (not on a clock minute); X-RateLimit-Reset and Retry-After report that window's end.",
    where: 'context.ts, blind-variants/first-request-minute-limiter.ts (FirstRequestMinuteLimiter)',
  },
] as const satisfies readonly BlindVariant[];

export type BlindVariant1Name = (typeof BLIND_VARIANTS_1)[number]['name'];

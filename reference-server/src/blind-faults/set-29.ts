/**
 * Blind fault set 29: a twenty-ninth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–28 (set-1.ts … set-28.ts). Its theme is what a fuzzer, a security scanner or a
 * careless script sends: each fault is a mistake only hostile or odd input shows — a search term
 * compiled as a RegExp, a sort name found among an object's inherited keys, a flag or a review id read
 * by `Number()`, a tag id read by `parseInt`, `;` taken as a query separator, a query decoded by a
 * strict decoder, a granularity tidied before it is checked, a year below 100 read by `Date.UTC`, an
 * error body written by a string template, a date checked by an unanchored pattern, a key lookup built
 * as SQL text, a token percent-decoded, a scanner filter ahead of authentication, TRACE echoed, an
 * encoded slash decoded before routing. On the common path (well-formed requests) the server looks
 * right.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind29-…'] })`, `--faults blind29-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in
 * `blind-faults/set-29-hostile.ts`); with none on, nothing changes. `hint` names what a black-box
 * client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_29 = [
  // GET /games: search, sort, flags, tag ids, the query string itself.
  {
    name: 'blind29-q-term-compiled-as-regexp',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description"; §7: "internal_error | 500 | Server could not complete the request".',
    description:
      'Each term of `q` is compiled with `new RegExp(term, "i")` (the matcher cache warmed before the search runs), so a term that is not a valid pattern throws a SyntaxError: `q=c++`, `q=(beta` or `q=[pk` is answered 500 `internal_error` instead of 200 with the games holding the term as written (none for `(beta` here, `meta.total` 0; `c++` finds the games naming C++); terms that are valid patterns, and requests without `q`, are right.',
    where: 'operations.ts',
    hint: 'a `q` term holding an unbalanced RegExp metacharacter (`c++`, `(beta`)',
  },
  {
    name: 'blind29-sort-inherited-name-500',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)".',
    description:
      'The sort orders are kept in a plain object literal and the value is looked up with `sort in SORT_ORDERS`, which also finds the keys every object inherits; their values have no column, and reading it throws a TypeError: `sort=constructor`, `sort=toString`, `sort=valueOf` or `sort=__proto__` is answered 500 `internal_error` instead of 200 in the `last_updated` order; the six sorts and other unknown values (`sort=bogus`) are right.',
    where: 'operations.ts',
    hint: '`sort=constructor` (or another name of `Object.prototype`)',
  },
  {
    name: 'blind29-flag-read-by-number',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review" (likewise `recently_updated`, `online_recently`); "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      "The flags are read with `Number(value) === 1`, so every spelling JavaScript's number conversion reads as one is the flag on: `has_reviews=0x1`, `1e0`, `1.0` or `01` (and the same for `recently_updated` and `online_recently`) is answered 200 with the filter applied instead of 422 `invalid_filter`; `1`, and values that do not convert to one (`0`, `2`, `yes`), are right.",
    where: 'operations.ts',
    hint: 'a flag spelled `0x1` or `1e0` (`has_reviews=0x1`)',
  },
  {
    name: 'blind29-tag-id-parseint',
    rule: '§4 GET /games: "`theme_tag_id[]` | same | none | theme tag IDs" ("array of integer >= 1, unique"); "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      'The tag ids of every category are read with `parseInt(value, 10)`, which takes the leading digits and drops the rest, so an id followed by other text is that id: `theme_tag_id[]=<id>abc`, `<id>.9` or `<id>%20OR%201=1` is answered 200 with the games of that tag instead of 422 `invalid_filter`; ids made of digits only, and values not starting with a digit, are right.',
    where: 'operations.ts',
    hint: 'a tag id followed by other text (`theme_tag_id[]=<id>abc`)',
  },
  {
    name: 'blind29-query-semicolon-separator',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The query string is split on `;` as well as `&` (the old CGI convention), so a `q` holding a literal semicolon is cut there and the rest becomes a parameter of its own: `q=<word>;zz` searches `<word>` alone and answers the games holding it instead of those holding `<word>;zz` (none here); a `;` sent encoded (`%3B`), and queries without `;`, are right.',
    where: 'operations.ts',
    hint: 'a literal `;` inside the value of `q`',
  },
  {
    name: 'blind29-query-decoded-strictly-500',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur …"; §7: "internal_error | 500 | Server could not complete the request".',
    description:
      "The search log decodes each parameter of the raw query string with `decodeURIComponent`, which throws a URIError on a `%` not followed by two hex digits or on invalid UTF-8, so `q=100%`, `q=%zz` or `q=%C3%28` is answered 500 `internal_error` instead of 200 (the server's query parser keeps a broken escape as text, matching no game here); well-encoded queries are right.",
    where: 'operations.ts',
    hint: 'a broken percent escape in the query of GET /games (`q=100%`)',
  },
  // Reviews.
  {
    name: 'blind29-review-id-read-by-number',
    rule: '§4 GET /reviews/{reviewId}: "Path: `reviewId` integer >= 1."; §4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      'The review detail reads its path id with `Number()` and checks only that the result is an integer of at least 1, so other spellings of a number name a review: `/reviews/1e1`, `/reviews/0xA` and `/reviews/10.0` are answered 200 with review 10 instead of 404; ids made of digits, and ids that do not convert, are right.',
    where: 'operations.ts',
    hint: 'a review id spelled in exponent or hexadecimal form (`/reviews/1e1`)',
  },
  // Player history and statistics.
  {
    name: 'blind29-granularity-tidied',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples"; "An invalid granularity … returns 422 `invalid_date_range`."',
    description:
      'The granularity is trimmed and lower-cased before it is checked (a form-input habit), so `granularity=RAW`, `granularity=%20raw` or `granularity=raw%0A` is answered 200 with the raw samples (`meta.granularity` `raw`) instead of 422 `invalid_date_range`; `daily`, `raw` and other words are right.',
    where: 'operations.ts',
    hint: 'a granularity in capitals or with surrounding whitespace (`granularity=RAW`)',
  },
  {
    name: 'blind29-players-year-below-100-as-1900s',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range) | Inclusive UTC start"; "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end".',
    description:
      'After validation the dates are converted with `Date.UTC(year, month - 1, day)`, which reads a year from 0 to 99 as 1900 + year, so a date of the first century names a day of the 1900s: `from=0001-01-01&to=0001-01-10` answers `meta.from` `1901-01-01` and `meta.to` `1901-01-10` instead of `0001-01-01` and `0001-01-10`, and `from=0099-12-31&to=0100-01-01` is refused 422 (its `from` read as 1999) instead of answered; years from 100 on are right.',
    where: 'operations.ts',
    hint: 'a player history of a year below 100 (`from=0001-01-01&to=0001-01-10`)',
  },
  {
    name: 'blind29-date-error-body-templated',
    rule: '§1: "Only GET is supported; every response body is UTF-8 JSON."; §2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`".',
    description:
      'The 422 of a player-history date that is not a calendar date is written by a string template that pastes the sent text between quotes unescaped, so a `from` or `to` holding `"` or `\\` (`from=2026-11-01%22`) gets a body that is not JSON (`"value":"2026-11-01""`); dates without those characters get a valid body (the same fields), and the other errors are right.',
    where: 'operations.ts',
    hint: 'a player-history date holding a double quote (`from=2026-11-01%22`)',
  },
  {
    name: 'blind29-stats-date-pattern-unanchored',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)"; "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      "The statistics' dates are checked with `/^\\d{4}-\\d{2}-\\d{2}/` (no `$` anchor) and the matched part kept, so a date followed by other text is read as that date: `from=2026-11-01x`, `from=2026-11-01T00:00` or `to=2026-11-02%20junk` is answered 200 instead of 422 `invalid_statistics_query`; well-formed dates, and texts not starting with a date, are right.",
    where: 'operations.ts',
    hint: 'a statistics date followed by other text (`from=<date>x`)',
  },
  // Authentication.
  {
    name: 'blind29-key-lookup-sql-injection',
    rule: '§5: "3. No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      "When a token is not found as sent, a fallback lookup builds its query as text (`WHERE key = '<token>'`), so a token that closes the quote with an always-true comparison selects every key and the first row is taken: `Authorization: Bearer x'OR'1'='1` is answered 200 (as the first key of the store) instead of 401 `invalid_api_key`; other invalid tokens are refused as they should.",
    where: 'middleware/authenticate.ts',
    hint: "a SQL-injection token (`Bearer x'OR'1'='1`)",
  },
  {
    name: 'blind29-token-percent-decoded',
    rule: '§5: "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`."; §7: "invalid_api_key | 401 | Key malformed, invalid or revoked".',
    description:
      'The token is passed through `decodeURIComponent` (the helper written for keys read from a query string) before the lookup, so a token holding a broken escape throws a URIError: `Authorization: Bearer %zz` or `Bearer abc%` is answered 500 `internal_error` instead of 401 `invalid_api_key`, and a key with one character percent-encoded authenticates; tokens without `%` are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a token holding a `%` (`Bearer %zz`)',
  },
  // Protocol and rate limits.
  {
    name: 'blind29-scanner-filter-before-accounting',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."; §5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."',
    description:
      "A request filter against scanners, mounted ahead of authentication, answers a URL whose decoded text looks like an attack (`<script`, `../`, `/etc/passwd`, `union select`, a NUL, `' or '`) with 404 `route_not_found` at once, so such a request with a valid key gets its 404 without X-RateLimit-Limit/-Remaining/-Reset (and is not counted), and without a key gets 404 instead of 401; other unknown paths are right.",
    where: 'app.ts',
    hint: 'a path or query holding `<script` or `../` (`/games/%3Cscript%3E`)',
  },
  {
    name: 'blind29-trace-echoed',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."; §1: "every response body is UTF-8 JSON".',
    description:
      'A diagnostics middleware left on answers TRACE itself, before authentication: `TRACE /api/v1/tags` is answered 200 `message/http` echoing the request line and headers (the `Authorization` header with its key included) instead of 405 `method_not_allowed` with `Allow: GET`; the other methods are right.',
    where: 'app.ts',
    hint: 'a TRACE request',
  },
  {
    name: 'blind29-encoded-slash-decoded',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."; §4 GET /games/{gameId}/mssp: "Path: `gameId` integer >= 1."',
    description:
      "The front proxy decodes `%2F` in the path before routing, so an encoded slash inside one segment becomes a separator: `/games/<id>%2Fmssp` is answered 200 with the game's MSSP snapshot (and `/games/<id>%2Fplayers` with its history) instead of 404 (a `gameId` of `<id>/mssp` is no integer); paths without `%2F` are right.",
    where: 'app.ts',
    hint: 'an encoded slash in a path segment (`/games/<id>%2Fmssp`)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault29Name = (typeof BLIND_FAULTS_29)[number]['name'];

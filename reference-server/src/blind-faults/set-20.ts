/**
 * Blind fault set 20: a twentieth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–19 (set-1.ts … set-19.ts). Its theme is what a production
 * deployment adds around the handlers: response caches (keyed on too little, kept across clock
 * moments, keeping refusals or a compressed variant, answering other methods), counters kept by
 * several instances or read from a lagging replica, per-connection memos, a request validator and
 * a body-type guard mounted in the wrong place, a circuit breaker, a snapshot the list is served
 * from, the HTTP server's own answers (unknown method tokens, broken escapes, ranges, merged
 * slashes) and links built from what the client sent. Most of its bugs show only for some requests,
 * in some states or at some times. Like the earlier sets, it measures how well the suite catches
 * bugs nobody has shown it, so its entries deliberately have no killing check of their own (see
 * README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind20-…'] })`, `--faults blind20-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_20 = [
  // Response caches: keyed on too little, kept across clock moments.
  {
    name: 'blind20-cache-key-truncated-250',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; §2 PaginationMeta: "`page` integer >= 1"; §1.5 envelope `meta: {page, per_page, total}`.',
    description:
      "The response cache moved to a memcached-style store whose keys are at most 250 bytes, and the key (the API base, a space and the request URL) is cut to its first 250 characters instead of hashed, so two GETs whose keys agree on their first 250 characters share one cached answer: after a long GET /games URL (many tag ids) was answered twice within the clock second, the same URL with another `page` (or `per_page`, `sort`, … written after the cut) is answered with the first page's body (its `data`, `meta.page` and links); URLs shorter than the cut are right.",
    where: 'routes.ts',
    hint: 'a GET /games URL longer than about 220 characters (many tag ids), asked twice and then with another page within one clock second',
  },
  {
    name: 'blind20-total-count-cached-five-minutes',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)"; §4 GET /games: "`online_recently` … 1 = games reached successfully in the last 48 hours".',
    description:
      "GET /games reads `meta.total` from a count cache (the COUNT(*) query being slow) keyed by the request's filters, search and sort without `page` and `per_page`, kept for five minutes of clock time, while the page's rows are read live: when a time window moves a game out of (or into) the results within those minutes (a game last reached 48 hours ago leaving `online_recently=1`, a listing leaving `recently_updated=1`), `meta.total` still counts it (and `next` follows that total) although no page holds it; a filter set asked for the first time in five minutes is right.",
    where: 'operations.ts',
    hint: 'the same time-windowed filter (online_recently=1) asked twice less than five minutes apart while a game leaves its 48-hour window',
  },
  {
    name: 'blind20-players-cached-across-midnight',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "`from` | … | 29 days before `to` (a 30-day range)".',
    description:
      "Player histories are sent with `Cache-Control: max-age=300`, which the deployment's shared cache honours, keyed by the URL: a player-history URL asked again within five minutes of clock time is answered with the stored body, so a request without `to` just after UTC midnight, for a URL last asked in the five minutes before it, gets the previous day's range (`meta.to` yesterday, `meta.from` 29 days before it, none of today's samples), and a raw history asked again after a crawl (every 30 minutes) lacks the new sample; a URL not asked in the last five minutes is right.",
    where: 'operations.ts',
    hint: 'the same player-history URL without `to` asked before and again within five minutes after a UTC midnight',
  },
  {
    name: 'blind20-list-status-hourly-snapshot',
    rule: '§2 Game detail: "All summary fields, with `urls` and `connection` in their detail form … plus" `description` and `watcher_count`; §2 `status`: `last_crawled`, `latest_players` and the other status fields of the same game.',
    description:
      "The items of GET /games are served from a materialised listing view refreshed on the hour, whose `status` block (`last_crawled`, `last_successful_connect`, `latest_players`, `confirmed_online`) is the one computed at the start of the clock hour, while GET /games/{gameId} reads live: from hh:30 to hh:59, when a crawl has happened since the refresh, a crawled game's list item reports the hh:00 crawl (its time and player count) while its detail reports the hh:30 one; from hh:00 to hh:29, and for games not crawled since, list and detail agree.",
    where: 'operations.ts',
    hint: "a request in the second half of a clock hour, comparing a crawled game's list item with its detail",
  },
  {
    name: 'blind20-links-host-header-cache-poisoned',
    rule: '§2 `urls`: "self | uri string (link to this game in the API)"; §2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "Links (`urls.self`, `urls.mssp` …, the collections' `links`) are built from the request's Host header as sent, while the response cache keys answers by the URL's path and query alone, so a request carrying another Host (`Host: attacker.example`) asked twice within the clock second leaves its answer in the cache, and the next clients asking that URL within the second get links to that host (`http://attacker.example/api/v1/games/…`), which lead nowhere in the API; requests with the server's own Host, and URLs nobody poisoned, are right.",
    where: 'operations.ts',
    hint: 'requests for one URL with another Host header (twice), then a normal request for it within the clock second',
  },
  // Caches that keep what they must not: refusals, a compressed variant, other methods.
  {
    name: 'blind20-429-cached-for-url',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`"; §7: "`rate_limit_exceeded` | 429 | Minute or UTC-day limit exceeded".',
    description:
      "An edge cache in front of the API keeps 429 answers under the request URL for their Retry-After seconds (it reads Retry-After as a freshness lifetime), so after one key is refused a URL, every request for that URL until then is answered with that stored 429 (its body, Retry-After and the refused key's X-RateLimit-* headers), whatever key it carries, also a key with its whole budget left; other URLs, and the same URL once the time has passed, are right.",
    where: 'app.ts',
    hint: 'two keys asking the same URL, the first (a low-limit key, 5/min 20/day) refused 429 just before',
  },
  {
    name: 'blind20-gzip-variant-cached-without-vary',
    rule: '§1.1: "Only GET is supported; every response body is UTF-8 JSON."',
    description:
      'A compression middleware gzips the answer for clients sending `Accept-Encoding: gzip`, and the response cache mounted inside it keeps the compressed bytes with their `Content-Encoding: gzip` for 60 seconds of clock time under the URL alone (no `Vary: Accept-Encoding`), so a client that does not accept gzip, asking a URL a gzip client asked within the minute before, gets gzip bytes labelled `Content-Encoding: gzip` instead of the JSON text; URLs no gzip client asked, and every gzip client, are right.',
    where: 'app.ts',
    hint: 'a request with `Accept-Encoding: gzip`, then one without it for the same URL within a minute',
  },
  {
    name: 'blind20-other-methods-served-from-cache',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      'The response cache is looked up by the URL alone, and its lookup is mounted ahead of the method check, so a request of another method (POST, PUT, DELETE, HEAD …) for a URL whose GET answer is in the cache (asked twice within the clock second) is answered 200 with the cached body instead of 405; other methods on URLs not cached are refused right.',
    where: 'app.ts',
    hint: 'a GET of a URL sent twice, then a POST (or DELETE, HEAD) of the same URL within the clock second',
  },
  // Gateways, breakers and guards mounted where they should not be.
  {
    name: 'blind20-validation-before-authentication',
    rule: '§1.3: "Every endpoint requires an API key (see Authentication)."; §5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The request validator of GET /games (its filters and their combinations, generated from the description) is mounted ahead of authentication, so a GET /games request with an invalid filter value or combination (`connection_type=bogus`, `has_reviews=2`, `connection_type=web_only&online_recently=1`) is answered 422 `invalid_filter` without any key, or with an unknown or revoked one, instead of 401; valid queries without a key, and the other endpoints, are refused 401 as they should be.',
    where: 'app.ts',
    hint: 'a GET /games request without a valid key carrying an invalid filter',
  },
  {
    name: 'blind20-non-json-content-type-415',
    rule: '§7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."; §1.1: "Only GET is supported".',
    description:
      'A body-type guard written for the write methods is mounted for every request after the rate-limit accounting: a request carrying a `Content-Type` header that is not `application/json` (`text/plain`, `application/x-www-form-urlencoded`, as some HTTP client libraries set on every request) is answered 415 with the code `unsupported_media_type` instead of being served (a GET) or refused 405 (another method); requests without a Content-Type, or with a JSON one, are right.',
    where: 'app.ts',
    hint: 'a GET carrying a `Content-Type` header other than application/json',
  },
  {
    name: 'blind20-statistics-503-breaker-per-game',
    rule: '§4 Statistics endpoints rule 3: "Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "`statistics_pending` | 503 | Requested historical range still being prepared".',
    description:
      'A circuit breaker in front of the statistics backend opens per game for 60 seconds of clock time after a 503: once a statistics request of a game was answered 503 (a long range still being prepared), every GET /games/{gameId}/statistics of that game is answered 503 `statistics_pending` until the minute has passed, also the ranges that are ready (the default 30 days); other games, and the same game before its first 503 or a minute after, are right.',
    where: 'operations.ts',
    hint: 'a game whose long ranges are in preparation: a ready range asked within a minute after a long range was refused 503',
  },
  // Counters: per connection, per instance, from a replica.
  {
    name: 'blind20-limits-plan-memoised-per-connection',
    rule: '§7 headers: "X-RateLimit-Limit | Integer; configured per-minute request limit"; §8: "Requests per minute per key".',
    description:
      "The rate-limit accounting looks up the key's plan (its per-minute and per-day limits) once per kept-alive connection and keeps it on the socket, so on a connection that carries requests of several keys (a server-side client pooling connections for several accounts) the later keys are counted in their own counters but with the first key's limits: X-RateLimit-Limit and X-RateLimit-Remaining report the first key's budget (1000000 for a 5/min key after a high-limit key) and the key is not refused at its own limit; connections used by one key are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'two keys sending requests over one kept-alive connection (a high-limit key, then a low-limit one)',
  },
  {
    name: 'blind20-limits-split-over-two-instances',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`".',
    description:
      "The service runs as two instances behind a round-robin balancer and each counts the keys' requests in its own memory (the shared store is not configured), the requests going to the instances in turn: a key's minute and day budgets are each counted twice over, so a 5/min key is admitted ten requests in a minute (X-RateLimit-Remaining falling by one every second request) before it is refused; keys that stay within half their budget see no difference.",
    where: 'middleware/rate-limit.ts',
    hint: "more requests in a minute than the key's minute limit (a low-limit key, 5/min 20/day)",
  },
  {
    name: 'blind20-day-count-read-from-lagging-replica',
    rule: '§8: "Requests per UTC day per key (default for new keys) | 10,000"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`".',
    description:
      "The UTC-day budget is checked against the key's day count read from a replica synced at the start of each clock minute, while the counts are written to the primary: within one minute the day check sees the count as it was when the minute began, so a key can spend up to its minute budget beyond its day budget before the next minute (a 10/min, 3/day key is admitted 10 requests in its first minute, X-RateLimit-Remaining reporting 2 until the minute's own budget is smaller); from the next minute on it is refused, and keys within their day budget are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a day-limited key (10/min, 3/day) sending more than its day budget within one clock minute',
  },
  // What a per-process memo keeps.
  {
    name: 'blind20-reviews-parsed-query-memo-mutated',
    rule: '§4 GET /reviews: "`page` | integer >= 1 | 1"; §2 PaginationMeta: "`page` integer >= 1"; §1.5 envelope `meta: {page, per_page, total}`.',
    description:
      'GET /reviews takes its parsed query from a per-process memo keyed by the query string (a hot-path optimisation that hands out the shared object), and the handler deletes `page` from it once read (building its links from the rest), so the second and later requests with the same query string get the object without `page` and are served page 1 (`meta.page` 1, the newest reviews, links for page 1) instead of the page asked for; the first request of each query string, and queries without `page`, are right.',
    where: 'operations.ts',
    hint: 'the same GET /reviews query string with a `page` sent twice',
  },
  // The HTTP server's own answers.
  {
    name: 'blind20-unknown-method-token-bare-400',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."; §1.1: "every response body is UTF-8 JSON".',
    description:
      "The server is started without the hook that hands the app the requests whose method Node's HTTP parser does not know, so a request with such a method token (`FOO`, `BREW`) is answered by Node itself: 400 Bad Request with no body and `Connection: close`, instead of 401 or 405 `method_not_allowed` with `Allow: GET`; methods Node knows (POST, PUT, DELETE, PATCH, HEAD, OPTIONS …) are refused right.",
    where: 'server.ts',
    hint: 'a request with a method token Node does not know (FOO)',
  },
  {
    name: 'blind20-broken-path-escape-400-html',
    rule: '§1.1: "every response body is UTF-8 JSON"; §7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."',
    description:
      "The path parameters are decoded by the framework's router, whose `decodeURIComponent` error goes to the framework's default error page, so an authenticated request whose path parameter holds a broken percent-escape (`/games/%zz`, `/reviews/%E0%A4%A`, `/games/%zz/mssp`) is answered 400 with the HTML page \"Failed to decode param\" instead of the API's JSON 404; well-formed escapes and paths without escapes are right.",
    where: 'routes.ts',
    hint: 'a path parameter holding a broken percent-escape (`/games/%zz`)',
  },
  {
    name: 'blind20-tags-range-206',
    rule: '§1.1: "every response body is UTF-8 JSON"; §7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."',
    description:
      'GET /tags is served from the taxonomy as a static file through a file server that honours byte ranges, so a request carrying a `Range: bytes=<first>-<last>` header is answered 206 Partial Content with `Content-Range` and only those bytes of the JSON (a fragment that does not parse) instead of 200 with the whole taxonomy; requests without Range are right (with `Accept-Ranges: bytes`).',
    where: 'operations.ts',
    hint: 'a `Range` header on GET /tags',
  },
  {
    name: 'blind20-mssp-text-plain-negotiated',
    rule: '§1.1: "Only GET is supported; every response body is UTF-8 JSON."; §2 MSSP response: `{data: snapshot or null, meta: {game_id integer, status: …}}`.',
    description:
      "GET /games/{gameId}/mssp negotiates its format (Express's `res.format`) between JSON, listed first, and the plain-text MSSP export kept for MUD tools (one `NAME<TAB>value` line per variable), so a request whose Accept header prefers `text/plain` (`Accept: text/plain`, or `text/plain, application/json;q=0.5`) gets the text export labelled `text/plain` instead of the MSSP response; requests without Accept, with `*/*` or preferring JSON are right.",
    where: 'operations.ts',
    hint: 'an Accept header preferring text/plain on GET /games/{gameId}/mssp',
  },
  {
    name: 'blind20-double-slashes-merged',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."; §7: "`route_not_found` | 404 | API route does not exist".',
    description:
      "The front proxy merges runs of slashes in the path before passing requests on (nginx's `merge_slashes`), so a path that is no API route because of a doubled slash (`/api/v1//games`, `/api/v1/games//5`, `/api/v1/reviews//`) is answered like the route without it (200) instead of 404 `route_not_found`; paths with single slashes, and slashes in the query string, are right.",
    where: 'app.ts',
    hint: 'a path with a doubled slash (`/games//<id>`)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault20Name = (typeof BLIND_FAULTS_20)[number]['name'];

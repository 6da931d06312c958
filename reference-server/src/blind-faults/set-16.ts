/**
 * Blind fault set 16: a sixteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–15 (set-1.ts … set-15.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind16-…'] })`, `--faults blind16-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_16 = [
  // §4 GET /games — search and sorts.
  {
    name: 'blind16-q-stop-words-dropped',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The search runs through a full-text configuration with an English stop-word list, so the terms of `q` that are stop words (`your`, `with`, `about`, `which`, `there` …) are dropped before matching: `q=your` lists every active game (275 here) instead of the 9 holding the word, and `q=<word> with` lists the games holding the word whether or not they hold "with"; terms that are not stop words are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind16-most-reviewed-by-latest-review',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`."',
    description:
      '`sort=most_reviewed` is joined to the reviews and ordered by `MAX(reviews.submitted) DESC` (the "recently reviewed" widget\'s query) instead of the number of reviews, so the games with the newest review come first, not those with the most reviews (the game with 25 reviews is not first); games without reviews come last, and the other sorts are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §1.5, §2 — links.
  {
    name: 'blind16-links-tag-ids-indexed',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."; §4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`)."',
    description:
      "The links' query is rebuilt with a query-string library's default array format (indices), so the bracketed tag parameters come back numbered: `theme_tag_id[]=153&theme_tag_id[]=154` is linked as `theme_tag_id[0]=153&theme_tag_id[1]=154` (percent-encoded) in `self`, `next` and `previous`, names the API does not read, so following `next` drops the tag filter; other parameters are kept as sent.",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind16-reviews-lookahead-row-kept',
    rule: '§4 GET /reviews: "`per_page` | integer 1..50 | 20"; §2 PaginationMeta: "`per_page` integer 1..50".',
    description:
      'Whether a next page exists is found by reading one review more than the page size (LIMIT per_page + 1), and that look-ahead row is not cut off before the page is served, so every page of GET /reviews that has a next page holds `per_page + 1` reviews (21 by default; the extra one is the first of the next page again); the last page, `meta` and the links are right.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind16-reviews-sorted-by-us-date-text',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      "The collection is ordered by the submission time formatted for display (`MM/DD/YYYY hh:mm:ss`, a text column) descending, so the reviews are sorted by month, then day, then year: December reviews of any year come first, a review of 2024-12-30 before one of 2026-11-22; with `game_id` too; the reviews' own `dates` are right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §2 Game summary and detail.
  {
    name: 'blind16-mssp-collected-at-month-zero-based',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 status: "`mssp_collected_at` | NullableTimestamp".',
    description:
      "A game's `status.mssp_collected_at` is formatted with the month from JavaScript's zero-based `getUTCMonth()` without the + 1, so it names the month before (`2026-10-…` for a November snapshot, `2026-00-…` for a January one) and differs from the MSSP endpoint's `collected_at` for the same snapshot (list and detail); the other timestamps are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind16-last-connect-hour-unpadded',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 status: "`last_successful_connect` | NullableTimestamp".',
    description:
      "A game's `status.last_successful_connect` is built with the hour not zero-padded (`${hours}` where `pad(hours)` was meant), so a connect between 00:00 and 09:59 UTC is written `2026-11-19T7:30:00Z` (one digit), not a date-time of the described shape (list and detail); connects from 10:00 on, and the other timestamps, are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind16-detail-304-if-modified-since',
    rule: '§7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."; §4 GET /games/{gameId}: "Response 200: `{data: game detail}`."',
    description:
      "The game detail sets `Last-Modified` from the listing's update time and lets the framework's freshness check answer conditional requests, so a GET /games/{id} carrying `If-Modified-Since` at or after the game's `dates.updated` is answered 304 Not Modified with no body instead of 200 with the detail; requests without the header are right.",
    where: 'operations.ts',
    hint: "a conditional request (an If-Modified-Since header at or after the game's last update)",
  },
  // §4, §7 Errors.
  {
    name: 'blind16-non-numeric-game-id-422',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1 (listing ID)." … "Errors: 401, 404 (`game_not_found`), 405, 429, 500."',
    description:
      'The path parameter `gameId` is checked by the request validator shared with the query parameters, so a game path whose id is not made of digits (`/games/abc`, `/games/12x/mssp`, `/games/-3/players`) is answered 422 `invalid_filter` instead of 404; numeric ids naming no game still get 404 `game_not_found`.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind16-tags-body-bom',
    rule: '§1.1: "Only GET is supported; every response body is UTF-8 JSON."',
    description:
      'GET /tags is served from a taxonomy file written with a UTF-8 byte order mark, and the bytes are sent as read, so the body starts with EF BB BF before `{"data":…` (JSON text must not carry a BOM; a strict parser of the bytes fails, while decoders that strip it see the right taxonomy); the other endpoints are right.',
    where: 'operations.ts',
    hint: 'reading the body as bytes',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind16-mssp-raw-keys-kept',
    rule: '§2 MSSP snapshot: "`values` | object or null; normalized MSSP keys to values; available keys vary by game; known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'The normalized values are written into a copy of the crawled variables (`Object.assign({ ...raw }, normalized)`) instead of a fresh object, so `values` holds every crawled name as sent, with its text value (`NAME`, `PLAYERS: "12"`, `XTERM 256 COLORS: "1"`), beside its normalized key and value; `collected_at` and `meta` are right.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind16-raw-month-last-day-missing',
    rule: '§4 GET /games/{gameId}/players: "`raw` = individual crawler samples"; "`from` … Inclusive UTC start"; "`to` … Inclusive UTC end".',
    description:
      "Raw samples are read month by month from monthly partitions whose bounds are computed as `[first day, last day)` (the end taken as the month's last date, exclusive), so the samples of the last day of every month are missing from a raw history (a range holding 2026-10-31 has none of its samples); daily histories and the other days are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind16-daily-samples-carry-stats-fields',
    rule: '§2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`"; §9.2: "Existing player-history response formats are unchanged by the addition of the statistics endpoints."',
    description:
      "The daily history is computed with the statistics endpoint's daily roll-up and its points spread into the samples (`{ ...point, recorded_at, players }`), so every daily sample also carries the statistics fields `date`, `count`, `average`, `min` and `max`; `recorded_at` and `players` are right, and raw samples are unchanged.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind16-stats-raw-served-hourly',
    rule: '§4 Statistics 1: "Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`".',
    description:
      'The `raw` resolution is validated as raw (one UTC day) but read from the hourly roll-up, so its points are hourly buckets (24 a day, each with the count, average, minimum and maximum of its two crawls) instead of the individual observations (48 a day at one crawl every 30 minutes); `meta` still names `raw`, and the other resolutions are right.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind16-activity-average-is-median',
    rule: '§4 Statistics 2: "Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      "A cell's average is computed with the percentile helper at 0.5 (the median of its samples, PERCENTILE_CONT(0.5)) instead of their mean, so a cell whose samples are not symmetric reports another number (with four samples, the mean of the middle two); counts and the null averages are right.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §4 Methods.
  {
    name: 'blind16-post-malformed-json-500',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      'A JSON body parser is mounted for the whole application ahead of authentication and the method check, and its parse error reaches the generic error handler, so a POST (PUT, PATCH …) whose `Content-Type: application/json` body is not valid JSON is answered 500 `internal_error` (with or without a key) instead of 405 (or 401); bodies that parse, and requests without one, are right.',
    where: 'app.ts',
    hint: 'a request with another method than GET carrying a malformed JSON body (Content-Type: application/json)',
  },
  // §7 Headers.
  {
    name: 'blind16-request-id-per-connection',
    rule: '§7 Response headers: "`X-Request-ID` | String identifying an authenticated request"; §7: "`request_id` is a string for troubleshooting".',
    description:
      "The request id is created with the connection's logger context when the socket opens and read from it for every request, so all requests sent on one kept-alive connection carry the same X-Request-ID (and error `request_id`); a request on a fresh connection gets another id.",
    where: 'middleware/request-id.ts',
    hint: 'two requests sent on one kept-alive connection',
  },
  {
    name: 'blind16-retry-after-on-every-response',
    rule: '§7 Response headers: "`Retry-After` | Integer seconds until retry; on 429".',
    description:
      'The rate-limit accounting writes Retry-After together with the X-RateLimit-* headers on every counted answer, as the seconds until X-RateLimit-Reset, so admitted requests (200, 404, 405, 422) carry a Retry-After telling the client to wait, not only the 429s; the 429s are right.',
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  // §7, §8 Rate limits.
  {
    name: 'blind16-retry-after-full-window',
    rule: '§7 Response headers: "`Retry-After` | Integer seconds until retry; on 429"; §8: "the client waits the number of seconds in `Retry-After`".',
    description:
      'On a refusal Retry-After is the length of the exhausted window (60 for the minute, 86,400 for the UTC day) instead of the seconds left until it resets, so a key refused 30 seconds into a minute is told to wait 60 seconds (X-RateLimit-Reset names the end of the minute, 30 seconds away); a refusal on the first second of the window is right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose minute budget is spent after the start of a minute (e.g. 5/min, 30 seconds into the minute)',
  },
  {
    name: 'blind16-limits-keyed-by-authorization-text',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; "Requests per UTC day per key (default for new keys) | 10,000".',
    description:
      'The counters are keyed by the Authorization header as sent instead of the key it names, so one key sent with differently spelled headers (`Bearer <key>`, `bearer <key>`, `Bearer  <key>` with two spaces, all accepted) gets a budget per spelling: a 5/min key that spent its minute is admitted again under another spelling (with a fresh X-RateLimit-Remaining); one spelling is right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small minute budget, sent past it with the scheme spelled another way (e.g. `bearer`)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault16Name = (typeof BLIND_FAULTS_16)[number]['name'];

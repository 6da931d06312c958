/**
 * Blind fault set 3: a third set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1 and 2 (set-1.ts, set-2.ts). Like them, it measures how
 * well the suite catches bugs nobody has shown it, so its entries deliberately have no
 * killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind3-…'] })`, `--faults blind3-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to see the fault, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_3 = [
  // §1.1, §1.6 — protocol.
  {
    name: 'blind3-json-php-plain-text-gone',
    rule: '§1.1: "every response body is UTF-8 JSON"; §1.6: "A retired legacy endpoint `/json.php` returns HTTP 410 Gone".',
    description:
      '`/json.php` is answered with `res.sendStatus(410)`: a `text/plain` body `Gone` instead of a JSON error envelope.',
    where: 'operations.ts',
    hint: '',
  },
  // §1.5, §2 PaginationMeta / PaginationLinks — the collection envelope.
  {
    name: 'blind3-total-zero-on-empty-page',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "A page past the last one (empty `data`) reports `meta.total` 0, as a `COUNT(*) OVER ()` read off the page's rows does (games and reviews).",
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind3-links-drop-bare-tag-param',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`"; §4 GET /games rule 1: "A single ID may be sent with or without the brackets."',
    description:
      'The links are rebuilt from a list of known parameter names that has the tag parameters with brackets only, so a bare `theme_tag_id=<id>` is dropped from `self`, `next` and `previous`.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind3-reviews-total-as-text',
    rule: '§2 PaginationMeta: "`total` integer >= 0".',
    description:
      'GET /reviews\' `meta.total` is a JSON string ("151"), as node-postgres reads a bigint `COUNT(*)`; GET /games is right.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game representations.
  {
    name: 'blind3-created-postgres-text',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`"; §2 dates: `created` is a NullableTimestamp.',
    description:
      "A game's `dates.created` is PostgreSQL's text form of a timestamptz (`2026-04-04 02:46:44+00`), in the list and the detail.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-banner-relative-path',
    rule: '§2 urls: "`banner` | uri string | yes".',
    description:
      '`urls.banner` is the stored path on the image host (`/banners/<slug>.png`), a relative reference instead of an absolute URI.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-detail-self-without-prefix',
    rule: '§2 urls: "`self` | uri string (link to this game in the API)"; Conventions: "`{base_url}` … already includes the path prefix `/api/v1`".',
    description:
      "In the game detail, `urls.self` is built from the origin without the `/api/v1` prefix (`http://host/games/42`), a link that leads to no API route; the list's links are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-tls-port-as-text',
    rule: '§2 connection: "`tls_port` | integer or null".',
    description: 'A non-null `connection.tls_port` is a JSON string ("6697"), as a VARCHAR column reads.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-active-archive-reason-empty',
    rule: '§2 status: `archive_reason` "null for active listings"; §3: active is "`archived` false, `archive_reason` null".',
    description:
      "An active game's `status.archive_reason` is the empty string (a NOT NULL DEFAULT '' column) instead of null.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-watcher-count-omitted-when-zero',
    rule: '§2 Game detail: "`watcher_count` | integer >= 0 (number of users watching the game)" (a field of the detail).',
    description:
      'The game detail leaves out `watcher_count` when it is 0 (a serializer that drops falsy values).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-latest-players-zero-when-unknown',
    rule: '§2 status: "`latest_players` | integer or null"; §1.4: "A field is `null` when no value exists for it."',
    description:
      'A game that is not web-only and has no player sample (never reached) has `status.latest_players` 0 instead of null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind3-detail-reviews-link-omitted-without-reviews',
    rule: '§2 urls: "`reviews` | uri string | optional in summary, required in detail".',
    description: 'The detail of a game without reviews leaves out `urls.reviews`.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §2 — fields of the review representations.
  {
    name: 'blind3-review-affiliation-empty-string',
    rule: '§2 Review summary: "`author` object: `display_name` string, `affiliation` string or null"; §1.4: "A field is `null` when no value exists for it."',
    description:
      'A reviewer without an affiliation has `author.affiliation` "" instead of null (list and detail).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §3, §4 — the game sub-resources in every state.
  {
    name: 'blind3-mssp-web-only-suppressed',
    rule: '§4 GET /games/{gameId}/mssp: "Available for archived and web-only games"; §3: `mssp_not_available` "when the game exists but has no snapshot".',
    description:
      "For a web-only game, the MSSP endpoint answers `data` null and `mssp_not_available` although a snapshot is stored (§2 rule 2's suppression applied to the endpoint).",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  {
    name: 'blind3-players-archived-404',
    rule: '§4 GET /games/{gameId}/players: "Available for archived and web-only games."',
    description: 'The player history of an archived game is answered 404 `game_not_found`.',
    where: 'deviations/player-history.ts',
    hint: 'an archived game id',
  },
  // §4 GET /games — search, filters, sorts and paging.
  {
    name: 'blind3-q-terms-same-field',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'A game matches only when all the terms occur in one and the same field (`(name LIKE t1 AND name LIKE t2) OR (intro …) OR …`), so terms split between the name and the description find nothing.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-explicit-last-updated-ascending',
    rule: '§4 GET /games sort: "Default `last_updated`" (a request without `sort` is ordered as `sort=last_updated`).',
    description:
      'An explicit `sort=last_updated` orders the least recently updated first (the sort table maps it to ASC), unlike the default order it should equal.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-connection-type-all-refused',
    rule: '§4 GET /games connection_type: "`all` (no filter), `web_only` …, `mud_client` …", default `all`.',
    description:
      'An explicit `connection_type=all` is refused with 422 `invalid_filter` (the validator lists `web_only` and `mud_client` only).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-has-reviews-ignored-with-q',
    rule: '§4 GET /games rule 2: "the search terms and all filters combine with AND"; `has_reviews` "1 requires at least one review".',
    description:
      'With a search (`q`), `has_reviews=1` is ignored (the search query builds its own WHERE), so games without reviews are listed.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-non-numeric-tag-id-ignored',
    rule: '§4 GET /games: tag parameters are "array of integer >= 1"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      'A tag id that is not a number (`theme_tag_id[]=abc`) is dropped (`Number()` gives NaN, filtered out), so the request is answered 200 without that filter.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-offset-uses-default-per-page',
    rule: '§4 GET /games: `page` "One-based", `per_page` 1..50 (page n holds the items after the first (n − 1) × per_page).',
    description:
      "A page's offset is computed with the default page size, `(page − 1) × 20` whatever `per_page`: `per_page=5&page=2` serves items 21–25 instead of 6–10.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind3-web-only-online-recently-400',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1` … returns 422 `invalid_filter`".',
    description:
      '`connection_type=web_only` with `online_recently=1` is answered 400 (code `invalid_filter`) instead of 422; the sort combination is right.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games/{gameId} and unknown paths.
  {
    name: 'blind3-game-id-int32-overflow-500',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1", "404 (`game_not_found`)"; §7: `game_not_found` "Game does not exist".',
    description:
      "A game id beyond 2^31 − 1 (`/games/3000000000`) answers 500 `internal_error` (the integer column's out-of-range error) instead of 404 `game_not_found`.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind3-game-subpath-game-not-found',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      "An unknown path under a game (`/games/<id>/screenshots`) answers 404 `game_not_found` (the games router's own fallback) instead of `route_not_found`.",
    where: 'routes.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind3-players-default-to-yesterday',
    rule: '§4 players: `to` "Default current UTC date".',
    description:
      'Without `to`, the range ends yesterday (the last complete UTC day), `meta.to` included, and `from` defaults to 29 days before that.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind3-daily-recorded-at-date-only',
    rule: '§2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`"; §1.4 timestamp shape.',
    description:
      "A daily sample's `recorded_at` is its day (`YYYY-MM-DD`, a DATE column) instead of a date-time.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind3-players-single-day-refused',
    rule: '§4 players: `from` "Inclusive UTC start", `to` "Inclusive UTC end"; only "an invalid … date ordering" returns 422.',
    description:
      'A one-day range (`from` equal to `to`) is refused with 422 `invalid_date_range` (the ordering checked as `from < to`).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind3-reviews-total-counts-archived',
    rule: '§4 GET /reviews: "Archived games\' reviews are excluded from this collection"; §2 PaginationMeta: `total` counts the matching items.',
    description:
      "Without `game_id`, GET /reviews' `meta.total` also counts the archived games' reviews (the count query lacks the archived condition; `data` is right).",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags, §7 headers.
  {
    name: 'blind3-tags-skip-rate-limit',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, …)"; §8: requests per minute per key.',
    description:
      'GET /tags is answered before rate-limit accounting (a cached static route): it is not counted and carries no X-RateLimit-* or X-Request-ID headers.',
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind3-stats-date-milliseconds',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date".',
    description: "Each statistics point's date is in epoch milliseconds (JavaScript's `getTime()`).",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind3-activity-default-zone-server-local',
    rule: '§4 Statistics 2: "takes the same dates, at most 90 days, and an IANA timezone (default UTC)".',
    description:
      "Without a timezone, the cells are those of the server's local zone (America/New_York) while `meta` still says UTC.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind3-x-api-key-header-accepted',
    rule: '§5.1: "Every endpoint requires the request header `Authorization: Bearer <API_KEY>`"; §5.3: "No `Authorization` header: 401 `authentication_required`."',
    description: 'A valid key sent in an `X-API-Key` header, without Authorization, authenticates (200).',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind3-revoked-key-authentication-required',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description: 'A revoked key is answered 401 `authentication_required` (the record treated as absent).',
    where: 'middleware/authenticate.ts',
    hint: 'a revoked key',
  },
  // §7 Errors and response headers.
  {
    name: 'blind3-405-without-rate-limit-headers',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      'A 405 answer carries no X-RateLimit-Limit, X-RateLimit-Remaining or X-RateLimit-Reset (X-Request-ID is there).',
    where: 'middleware/method-check.ts',
    hint: '',
  },
  {
    name: 'blind3-retry-after-http-date',
    rule: '§7: "Retry-After | Integer seconds until retry; on 429".',
    description: 'Retry-After on a 429 is an HTTP date (`Sun, 22 Nov 2026 12:01:00 GMT`) instead of seconds.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach 429',
  },
  // §7 rate-limit headers, §8 Limits.
  {
    name: 'blind3-remaining-day-only',
    rule: '§7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      'X-RateLimit-Remaining reports the UTC-day budget left even when the minute budget is smaller (9,999 on the first request of a 60/min, 10,000/day key).',
    where: 'rate-limiter.ts',
    hint: '',
  },
  {
    name: 'blind3-day-window-local-midnight',
    rule: '§8: "Requests per UTC day per key"; §7: X-RateLimit-Reset is "when the currently binding limit resets" (the UTC day\'s end when the day binds).',
    description:
      "The day budget runs from the server's local midnight (05:00Z, UTC−5), so when the day limit binds X-RateLimit-Reset is 05:00Z instead of 00:00Z.",
    where: 'rate-limiter.ts',
    hint: 'a key whose day budget binds (the day-limited key)',
  },
  {
    name: 'blind3-failed-requests-not-counted',
    rule: '§8: "Requests per minute per key"; §7: rate-limit accounting happens on 404, 405 and 422 too (their headers "appear after … rate-limit accounting").',
    description:
      'A request answered 4xx is refunded once its answer is sent (a rate limiter\'s "skip failed requests"), so it spends no budget: after a 404, the next request shows the same X-RateLimit-Remaining.',
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault3Name = (typeof BLIND_FAULTS_3)[number]['name'];

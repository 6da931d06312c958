/**
 * Blind fault set 2: a second set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from set 1's faults (set-1.ts). Like set 1, it measures how well the suite catches
 * bugs nobody has shown it, so its entries deliberately have no killing check of their own
 * (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind2-…'] })`, `--faults blind2-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to see the fault, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_2 = [
  // §1.5, §2 PaginationMeta / PaginationLinks — the collection envelope.
  {
    name: 'blind2-meta-per-page-is-item-count',
    rule: '§2 PaginationMeta: "`per_page` integer 1..50"; §4 GET /games and GET /reviews: `per_page` is the requested page size (default 20).',
    description:
      '`meta.per_page` reports the number of items on the page served, so a partial last page (or an empty page) shows fewer than the page size asked for (0 on an empty page).',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind2-meta-page-as-text',
    rule: '§2 PaginationMeta: "`page` integer >= 1".',
    description:
      'When the request has a `page` parameter, `meta.page` echoes its text as a JSON string ("2") instead of an integer.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind2-next-page-string-concat',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists"; §2: links "include `page`" (the next page is page + 1).',
    description:
      'When the request has a `page` parameter, the `next` link is built from its text with `+ 1` as string concatenation: on `page=2` it points at `page=21`.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind2-links-collapse-repeated-params',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      'The links are built from the parameters read into a plain object, so a repeated parameter (`theme_tag_id[]=1&theme_tag_id[]=2`) keeps only its last value in `self`, `next` and `previous`.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game representations.
  {
    name: 'blind2-admin-disabled-reason-rewritten',
    rule: '§2 status: "`archive_reason` … `non_connectivity` in the machine-readable schema; `admin_disabled` is also documented for an administrator restriction".',
    description:
      "A game archived by an administrator has `status.archive_reason` `non_connectivity` (the value coerced to the schema's one enum value) instead of `admin_disabled`.",
    where: 'deviations/representation.ts',
    hint: 'an archived game id archived by an administrator (admin_disabled)',
  },
  {
    name: 'blind2-listed-date-only',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`"; §2 dates: `listed` is a NullableTimestamp.',
    description:
      "A game's `dates.listed` is written as a date only (`YYYY-MM-DD`, as a DATE column reads), in the list and the detail.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind2-category-tag-group-id',
    rule: '§2: `tags.categories` maps a category key to one TagReference (`id`, `name`); §4 GET /games rule 1: "Current IDs come from GET /tags".',
    description:
      "Each TagReference of `tags.categories` carries the id of the tag's group (the category) instead of the tag's own id; the name is right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind2-reviews-link-wrong-parameter',
    rule: "§2 urls: `reviews` uri string (required in detail), the game's reviews; §4 GET /reviews: `game_id` limits results to one game.",
    description:
      "`urls.reviews` links to `/reviews?game=<id>` (a parameter the API does not have), so following it lists every game's reviews.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind2-summary-custom-tags-empty',
    rule: '§2: `tags.custom` "array of TagReference" in the game summary; the game detail has "All summary fields" (the same game, the same tags).',
    description:
      'In GET /games items, `tags.custom` is always an empty array (the list query does not join the custom tags); the detail is right.',
    where: 'operations.ts',
    hint: '',
  },
  // §2 — fields of the review representations.
  {
    name: 'blind2-review-rating-zero-when-unrated',
    rule: '§2 Review summary: "`rating` integer or null"; §1.4: "A field is `null` when no value exists for it."',
    description: 'A review without a rating has `rating` 0 instead of null (list and detail).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind2-review-edited-defaults-to-submitted',
    rule: '§2 Review summary: `dates.edited` NullableTimestamp, "`edited` records the latest edit"; §1.4: "A field is `null` when no value exists for it."',
    description:
      'A review that was never edited has `dates.edited` equal to `dates.submitted` instead of null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind2-review-archived-game-name-null',
    rule: '§2 Review summary: "`game` object: `id` integer, `name` string, `archived` boolean" (all fields required); §4 GET /reviews/{reviewId}: available "even when the game is archived".',
    description:
      'A review of an archived game has `game.name` null (the name is looked up among the active listings only).',
    where: 'deviations/representation.ts',
    hint: 'a review id of an archived game',
  },
  // §4 GET /games — filters, search and sorts.
  {
    name: 'blind2-recently-online-nulls-first',
    rule: '§4 GET /games sort: `recently_online` (most recently reached successfully first; `online_recently` = "reached successfully").',
    description:
      '`sort=recently_online` puts the games never reached (no last successful connect) first, as `ORDER BY … DESC` does with NULLs in PostgreSQL, before the most recently reached ones.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind2-online-recently-reads-last-crawled',
    rule: '§4 GET /games: "`online_recently` … 1 = games reached successfully in the last 48 hours".',
    description:
      '`online_recently=1` keeps the games crawled in the last 48 hours, whether or not the crawl reached them (last crawl instead of last successful connect).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind2-recently-updated-reads-listed',
    rule: '§4 GET /games: "`recently_updated` … 1 = listings updated in the last 30 days".',
    description:
      '`recently_updated=1` keeps the games listed in the last 30 days (`dates.listed`) instead of those updated (`dates.updated`).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind2-language-filter-reads-location',
    rule: '§4 GET /games: "`language_tag_id[]` … language tag IDs"; rule 2: different categories combine with AND.',
    description:
      'The `language_tag_id[]` (and bare `language_tag_id`) ids are applied to the location category (a copy-paste slip), replacing any location filter, so a language id matches no game.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind2-q-underscore-wildcard',
    rule: '§4 GET /games q: "every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'A term is matched with SQL LIKE without escaping, so `_` in a term matches any one character and `%` any run: `dr_gon` finds games containing "dragon".',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind2-empty-search-404',
    rule: '§4 GET /games: "Response 200: game collection"; errors 401, 405, 422, 429, 500 (`total` integer >= 0).',
    description:
      'A search (`q`) that matches no game is answered 404 `game_not_found` instead of 200 with an empty collection.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp, §2 MSSP snapshot.
  {
    name: 'blind2-mssp-flags-as-numbers',
    rule: '§2 MSSP snapshot: "known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Capability flags (ANSI, UTF-8, MXP, HIRING CODERS, …) are normalized to the numbers 1 and 0 instead of booleans.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  {
    name: 'blind2-mssp-game-id-as-text',
    rule: '§2 MSSP response: "`meta: {game_id integer, status: …}`".',
    description: 'The MSSP response\'s `meta.game_id` is the path segment as a string (`"42"`).',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  {
    name: 'blind2-mssp-collected-at-local-time',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings"; the snapshot\'s `collected_at` is the time of the newest stored snapshot (`status.mssp_collected_at` of the game).',
    description:
      "The snapshot's `collected_at` is formatted from the server's local (UTC−5) wall clock with a `Z`, five hours before the game's `status.mssp_collected_at`.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind2-players-default-from-relative-to-today',
    rule: '§4 players: `from` default "29 days before `to` (a 30-day range)"; §8: "Default player-history range 30 days (`from` = 29 days before `to`)".',
    description:
      'With `to` and no `from`, `from` defaults to 29 days before today instead of before `to`: a `to` more than 29 days back is refused with 422 (from after to), a later one gives a shorter or longer range.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind2-players-daily-limit-without-granularity',
    rule: '§4 players: granularity default `daily`; "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days".',
    description:
      'When `granularity` is omitted, the range is checked against the raw maximum (90 days): an implicit-daily range of 91–365 days is refused with 422 (`granularity=daily` is right).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind2-players-date-lenient-parse',
    rule: '§4 players: `from`/`to` "date YYYY-MM-DD"; "An invalid … date … returns 422 `invalid_date_range`".',
    description:
      'Dates are parsed with `new Date(text)`: anything it reads (`2026-11-01T00:00:00Z`, `2026/11/01`, `November 1, 2026`) is accepted as that day instead of 422.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind2-reviews-game-filter-after-paging',
    rule: '§4 GET /reviews: `game_id` "limits results to one active game"; §2 PaginationMeta: `total` counts the matching items across all pages.',
    description:
      "With `game_id`, the page is cut from all listed reviews first and then filtered, so `data` holds only the game's reviews that fall on that page of the unfiltered list (usually none) while `meta.total` is right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind2-reviews-sorted-by-last-edit',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      'GET /reviews is ordered by the latest activity (`dates.edited` when set, else `dates.submitted`), so an old review edited recently comes before newer ones.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind2-tags-bare-array',
    rule: '§4 GET /tags: "Response 200: `{data: [tag groups]}`".',
    description: 'GET /tags answers the array of tag groups itself, without the `{data: …}` envelope.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 Statistics endpoints, §8.
  {
    name: 'blind2-stats-raw-two-days-accepted',
    rule: '§4 Statistics 1: "Resolutions: `raw` (up to 24 hours)"; §8: "Statistics raw resolution span up to 24 hours"; rule 3: invalid queries return 422 `invalid_statistics_query`.',
    description:
      'The raw span is checked as `to − from <= 1 day`, so a raw query over two whole UTC days (48 hours) is answered 200 instead of 422.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind2-stats-unknown-metric-players',
    rule: '§4 Statistics 1: "Metrics: `players`, `areas`, … `skills`"; rule 3: "Invalid queries return 422 `invalid_statistics_query`"; §7: the code covers an invalid metric.',
    description: 'An unknown metric falls back to `players` (200) instead of 422 `invalid_statistics_query`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind2-stats-pending-reported-unavailable',
    rule: '§4 Statistics 3: statistics "in preparation return 503 (… `statistics_pending`)"; §7: `statistics_pending` "Requested historical range still being prepared".',
    description:
      'GET /games/{id}/statistics answers a range still being prepared with 503 `statistics_unavailable` instead of `statistics_pending`.',
    where: 'deviations/statistics.ts',
    hint: 'a game id whose statistics are pending (and a range long enough to be pending)',
  },
  {
    name: 'blind2-activity-ignores-unavailable',
    rule: '§4 Statistics 3: "Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, …)" (both statistics endpoints).',
    description:
      'GET /games/{id}/activity-pattern does not check availability: for a game whose statistics are unavailable it answers 200 with a pattern instead of 503 (the statistics endpoint is right).',
    where: 'deviations/activity-pattern.ts',
    hint: 'a game id whose statistics are unavailable',
  },
  {
    name: 'blind2-activity-timezone-sign-inverted',
    rule: '§4 Statistics 2: "takes … an IANA timezone (default UTC). Returns 168 weekday/hour cells" (the weekdays and hours of that zone).',
    description:
      "The zone's UTC offset is applied with the wrong sign (as POSIX `Etc/GMT±h` names have it), so for `Asia/Tokyo` the cells are those of UTC−9 instead of UTC+9.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind2-activity-default-range-90-days',
    rule: '§4 Statistics 2: activity pattern "takes the same dates" as statistics, whose "default range [is] 30 days".',
    description:
      'Without `from`, the activity pattern covers 90 days (its maximum) instead of 30: `from` is 89 days before `to`.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind2-key-case-insensitive',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'Keys are looked up case-insensitively (a case-insensitive collation), so a valid key with its letters upper-cased authenticates.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind2-realm-without-api-suffix',
    rule: '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'Every 401 carries `WWW-Authenticate: Bearer realm="<service_name>"`, without the " API" suffix.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §7 Errors and headers.
  {
    name: 'blind2-route-not-found-flat-error',
    rule: '§7: "Body shape: `{error: {code, message, details?}, request_id}`".',
    description:
      'The 404 for an unknown route has a flat body `{error: "route_not_found", message, request_id}` (the code as `error`, no nested object).',
    where: 'respond.ts',
    hint: '',
  },
  {
    name: 'blind2-game-not-found-html-content-type',
    rule: '§1.1: "every response body is UTF-8 JSON".',
    description:
      'The 404 `game_not_found` is sent as a string, so its (JSON) body is labelled `Content-Type: text/html; charset=utf-8`.',
    where: 'respond.ts',
    hint: '',
  },
  {
    name: 'blind2-429-without-request-id',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description: 'A 429 response carries no `X-Request-ID` header (the rate-limit headers are there).',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach 429',
  },
  // §7 rate-limit headers, §8 Limits.
  {
    name: 'blind2-remaining-negative-on-429',
    rule: '§7: "X-RateLimit-Remaining: Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit" (none remain: 0).',
    description: 'A 429 response has `X-RateLimit-Remaining: -1` instead of 0.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach 429',
  },
  {
    name: 'blind2-reset-minute-start',
    rule: '§7: "X-RateLimit-Reset: Integer Unix timestamp when the currently binding limit resets".',
    description:
      'When the minute limit binds, `X-RateLimit-Reset` is the start of the current minute window (a time already past) instead of its end.',
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  {
    name: 'blind2-limits-counted-per-client',
    rule: '§8: "Requests per minute per key", "Requests per UTC day per key"; §7 X-RateLimit-Remaining is the key\'s remaining requests.',
    description:
      "The minute and day counters are kept per client address instead of per key, so requests sent with one key spend another key's budget from the same address.",
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min), used after requests with the normal key',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault2Name = (typeof BLIND_FAULTS_2)[number]['name'];

/**
 * Blind fault set 21: a twenty-first set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–20 (set-1.ts … set-20.ts). Its theme is a port of the API
 * to another stack, where a library's default differs from what the description says: JSON
 * mappers (nulls written or dropped, NaN, nil slices, protobuf's omitted defaults), date and time
 * libraries (naive times, a local offset, day arithmetic across a daylight-saving change), string
 * functions (a Turkish default locale), number parsing and formatting (Python's `int()`, group
 * separators, integer division), enum converters, query-string encoders, a Redis counter's TTL and
 * a framework's default type-mismatch answer. Most of its bugs show only for some requests, some
 * records or at some times. Like the earlier sets, it measures how well the suite catches bugs
 * nobody has shown it, so its entries deliberately have no killing check of their own (see
 * README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind21-…'] })`, `--faults blind21-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_21 = [
  // JSON mappers of other stacks.
  {
    name: 'blind21-links-absent-written-null',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."; §2 PaginationLinks: "`next` uri (optional); `previous` uri (optional)".',
    description:
      'The collections are serialised by a JSON mapper left at its default of writing null members (Jackson\'s `Include.ALWAYS`, a pydantic model dumped without `exclude_none`), so a page without a next or a previous page carries the key with null instead of leaving it out: the first page of GET /games and GET /reviews has `"previous": null`, the last (or only) page `"next": null`; pages with both neighbours are right.',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind21-empty-page-data-null',
    rule: '§1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, total}, links: {self, next?, previous?}}`."',
    description:
      'The Go port collects a page\'s items in a nil slice (`var items []Summary`, appended to per row read), which `encoding/json` writes as `null`, so a collection page without any item (a search or filter matching no game, `game_id` of a game without public reviews, a page past the last) is answered `{"data": null, …}` instead of `{"data": [], …}`; pages holding items are right.',
    where: 'operations.ts',
    hint: 'a search (or a page) that matches no item',
  },
  {
    name: 'blind21-average-rating-nan',
    rule: '§2 Game summary: "`reviews` | object | … `average_rating` number or null"; §1.1: "every response body is UTF-8 JSON."',
    description:
      'The Python port computes `reviews.average_rating` with pandas\' `Series.mean()` over the game\'s ratings, which is NaN for a game without any rated review, and `json.dumps` (whose `allow_nan` defaults to True) writes it as the bare token `NaN`: every GET /games page and game detail holding such a game (123 of the 275 active games here) has `"average_rating": NaN` and is not JSON; pages and details of games with a rated review are right.',
    where: 'operations.ts',
    hint: 'a game without a rated review (most list pages hold one)',
  },
  {
    name: 'blind21-rank-omitted-when-null',
    rule: '§2 Game summary: "All fields below are required." `ranking` | object | "`rank` integer or null; `monthly_votes` integer >= 0"; Rules on game resources 1: "Archived game: … `ranking.rank` is null".',
    description:
      'The ranking DTO of the Java port carries `@JsonInclude(Include.NON_NULL)` (copied with the other DTOs\' annotations), so a game without a rank (every archived game) has `ranking: {"monthly_votes": …}` without the `rank` key instead of `"rank": null`, in its detail (and in the list for any unranked active game); ranked games are right.',
    where: 'operations.ts',
    hint: 'an archived game id',
  },
  {
    name: 'blind21-status-false-flags-omitted',
    rule: '§2 Game summary: "All fields below are required."; `status`: "archived | boolean", "web_only | boolean", "confirmed_online | boolean".',
    description:
      'The `status` block comes from a protobuf message through gRPC-gateway, whose JSON marshaller leaves out fields holding their default value (`EmitUnpopulated` off), so a status flag that is false is missing: an active game has no `status.archived`, a MUD-client game no `status.web_only`, a game not confirmed online no `status.confirmed_online` (list and detail); the flags that are true are written.',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind21-mssp-data-omitted-when-null',
    rule: '§2 MSSP response: "`{data: snapshot or null, meta: {game_id integer, status: "available" | "mssp_not_available"}}`"; §3: "`mssp_not_available` (with `data` null) when the game exists but has no snapshot".',
    description:
      'The Go port\'s MSSP response struct tags its snapshot pointer `json:"data,omitempty"` (the tag copied from the optional fields), so for a game that exists but has no snapshot (a web-only game, a game never crawled) the answer is `{"meta": {"game_id": …, "status": "mssp_not_available"}}` without the `data` key instead of `"data": null`; games with a snapshot are right.',
    where: 'operations.ts',
    hint: 'a game without an MSSP snapshot (a web-only game)',
  },
  {
    name: 'blind21-tag-ids-int64-strings',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §2 Shared types: "TagReference | `id` integer, `name` string (both required)".',
    description:
      'GET /tags is served through gRPC-gateway from a message whose ids are `int64`, and the protobuf JSON mapping writes 64-bit integers as strings, so every group id and every value id of the taxonomy is a JSON string (`{"id": "3", "name": …, "values": [{"id": "153", …}]}`) instead of an integer; the games\' TagReferences (another, hand-written mapper) are right.',
    where: 'operations.ts',
    hint: '',
  },
  // Date and time libraries.
  {
    name: 'blind21-dates-seconds-dropped-when-zero',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 `dates`: "`created`, `listed`, `updated`, each NullableTimestamp".',
    description:
      "A game's `dates.created` and `dates.listed` are written with Java's `OffsetDateTime.toString()`, which leaves out the seconds when they are zero, so a listing created or listed on a whole minute reads `2026-04-04T02:46Z` instead of `2026-04-04T02:46:00Z` (list and detail; 12 of the 300 games here); times with seconds are right.",
    where: 'operations.ts',
    hint: 'a game created or listed on a whole minute (a few per page of 50)',
  },
  {
    name: 'blind21-updated-naive-no-zone',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 `dates`: "`created`, `listed`, `updated`, each NullableTimestamp".',
    description:
      '`dates.updated` is read from a `TIMESTAMP WITHOUT TIME ZONE` column into a naive Python datetime and written with `isoformat()`, which adds no zone designator: `2026-11-20T08:15:00` instead of `2026-11-20T08:15:00Z`, in the list and the detail; `created` and `listed` (timestamptz columns) are right.',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind21-raw-recorded-at-local-offset',
    rule: '§4 GET /games/{gameId}/players: "Date boundaries and returned timestamps are UTC."; §1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."',
    description:
      "The raw samples' `recorded_at` is an `OffsetDateTime` in the JVM's default zone (Europe/Berlin) written with `ISO_OFFSET_DATE_TIME`, so a sample taken at 11:30Z reads `2026-11-22T12:30:00+01:00` (`+02:00` in summer time): the same instant, not in the UTC form; the daily samples are right.",
    where: 'operations.ts',
    hint: 'granularity=raw',
  },
  {
    name: 'blind21-default-from-dst-local-days',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range)"; §8: "Default player-history range | 30 days (`from` = 29 days before `to`)".',
    description:
      "Without `from`, the default is computed as midnight of `to` in the server's zone (Europe/Berlin) minus 29 × 24 hours and read back as a local date, so when those 29 days hold the start of summer time (the last Sunday of March) the lost hour moves `from` to the day before: `to=2026-04-10` gives `meta.from` 2026-03-11 (a 31-day range with its samples) instead of 2026-03-12; every other `to` (the default one in November included) is right.",
    where: 'operations.ts',
    hint: 'an explicit `to` in the four weeks after the last Sunday of March, without `from`',
  },
  {
    name: 'blind21-online-recently-local-now',
    rule: '§4 GET /games: "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours"; §8: "online_recently window | 48 hours".',
    description:
      'The Python port computes the cut-off as `datetime.now() - timedelta(hours=48)`, a naive local time of the server (Europe/Berlin, UTC+1 in winter, UTC+2 in summer), and compares it with the naive UTC times of the last successful connects, so the window is 47 hours (46 in summer): `online_recently=1` leaves out the games last reached between 47 and 48 hours ago (from `data` and `meta.total`); games reached within the last 47 hours, and requests without the flag, are right.',
    where: 'deviations/games.ts',
    hint: 'a game last reached between 47 and 48 hours before the request (one that stopped answering two days ago)',
  },
  // Converters and string functions.
  {
    name: 'blind21-enum-params-case-insensitive',
    rule: '§4 GET /games: `sort` "One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)"; `connection_type` "`all` (no filter), `web_only` …, `mud_client` …"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      "The Spring Boot port binds `sort` and `connection_type` to enums through Boot's lenient string-to-enum converter, which ignores letter case and reads `-` as `_`, so `connection_type=WEB_ONLY` (or `Mud-Client`) is answered 200 with that filter instead of 422 `invalid_filter`, and `sort=TOP_VOTED` (or `Most-Reviewed`) orders by that sort instead of falling back to `last_updated`; the values as listed are right.",
    where: 'operations.ts',
    hint: 'an enum value in capitals (`connection_type=WEB_ONLY`)',
  },
  {
    name: 'blind21-q-turkish-lowercase',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The terms of `q` are lower-cased with `String.toLowerCase()` under the JVM's default locale (the servers run with tr-TR), while the search text was lower-cased in the root locale, so a capital `I` becomes a dotless `ı` (and `İ` an `i`): a term holding a capital I (`q=Iron`, `q=INFINITE`) matches no game although it occurs in names as written; terms without a capital I are right.",
    where: 'operations.ts',
    hint: 'a search term with a capital I (`q=Iron`)',
  },
  {
    name: 'blind21-links-repeated-params-python-repr',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."; §4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`)."',
    description:
      "The links are built with Python's `urllib.parse.urlencode` over the query read as a dict whose repeated parameters hold lists, without `doseq=True`, so a repeated parameter is written once with the Python repr of its list as value: `theme_tag_id%5B%5D=%5B%27153%27%2C+%27154%27%5D` (`['153', '154']`) in `self`, `next` and `previous`, a link that no longer selects those ids; parameters sent once are right.",
    where: 'operations.ts',
    hint: 'a tag parameter repeated with two ids on a collection of several pages',
  },
  // Numbers: formatting, integer arithmetic, parsing.
  {
    name: 'blind21-reset-grouped-digits',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "The rate-limit headers are formatted with the platform's default number format (`NumberFormat.getIntegerInstance()`, .NET's `ToString(\"N0\")`), which groups digits, so every counted answer has `X-RateLimit-Reset: 1,795,348,860` instead of `1795348860` (and X-RateLimit-Limit and -Remaining likewise from 1,000 on; the default 60/min key's look right).",
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  {
    name: 'blind21-retry-after-floored',
    rule: '§7 Response headers: "Retry-After | Integer seconds until retry; on 429"; §8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."',
    description:
      'Retry-After is computed in integer arithmetic as `(resetMs - nowMs) / 1000` (a truncating long division), so a refusal at a fraction of a second (12:00:30.400Z, for a minute ending at 12:01:00Z) says 29 instead of 30 and a client waiting that long is refused again (0 in the last second of the window); refusals on a whole second are right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min 20/day) refused at a moment that is not a whole second',
  },
  {
    name: 'blind21-day-counter-ttl-24h',
    rule: '§8: "Requests per UTC day per key (default for new keys) | 10,000"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`"; §7: "`rate_limit_exceeded` | 429 | Minute or UTC-day limit exceeded".',
    description:
      "The day budget is a Redis counter `INCR`ed per request with `EXPIRE 86400` set when it is created (the limiter library's fixed window starts at the first hit), so the day window runs 24 hours from the key's first request instead of the UTC day: a key that spent its day budget in the evening is still refused after UTC midnight, until 24 hours after that first request; a key whose window began at midnight sees no difference.",
    where: 'rate-limiter.ts',
    hint: 'a day-limited key (10/min, 3/day) spent in the evening and used again just after UTC midnight',
  },
  {
    name: 'blind21-path-id-python-int',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1 (listing ID)"; errors "404 (`game_not_found`)"; §4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      "The path ids are converted with Python's `int()`, which also accepts surrounding whitespace, a leading `+` and underscores between digit groups, so `/games/1_0`, `/games/+10` and `/games/%2010` answer the game 10 (200) instead of 404, as do the game's sub-resources and `/reviews/1_0` the review 10; ids of plain digits are right.",
    where: 'routes.ts',
    hint: 'a game id written with an underscore (`/games/1_0`)',
  },
  {
    name: 'blind21-non-numeric-id-400',
    rule: '§7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."; §4 GET /games/{gameId}: "Errors: 401, 404 (`game_not_found`), 405, 429, 500."; §7 body shape `{error: {code, message, details?}, request_id}`.',
    description:
      'The Spring MVC port binds `{gameId}` and `{reviewId}` to a `long`, and a segment that does not convert (`/games/abc`, `/games/1.5`, `/reviews/12x`) raises a type mismatch that Spring Boot\'s default error handler answers 400 with its own body `{"timestamp": …, "status": 400, "error": "Bad Request", "path": …}` instead of a 404 error envelope; ids of digits (found or not) are right.',
    where: 'routes.ts',
    hint: 'a non-numeric game id (`/games/abc`)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault21Name = (typeof BLIND_FAULTS_21)[number]['name'];

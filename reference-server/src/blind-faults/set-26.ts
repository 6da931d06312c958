/**
 * Blind fault set 26: a twenty-sixth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–25 (set-1.ts … set-25.ts). Its theme is misreadings: each fault is what an
 * implementer who read ONE sentence or table row of the description hurriedly, too literally or by
 * the habit of another API would build — "the query parameters" read as the documented ones, a
 * search box's quoted phrases, JSON:API's `-sort`, "updated" read as crawled, "connection values
 * are null" read as a null connection, "null when no value exists" read as null for 0, "the
 * archived representation" read as a tombstone, a Java `YYYY` pattern, a maximum range read as a
 * retention window, "30 days" read as a difference, "missing values are null" applied to the count,
 * a small-count suppression, a bare key in the Authorization header, a caller's trace id, "either …
 * or" read as both, the failed authentications counted. Each shows only for some requests or
 * records; on the common path the server looks right. Like the earlier sets, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check of
 * their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind26-…'] })`, `--faults blind26-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the faulty reading computes is in
 * `blind-faults/set-26-misreadings.ts`); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_26 = [
  // GET /games: links, search, sort, filters.
  {
    name: 'blind26-links-documented-params-only',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      'The collections\' links are rebuilt from the parameters the endpoint\'s "Query parameters" table lists ("the query parameters" read as the documented ones: GET /games\' `q`, `sort`, `connection_type`, `page`, `per_page`, the three flags and the nine tag parameters, bare and bracketed; GET /reviews\' `game_id`, `page`, `per_page`), so any other parameter of the request (`utm_source=newsletter`, a cache-buster `_=1`) is missing from `self`, `next` and `previous` of GET /games and GET /reviews; requests with documented parameters only are right.',
    where: 'operations.ts',
    hint: 'a collection request carrying a parameter the endpoint does not document (`utm_source=…`)',
  },
  {
    name: 'blind26-q-quoted-phrase',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      '`q` is read with a web search engine\'s syntax: a run between double quotes is one phrase term, not split on whitespace, its quotes dropped, so `q="distant crowns"` finds the games whose name, intro or description holds the phrase `distant crowns` instead of the games holding both terms `"distant` and `crowns"` as sent, quote characters included (none here: no text has a double quote); searches without a double quote are right.',
    where: 'operations.ts',
    hint: 'a search with a double-quoted phrase',
  },
  {
    name: 'blind26-sort-minus-prefix-descending',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)".',
    description:
      "A known sort with a leading `-` is read as that order reversed, as JSON:API's sort syntax has it, so `sort=-newest` lists the games oldest listed first and `sort=-top_voted` the fewest votes first, instead of falling back to `last_updated` as the unknown values they are; the six values themselves and other unknown values are right.",
    where: 'operations.ts',
    hint: 'a `sort` value with a leading minus (`-newest`)',
  },
  {
    name: 'blind26-recently-updated-reads-last-crawl',
    rule: '§4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days"; §8: "recently_updated window | 30 days"; §2 Game summary: "dates | object | `created`, `listed`, `updated`".',
    description:
      '`recently_updated=1` reads "updated" as the last time the crawler refreshed the listing\'s data (`status.last_crawled`) instead of the listing\'s own update (`dates.updated`), so it keeps every game crawled in the last 30 days, edited or not (250 of the 275 active games here instead of 95), and drops the web-only games and those not crawled for 30 days even when their listing was updated this week; the other filters are right.',
    where: 'operations.ts',
    hint: 'a listing not updated for 30 days but crawled since (most MUD-client games), with `recently_updated=1`',
  },
  {
    name: 'blind26-tag-bare-and-bracketed-anded',
    rule: '§4 GET /games Rules: "1. A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`). A single ID may be sent with or without the brackets." "2. Values within one tag category combine with OR; different categories combine with AND".',
    description:
      'The tag filters are kept by parameter name, so one category sent under both its bare and its bracketed name (`theme_tag_id=153&theme_tag_id[]=154`) makes two filters combined with AND, as different categories are, and matches no game (a game has one tag a category) instead of the games of either id; a category sent under one of its names, once or repeated, is right.',
    where: 'operations.ts',
    hint: "one category's ids sent under both its bare and its bracketed name",
  },
  // Games' representations.
  {
    name: 'blind26-web-only-connection-null',
    rule: '§2 Rules on game resources: "2. Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null"; Game summary: "All fields below are required." "connection | object | See connection table".',
    description:
      '"connection values are null" is read as the `connection` value being null: a web-only game (25 here) has `connection: null` instead of an object whose `host`, `port`, `tls_port` (and, in the detail, `mssp_port`) are null, in GET /games items and GET /games/{id}; the other games are right.',
    where: 'operations.ts',
    hint: 'a web-only game (`status.web_only` true)',
  },
  {
    name: 'blind26-latest-players-zero-null',
    rule: '§2 `status`: "latest_players | integer or null"; §1: "4. … A field is `null` when no value exists for it."',
    description:
      '"`null` when no value exists" is read as null when the value is empty, the field written as `latest_players || null`, so a game whose latest sample counted 0 players (30 active games here) has `status.latest_players` null instead of 0, in GET /games items and the detail; games with players online are right.',
    where: 'operations.ts',
    hint: 'a game nobody is playing at its latest crawl (latest sample 0 players)',
  },
  {
    name: 'blind26-reviews-link-nested-route',
    rule: '§2 Game detail: "All summary fields, with `urls` and `connection` in their detail form (mssp, players, reviews links and `mssp_port` present)"; `urls`: "reviews | uri string"; §4 GET /reviews: "`game_id` | integer >= 1 | none (limits results to one active game)".',
    description:
      "`urls.reviews` is built like `urls.mssp` and `urls.players`, the row next to them, as a sub-resource of the game (`<base>/games/<id>/reviews`, a nested route by REST habit) — a route the API does not have (404 `route_not_found` when followed) — instead of the game's reviews in GET /reviews (`<base>/reviews?game_id=<id>`), in GET /games items and the detail; the other links are right.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind26-archived-detail-tombstone',
    rule: '§4 GET /games/{gameId}: "Response 200: `{data: game detail}`. Archived listings are returned (with the archived representation)."; §2 Game detail: "All summary fields … plus: description, watcher_count"; Game summary: "All fields below are required."',
    description:
      '"the archived representation" is read as a tombstone: GET /games/{id} of an archived game (25 here) answers only `id`, `name`, `urls` (`self` and the listing page), `status` and `dates`, without `intro`, the other links, `connection`, `ranking`, `reviews`, `tags`, `description` and `watcher_count`, instead of the full detail with §2\'s archived values; active games are right.',
    where: 'operations.ts',
    hint: 'an archived game',
  },
  // GET /reviews and the review detail.
  {
    name: 'blind26-review-dates-week-based-year',
    rule: '§1: "4. Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Review summary: "dates | object: `submitted`, `edited` (NullableTimestamp …)"; §4 GET /reviews: "Public reviews, newest first."',
    description:
      "The review serializer's date pattern is the description's shape typed into a Java-style formatter, `YYYY-MM-dd'T'HH:mm:ss'Z'`, where `Y` is the week-based year, so a review time on the last days of December that fall in the week of 1 January (weeks starting on Sunday) is written with the next year: review 62, submitted 2024-12-31T23:58:59Z, reads `2025-12-31T23:58:59Z` in GET /reviews (out of newest-first order) and in its detail; every other review date is right.",
    where: 'operations.ts',
    hint: 'a review submitted or edited in the last days of December (review 62)',
  },
  {
    name: 'blind26-reviews-meta-per-page-as-sent',
    rule: '§2 PaginationMeta: "`per_page` integer 1..50"; §4 GET /reviews: "`per_page` | integer 1..50 | 20".',
    description:
      "GET /reviews serves at most 50 reviews a page (an integer `per_page` out of range is clamped), but `meta.per_page` echoes the integer sent — `meta: {page, per_page, total}` read as the request's paging parameters — so `per_page=100` answers 50 reviews with `meta.per_page` 100, and `per_page=0` one review with `meta.per_page` 0; values within 1..50, and GET /games, are right.",
    where: 'operations.ts',
    hint: 'GET /reviews with a `per_page` above 50 (or 0)',
  },
  // MSSP.
  {
    name: 'blind26-mssp-only-metric-keys-numeric',
    rule: '§2 MSSP snapshot: "values | object or null; normalized MSSP keys to values; available keys vary by game; known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      '"known numeric fields" is read as the numeric series the API itself knows, `players` and the statistics metrics (`areas`, `helpfiles`, `mobiles`, `objects`, `rooms`, `classes`, `levels`, `races`, `skills`), so the other numeric MSSP variables — `port`, `uptime`, `created`, `crawl_delay` — stay text (`"port": "4242"`, `"created": "2017"`) in GET /games/{id}/mssp; the metrics and the capability flags are right.',
    where: 'operations.ts',
    hint: 'a snapshot reporting PORT, UPTIME or CREATED (most snapshots)',
  },
  // Player history.
  {
    name: 'blind26-history-range-limit-as-lookback',
    rule: '§4 GET /games/{gameId}/players: "Rules: a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."; §8: "Daily player-history range | at most 365 days"; "Raw player-history range | at most 90 days".',
    description:
      'The maximum range is read as how far back the history may be asked (a retention window): a range whose `from` is more than 365 days before the current UTC date (`daily`), or more than 90 days (`raw`), is refused with 422 `invalid_date_range` however short it spans — a week of daily values from last year, one raw day four months ago — instead of being answered; ranges starting within the window, and the span limits themselves, are right.',
    where: 'operations.ts',
    hint: 'a short history range starting more than 365 days ago (daily) or 90 days ago (raw)',
  },
  // Statistics and the activity pattern.
  {
    name: 'blind26-stats-default-range-31-days',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)".',
    description:
      'Without `from`, the statistics range starts 30 days before `to` (`to − 30 days`, "30 days" read as the difference of the two dates) instead of 29, so the default range spans 31 days: `meta.from` is a day early and a daily query has 31 points; an explicit `from`, and the player history\'s default, are right.',
    where: 'operations.ts',
    hint: 'GET /games/{id}/statistics without `from`',
  },
  {
    name: 'blind26-stats-empty-bucket-count-null',
    rule: '§4 Statistics endpoints: "1. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      '"missing values are null, not zero" is applied to the count as well: a point without any observation (a bucket before the game\'s crawl began, a day wholly in an outage, a metric the game does not report) has `count` null instead of 0 beside its null average, minimum and maximum; points with observations are right.',
    where: 'operations.ts',
    hint: 'a statistics range with a bucket without observations (before the game was first crawled)',
  },
  {
    name: 'blind26-activity-sparse-cell-count-null',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: … Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      "The rule for cells with fewer than three observations is read as a small-count suppression of the whole cell: such a cell has `count` null as well as `average`, so in a one-day pattern (two observations an hour) every count is null, the empty cells' too, instead of 2 and 0; cells with three or more observations are right.",
    where: 'operations.ts',
    hint: 'an activity pattern of a short range (a cell with one or two observations)',
  },
  // Authentication, request ids, rate limits.
  {
    name: 'blind26-bare-key-accepted',
    rule: '§5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`." "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The Authorization header is read as holding the key, the `Bearer` scheme optional (the habit of APIs that take `Authorization: <key>`), so a valid key sent without any scheme (`Authorization: <key>`) authenticates (200) instead of 401 `invalid_api_key`; `Bearer <key>`, other schemes and unknown keys are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a valid key sent as the whole Authorization header, without `Bearer`',
  },
  {
    name: 'blind26-request-id-echoes-client',
    rule: '§7 Response headers: "X-Request-ID | String identifying an authenticated request"; §7: "`request_id` is a string for troubleshooting".',
    description:
      "The request id is taken from the request's own `X-Request-ID` header when it has one (the habit of proxies and platforms that propagate a caller's trace id), so the answer's X-Request-ID and an error body's `request_id` are the client's text, and two requests sending the same value share one id; requests without the header get a fresh id.",
    where: 'middleware/request-id.ts',
    hint: 'requests sending an `X-Request-ID` header of their own',
  },
  {
    name: 'blind26-retry-after-until-both-reset',
    rule: '§8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."; §7: "Retry-After | Integer seconds until retry; on 429".',
    description:
      'Retry-After is read as the wait until both budgets are renewed, the later of the two resets, so a key refused because its minute is spent while its UTC day has room is told to wait until the next UTC midnight (43,200 seconds at 12:00Z) instead of the seconds left in the minute; refusals for the day, and X-RateLimit-Reset, are right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small minute limit (the low-limit key, 5/min) past its minute budget',
  },
  {
    name: 'blind26-failed-auth-rate-limited',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."; §5: "3. No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      '"after … authentication and rate-limit accounting" is read, with §5\'s abuse prevention, as counting the failed authentications too: a request that fails authentication is counted against its client address with the default budgets (60 a minute, 10,000 a UTC day), so its 401 carries X-RateLimit-Limit, -Remaining and -Reset, and from the 61st failed request of a minute it is answered 429 `rate_limit_exceeded` instead of 401; authenticated requests are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a request without a key (or with a bad key)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault26Name = (typeof BLIND_FAULTS_26)[number]['name'];

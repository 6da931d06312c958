/**
 * Blind fault set 12: a twelfth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–11 (set-1.ts … set-11.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind12-…'] })`, `--faults blind12-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_12 = [
  // §4 GET /games — search, sorts, filters and their combinations.
  {
    name: 'blind12-q-terms-capped-at-three',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The search keeps only the first three terms of `q` (a search-box limit applied server-side), so a fourth and later term filters nothing: `q=the and of <word in no game>` lists every game holding the first three words instead of none.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind12-oldest-sorted-by-updated',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`".',
    description:
      '`sort=oldest` reads its key from the update time (the `last_updated` column, ascending) instead of the listing date, so it gives the least recently updated games first, not the reverse of `newest`; `newest` and the other sorts are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind12-total-ignores-tag-filters',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)"; §4 GET /games rule 2: "different categories combine with AND".',
    description:
      'With a tag filter, `meta.total` comes from a count query built without the tag joins, so it counts the games matching the other filters whatever their tags (275 for any single tag filter here); `data` is filtered right, and the links follow the wrong total.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind12-q-with-tag-filter-or-combined',
    rule: '§4 GET /games rule 2: "the search terms and all filters combine with AND".',
    description:
      'When `q` and a tag filter are both sent, the search and the tag filter run as two queries whose results are united (`UNION` where an intersection was meant): the games matching either are listed, not those matching both; each alone is right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §1.5 and §2 links.
  {
    name: 'blind12-reviews-links-games-path',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."; §1.5 collection envelope `links: {self, next?, previous?}`.',
    description:
      "GET /reviews builds its links with the games collection's link helper, so `self`, `next` and `previous` name `/api/v1/games?…` (the reviews' query and page kept) instead of `/api/v1/reviews?…`; GET /games' links are right.",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 game detail.
  {
    name: 'blind12-detail-watcher-count-is-votes',
    rule: '§2 Game detail: "`watcher_count` | integer >= 0 (number of users watching the game)".',
    description:
      "The detail's `watcher_count` is read from the column next to it, the monthly votes, so it equals `ranking.monthly_votes` instead of the number of watchers.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §2 MSSP snapshot.
  {
    name: 'blind12-mssp-collected-at-last-crawled',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot)"; §2 MSSP snapshot: "`collected_at` | NullableTimestamp".',
    description:
      "The snapshot's `collected_at` is the game's last crawl time (`status.last_crawled`) instead of when the snapshot was collected, so for a game crawled since its newest snapshot (an outage, or a crawl that no longer answers MSSP) it is later than `status.mssp_collected_at`.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind12-players-impossible-date-rolls-over',
    rule: '§4 GET /games/{gameId}/players: "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'A `from` or `to` of the right shape but no real day (`2026-11-31`, `2026-02-30`) is built with `Date.UTC(y, m − 1, d)`, which rolls over into the next month, so it is answered 200 for that later day (`meta.to` `2026-12-01`) instead of 422 `invalid_date_range`; other malformed dates are refused.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind12-raw-samples-newest-first',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "With `granularity=raw`, the samples are read from the crawl log's index in its order, newest first, so the raw history runs backwards in time; the daily history is chronological.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind12-stats-areas-reads-rooms',
    rule: '§4 Statistics 1: "Metrics: `players`, `areas`, `helpfiles`, `mobiles`, `objects`, `rooms`, `classes`, `levels`, `races`, `skills`."',
    description:
      "The metric-to-column map has a copy-paste slip: the `areas` selector reads the `rooms` series, so `metric=areas` answers the game's room counts (and names them `rooms` in `meta`); the other metrics are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind12-activity-cache-ignores-timezone',
    rule: '§4 Statistics 2: activity pattern "takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells".',
    description:
      "The activity pattern is cached under the game and the dates, without the timezone, so after one request for a game and range, a request for the same game and range in another zone is answered with the first zone's cells (and its `meta`).",
    where: 'deviations/activity-pattern.ts',
    hint: 'two requests in a row, same game and dates, different zones',
  },
  // §4 GET /reviews, §2 reviews.
  {
    name: 'blind12-reviews-default-per-page-10',
    rule: '§4 GET /reviews: "`per_page` | integer 1..50 | 20"; §8: "per_page | 1..50, default 20".',
    description:
      'Without `per_page`, GET /reviews serves 10 reviews a page (`meta.per_page` 10), the default of the review widget it was copied from, instead of 20; an explicit `per_page` is right and GET /games defaults to 20.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind12-review-list-edited-null',
    rule: '§2 Review summary: "`dates` | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)"; "A field is `null` when no value exists for it."',
    description:
      'The list query of GET /reviews does not select the edit time, so every review summary has `dates.edited` null, also for the reviews that were edited (47 here); the detail GET /reviews/{id} is right.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /tags and §1.3 / §5.1 authentication.
  {
    name: 'blind12-tags-served-without-key',
    rule: '§1.3: "Every endpoint requires an API key (see Authentication)."; §5.3: "No `Authorization` header: 401 `authentication_required`."',
    description:
      'GET /tags is treated as public reference data and let through authentication without credentials: a request without an Authorization header is answered 200 with the taxonomy instead of 401 `authentication_required`; a bad key is still refused, and the other endpoints are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a request without Authorization',
  },
  {
    name: 'blind12-challenge-on-every-response',
    rule: '§7 Response headers: "WWW-Authenticate | Bearer challenge; on 401"; §5.4: "A 401 response carries `WWW-Authenticate` …".',
    description:
      'The authentication middleware sets the `WWW-Authenticate` challenge before it checks the key, so every answer carries it, 200s, 404s and 422s of a valid key included, not only the 401s.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §4 and §7 errors.
  {
    name: 'blind12-routes-case-insensitive',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      "Routes are matched ignoring letter case (Express's default `caseSensitive: false`), so `/api/v1/GAMES`, `/api/v1/Tags` or `/api/v1/games/1/MSSP` are answered 200 like their lower-case paths instead of 404 `route_not_found`.",
    where: 'routes.ts',
    hint: '',
  },
  {
    name: 'blind12-game-not-found-without-rate-limit-headers',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      'The 404 `game_not_found` is answered from a path that resets the response headers, so it carries no X-RateLimit-Limit, X-RateLimit-Remaining or X-RateLimit-Reset (X-Request-ID is there); `route_not_found` and the other errors are right.',
    where: 'respond.ts',
    hint: '',
  },
  // §7 and §8 rate limits and headers.
  {
    name: 'blind12-day-reset-24-hours-from-now',
    rule: '§7: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; §8: "Requests per UTC day per key".',
    description:
      'When the UTC-day budget binds, X-RateLimit-Reset is 24 hours after the request (`now + 86400`, a rolling day) instead of the next UTC midnight, when the UTC-day budget is renewed (at 12:00Z, 12 hours too late); minute resets are right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small daily limit (e.g. 3/day)',
  },
  {
    name: 'blind12-request-id-from-key-and-second',
    rule: '§7: "X-Request-ID | String identifying an authenticated request"; "`request_id` is a string for troubleshooting".',
    description:
      "Request ids are built from the key's first characters and the current Unix second (`<key prefix>-<second>`), so two requests of one key within the same second share one X-Request-ID (and error `request_id`) and no longer identify a request.",
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  {
    name: 'blind12-cache-replays-rate-limit-headers',
    rule: '§7: "X-RateLimit-Limit | Integer; configured per-minute request limit"; "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      "The response cache keeps a 200 answer's headers with its body, keyed by the URL alone, so a request for the same URL within the second gets the first answer's X-RateLimit-Limit, -Remaining and -Reset, another key's budget included (a 5/min key shown 1000000).",
    where: 'routes.ts',
    hint: 'two keys with different limits, the same URL within a second',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault12Name = (typeof BLIND_FAULTS_12)[number]['name'];

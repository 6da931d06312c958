/**
 * Blind fault set 4: a fourth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–3 (set-1.ts, set-2.ts, set-3.ts). Like them, it measures
 * how well the suite catches bugs nobody has shown it, so its entries deliberately have no
 * killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind4-…'] })`, `--faults blind4-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to see the fault, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_4 = [
  // §1.5, §2 PaginationLinks — the collection envelope.
  {
    name: 'blind4-links-query-unencoded',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The links' query is rebuilt by joining the decoded parameters as `${name}=${value}` without percent-encoding, so `q=two%20words` comes back as `q=two words` (a space in the link: no URI), and `&`, `#` or `+` in a value change the parameters.",
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind4-links-page-appended',
    rule: '§2 PaginationLinks: link values "preserve the query parameters of the request and include `page`" (one page: the page linked to).',
    description:
      "When the request has a `page` parameter, `next` and `previous` are the request's query with `&page=<n>` appended, so they carry `page` twice (`page=2&page=3`); `self` is right.",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game representations, in their states.
  {
    name: 'blind4-discord-omitted-when-null',
    rule: '§2 Game summary: "All fields below are required"; urls: "`discord` | string or null (optional community link) | yes".',
    description:
      'A game without a community link has no `urls.discord` key at all (`discord: row.discord ?? undefined`, which JSON drops), in the list and the detail, instead of null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind4-never-reached-connect-epoch-zero',
    rule: '§2 status: "`last_successful_connect` | NullableTimestamp"; §1.4: "A field is `null` when no value exists for it."',
    description:
      'A game that was never reached has `status.last_successful_connect` `1970-01-01T00:00:00Z` (a 0 default formatted as a time) instead of null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind4-average-rating-unrated-as-zero',
    rule: '§2 Game summary: reviews `average_rating` "number or null" beside `rating_count` (the average of the ratings given); a review\'s `rating` is "integer or null".',
    description:
      "`reviews.average_rating` is computed as AVG(COALESCE(rating, 0)): a game's unrated reviews count as ratings of 0, pulling the average down (a game whose reviews are all unrated averages 0).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind4-archived-review-count-zero',
    rule: '§2 Game summary: reviews `count` integer >= 0, `rating_count`, `average_rating`; §4 GET /reviews/{reviewId}: a review "Available by direct ID even when the game is archived".',
    description:
      "An archived game's `reviews` block is `{count: 0, average_rating: null, rating_count: 0}` (the counts read from the public reviews view, which excludes archived games) although its reviews exist.",
    where: 'deviations/representation.ts',
    hint: 'an archived game id with reviews (or a review id of an archived game)',
  },
  // §2 Review summary — fields of the reviews.
  {
    name: 'blind4-review-list-self-game-id',
    rule: '§2 Review summary: "`urls` object: `self`, `mudverse`, `game` (uri strings)" (`self`: this review in the API, GET /reviews/{reviewId}).',
    description:
      "In GET /reviews items, `urls.self` is built with the review's game id (`/reviews/<game_id>`) instead of its own id; the detail's `self` is right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind4-review-detail-latin1',
    rule: '§1.1: "every response body is UTF-8 JSON"; §2 Review detail: `body` "UTF-8 Markdown".',
    description:
      'GET /reviews/{reviewId} is encoded in ISO-8859-1 and labelled `Content-Type: application/json; charset=iso-8859-1` (a database client connection left in latin1).',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games — search, sorts and filters.
  {
    name: 'blind4-q-word-prefix-only',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'A term matches only at the start of a word (a full-text prefix query), so a term that occurs inside a word (`agon` in "dragon") does not find the game.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind4-most-reviewed-by-rating-count',
    rule: '§4 GET /games sort: "`most_reviewed`" (most reviews first; a summary\'s `reviews.count` is its number of reviews).',
    description:
      '`sort=most_reviewed` orders by the number of rated reviews (`rating_count`) instead of all reviews, so a game with more (partly unrated) reviews can come after one with fewer.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind4-online-recently-ignored-with-mud-client',
    rule: '§4 GET /games rule 2: "the search terms and all filters combine with AND"; `online_recently` "1 = games reached successfully in the last 48 hours".',
    description:
      'With `connection_type=mud_client`, `online_recently=1` is not applied (the mud_client branch builds its own WHERE), so games not reached in the last 48 hours are listed.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind4-web-only-sort-combination-code',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1`, or combined with `sort=recently_online`, returns 422 `invalid_filter`".',
    description:
      'The web_only + `sort=recently_online` combination is answered 422 with the code `invalid_filter_combination` instead of `invalid_filter` (the online_recently combination is right).',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind4-mssp-no-snapshot-404',
    rule: '§4 GET /games/{gameId}/mssp: "If the game exists but has no snapshot: `data` null, `meta.status` `mssp_not_available`"; §3 (state of an MSSP lookup).',
    description:
      'For a game that exists but has no stored snapshot, the MSSP endpoint answers 404 `game_not_found` instead of 200 with `data` null and `mssp_not_available`.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind4-players-meta-dates-as-timestamps',
    rule: '§2 Player sample response: "`meta: {game_id integer, granularity: …, from: date YYYY-MM-DD, to: date YYYY-MM-DD}`".',
    description:
      "The players response's `meta.from` and `meta.to` are the range's bounds as timestamps (`<from>T00:00:00Z`, `<to>T23:59:59Z`) instead of dates.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind4-players-meta-granularity-echo',
    rule: '§2 Player sample response: "`granularity: "daily"|"raw"`"; §4 players: `granularity` default `daily`.',
    description:
      "Without a `granularity` parameter, the players response's `meta.granularity` is null (the parameter echoed as sent) instead of `daily`; the data is the daily history.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind4-players-leap-day-refused',
    rule: '§4 players: `from`/`to` "date YYYY-MM-DD"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422" (only an invalid date).',
    description:
      'The month-length table has no leap years: February 29 of a leap year (`2024-02-29`) is refused with 422 `invalid_date_range`.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind4-stats-weekly-refused',
    rule: '§4 Statistics 1: "Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`".',
    description:
      'The `weekly` resolution is missing from the accepted list: GET /games/{id}/statistics with it answers 422 `invalid_statistics_query`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind4-stats-1000-points-refused',
    rule: '§4 Statistics 1: "at most 1,000 points"; §8: "Statistics points | at most 1,000".',
    description:
      'The point cap is checked as `points >= 1000`: a query needing exactly 1,000 points (1,000 days at daily resolution) is refused with 422 `invalid_statistics_query`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind4-activity-malformed-date-500',
    rule: '§4 Statistics 3: "Invalid queries return 422 `invalid_statistics_query`"; §7: the code covers an invalid "date range".',
    description:
      'GET /games/{id}/activity-pattern with a date that is not a real `YYYY-MM-DD` date (`from=2026-13-01`, `to=yesterday`) crashes (`new Date(…).toISOString()` throws): 500 `internal_error` instead of 422.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind4-revoked-key-statistics-accepted',
    rule: '§4 Statistics: "Both require the same Bearer key"; §5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The statistics endpoints (statistics, activity-pattern) look the key up without the revoked flag, so a revoked key is answered 200 there (the other endpoints refuse it).',
    where: 'middleware/authenticate.ts',
    hint: 'a revoked key',
  },
  // §4 GET /reviews, §8 limits.
  {
    name: 'blind4-reviews-per-page-uncapped',
    rule: '§4 GET /reviews: `per_page` "integer 1..50"; §8: "per_page 1..50, default 20".',
    description:
      'GET /reviews serves a `per_page` above 50 as asked: `per_page=100` answers 100 reviews a page with `meta.per_page` 100.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §7 headers, §8 rate limits.
  {
    name: 'blind4-reset-milliseconds',
    rule: '§7: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "X-RateLimit-Reset is the reset moment in Unix milliseconds (JavaScript's `Date#getTime()`), a thousand times the timestamp.",
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  {
    name: 'blind4-minute-limit-one-short',
    rule: '§8: "Requests per minute per key" (the key\'s limit, reported as X-RateLimit-Limit); "Exceeding either the minute or the UTC-day limit yields 429".',
    description:
      'The minute budget refuses once the count reaches limit − 1 (`count + 1 >= limit`): a 5/min key gets 429 on its 5th request of a minute, and X-RateLimit-Remaining is one lower throughout.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach the limit',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault4Name = (typeof BLIND_FAULTS_4)[number]['name'];

/**
 * Blind fault set 1: plausible, single implementer bugs written from the API description
 * alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts). They measure how
 * well the suite catches bugs nobody has shown it, so, unlike the entries of FAULTS, they
 * deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and
 * is switched on like any fault (`createApp({ faults: ['blind-…'] })`, `--faults blind-…`).
 * It is consulted through `blindFault(faults, name)` in the module named by `where` (paths
 * relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to see the fault, when anything.
 */

import type { BlindFault2Name } from './set-2.ts';
import type { BlindFault3Name } from './set-3.ts';
import type { BlindFault4Name } from './set-4.ts';
import type { BlindFault5Name } from './set-5.ts';
import type { BlindFault6Name } from './set-6.ts';
import type { BlindFault7Name } from './set-7.ts';
import type { BlindFault8Name } from './set-8.ts';
import type { BlindFault9Name } from './set-9.ts';
import type { BlindFault10Name } from './set-10.ts';
import type { BlindFault11Name } from './set-11.ts';
import type { BlindFault12Name } from './set-12.ts';
import type { BlindFault13Name } from './set-13.ts';
import type { BlindFault14Name } from './set-14.ts';
import type { BlindFault15Name } from './set-15.ts';
import type { BlindFault16Name } from './set-16.ts';
import type { BlindFault17Name } from './set-17.ts';
import type { BlindFault18Name } from './set-18.ts';
import type { BlindFault19Name } from './set-19.ts';
import type { BlindFault20Name } from './set-20.ts';
import type { BlindFault21Name } from './set-21.ts';
import type { BlindFault22Name } from './set-22.ts';
import type { BlindFault23Name } from './set-23.ts';
import type { BlindFault24Name } from './set-24.ts';
import type { BlindFault25Name } from './set-25.ts';
import type { BlindFault26Name } from './set-26.ts';
import type { BlindFault27Name } from './set-27.ts';
import type { BlindFault28Name } from './set-28.ts';
import type { BlindFault29Name } from './set-29.ts';
import type { BlindFault30Name } from './set-30.ts';
import type { BlindFault31Name } from './set-31.ts';
import type { BlindFault32Name } from './set-32.ts';
import type { BlindFault33Name } from './set-33.ts';
import type { BlindFault34Name } from './set-34.ts';
import type { BlindFault35Name } from './set-35.ts';
import type { BlindFault36Name } from './set-36.ts';
import type { BlindFault37Name } from './set-37.ts';
import type { BlindFault38Name } from './set-38.ts';

import type { BlindFault } from './blind-fault.ts';
export type { BlindFault };

export const BLIND_FAULTS_1 = [
  // §1.5, §2 PaginationLinks — the collection envelope.
  {
    name: 'blind-self-link-without-page',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      'When the request has no `page` parameter, `links.self` is the request URL as sent, without `page`.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind-next-link-floor-last-page',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."',
    description:
      'The last page is computed as floor(total / per_page), so the page before a partial last page has no `next` link.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind-previous-missing-on-last-page',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."',
    description: 'The last page of a collection with several pages has no `previous` link.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game and review representations.
  {
    name: 'blind-average-rating-zero-without-ratings',
    rule: '§2 Game summary: "`average_rating` number or null"; §1.4: "A field is `null` when no value exists for it."',
    description: 'A game with no rated review has `reviews.average_rating` 0 instead of null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind-rating-count-includes-unrated',
    rule: '§2 Game summary: reviews `count` and `rating_count` are separate counts (`rating` is "integer or null" on a review).',
    description:
      '`reviews.rating_count` counts every review, rated or not, so it always equals `reviews.count`.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind-non-connectivity-reason-null',
    rule: '§2 rule 1: "Archived game: `status.archived` is true, `status.archive_reason` is set"; §3: archived = "`archived` true, `archive_reason` set".',
    description:
      'An archived game whose reason is `non_connectivity` has `status.archive_reason` null (only `admin_disabled` is written).',
    where: 'deviations/representation.ts',
    hint: 'an archived game id (archived for non-connectivity)',
  },
  {
    name: 'blind-detail-mssp-port-omitted-when-null',
    rule: '§2 connection: "`mssp_port` integer or null — optional in summary, required in detail".',
    description: 'The game detail leaves out `connection.mssp_port` when it is null instead of writing null.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind-summary-self-link-slug',
    rule: '§2 urls: "`self` uri string (link to this game in the API)"; §4: GET /games/{gameId} takes the integer listing ID.',
    description:
      'In GET /games items, `urls.self` links to `/games/<slug>` instead of `/games/<id>` (detail is right).',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind-review-edited-offset-format',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."',
    description: "A review's `dates.edited` is written with a `+00:00` offset instead of `Z`.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind-review-game-archived-false',
    rule: '§4 GET /reviews/{reviewId}: "Available by direct ID even when the game is archived (reported by `game.archived`)."',
    description: "A review's `game.archived` is always false, also for a review of an archived game.",
    where: 'deviations/representation.ts',
    hint: 'a review id of an archived game',
  },
  {
    name: 'blind-review-body-html',
    rule: '§2 Review detail: "`body` (string, required): UTF-8 Markdown".',
    description:
      "The review detail's `body` is rendered to HTML paragraphs (`<p>…</p>`) instead of the Markdown text.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §3 and §4 — archived listings stay out of collections and totals; lookups still work.
  {
    name: 'blind-archived-in-has-reviews-total',
    rule: '§4 GET /games: "Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."',
    description: 'With `has_reviews=1`, `meta.total` also counts the archived games that have reviews.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-reviews-archived-game-id-listed',
    rule: '§4 GET /reviews: "Archived games\' reviews are excluded from this collection"; `game_id` "limits results to one active game".',
    description: "GET /reviews?game_id=<archived game> lists that archived game's reviews.",
    where: 'deviations/reviews.ts',
    hint: 'an archived game id with reviews (or a review id of an archived game)',
  },
  {
    name: 'blind-mssp-archived-not-available',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot) … Available for archived and web-only games."',
    description:
      'For an archived game, the MSSP endpoint answers `data` null and `mssp_not_available` although a snapshot is stored.',
    where: 'deviations/mssp.ts',
    hint: 'an archived game id',
  },
  // §4 GET /games — parameters.
  {
    name: 'blind-q-ignores-intro',
    rule: '§4 GET /games q: "every term must occur somewhere in the game\'s name, intro or full description".',
    description: 'q looks for its terms in the name and the full description only, not in the intro.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-q-split-on-space-only',
    rule: '§4 GET /games q: "Split on whitespace".',
    description:
      'q is split on the space character only, so terms separated by a tab or newline are searched as one term.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-top-voted-ignored-with-tag-filter',
    rule: '§4 GET /games sort: "One of `top_voted`, …" (and rule 2: filters combine with the rest of the query).',
    description:
      'When a tag filter is present, `sort=top_voted` is ignored and the results come in `last_updated` order.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-recently-updated-31-days',
    rule: '§4 GET /games recently_updated: "1 = listings updated in the last 30 days"; §8: "recently_updated window 30 days".',
    description: '`recently_updated=1` keeps listings updated in the last 31 days.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-has-reviews-requires-rating',
    rule: '§4 GET /games has_reviews: "1 requires at least one review".',
    description:
      '`has_reviews=1` keeps only games with at least one rated review, dropping games whose reviews are all unrated.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-recently-updated-zero-accepted',
    rule: '§4 GET /games: recently_updated "integer, only value 1"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description: '`recently_updated=0` is accepted as "no filter" (200) instead of 422 `invalid_filter`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-tag-id-zero-accepted',
    rule: '§4 GET /games: tag parameters are "array of integer >= 1"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description: 'A tag id 0 is accepted (200, matching no game) instead of 422 `invalid_filter`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-connection-type-unknown-is-all',
    rule: '§4 GET /games connection_type: `all`, `web_only`, `mud_client`; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description: 'An unknown `connection_type` value is read as `all` (200) instead of 422 `invalid_filter`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-web-only-online-recently-with-q-accepted',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1` … returns 422 `invalid_filter`."',
    description:
      'The web_only + online_recently=1 combination is refused only without `q`; with a search it is answered 200.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-per-page-50-refused',
    rule: '§4 GET /games per_page: "integer 1..50"; §8: "per_page 1..50, default 20".',
    description: '`per_page=50` is refused with 422 `invalid_filter` (the maximum is treated as exclusive).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind-playcount-filter-ignored',
    rule: '§4 GET /games: "`playcount_tag_id[]` … play-count tag IDs"; rule 2: different categories combine with AND.',
    description:
      'The `playcount_tag_id[]` (and bare `playcount_tag_id`) filter is not read, so it filters nothing.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind-players-from-after-to-empty',
    rule: '§4 players: "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description: 'A `from` after `to` answers 200 with an empty history instead of 422 `invalid_date_range`.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind-players-unknown-granularity-daily',
    rule: '§4 players: "An invalid granularity … returns 422 `invalid_date_range`."',
    description: 'An unknown `granularity` value falls back to `daily` (200) instead of 422.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind-players-range-local-midnight',
    rule: '§4 players: "Date boundaries and returned timestamps are UTC"; `from` "Inclusive UTC start", `to` "Inclusive UTC end".',
    description:
      'The range runs from 05:00:00Z of `from` to 04:59:59Z after `to` (midnights of UTC−5), so the first five UTC hours of `from` are missing.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind-daily-average-truncated',
    rule: '§4 players granularity: "`daily` = rounded daily average".',
    description: 'A daily value is the average truncated down (floor) instead of rounded.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind-raw-range-90-refused',
    rule: '§4 players: "a `raw` range spans at most 90 days"; §8: "Raw player-history range at most 90 days".',
    description: 'A raw range of exactly 90 days (both ends counted) is refused with 422.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind-players-unknown-game-route-not-found',
    rule: '§4 GET /games/{gameId}/players: "Errors: … 404"; §7: `game_not_found` 404 "Game does not exist" (`route_not_found` is for routes).',
    description:
      'The players history of an unknown game id is 404 `route_not_found` instead of `game_not_found`.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind-reviews-total-ignores-game-filter',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      'With `game_id`, `meta.total` of GET /reviews still counts every listed review, not the matching ones.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind-reviews-per-page-capped-20',
    rule: '§4 GET /reviews per_page: "integer 1..50", default 20.',
    description:
      'GET /reviews caps `per_page` at 20: `per_page=30` answers 20 reviews a page (and `meta.per_page` 20).',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags and the statistics endpoints.
  {
    name: 'blind-tag-ids-positional',
    rule: '§4 GET /games rule 1: "Current IDs come from GET /tags" (the TagReference ids the filters take).',
    description:
      "GET /tags numbers each group's values by position (1, 2, 3 …) instead of giving the tag ids.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  {
    name: 'blind-statistics-date-error-code',
    rule: '§4 Statistics endpoints, 3: "Invalid queries return 422 `invalid_statistics_query`"; §7 the code covers "date range".',
    description:
      'A malformed or misordered date on GET /games/{id}/statistics answers 422 `invalid_date_range`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind-empty-credentials-authentication-required',
    rule: '§5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'An Authorization header that is empty or holds only the scheme (`Bearer`) is answered `authentication_required` instead of `invalid_api_key`.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind-revoked-key-403',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description: 'A revoked key is answered 403 (code `invalid_api_key`) instead of 401.',
    where: 'middleware/authenticate.ts',
    hint: 'a revoked key',
  },
  {
    name: 'blind-invalid-key-challenge-without-realm',
    rule: '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'A 401 for an invalid key carries `WWW-Authenticate: Bearer` without the realm (a missing header is answered right).',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind-key-extra-suffix-accepted',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description: 'A token that starts with a valid key (the key plus extra characters) authenticates.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind-other-scheme-accepted',
    rule: '§5.1: "Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."',
    description: 'A valid key sent under another scheme (`Token <key>`, `Basic <key>`) authenticates.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §7 Errors and response headers, §8 limits.
  {
    name: 'blind-422-without-rate-limit-headers',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description: 'A 422 response carries no X-RateLimit-Limit, X-RateLimit-Remaining or X-RateLimit-Reset.',
    where: 'respond.ts',
    hint: '',
  },
  {
    name: 'blind-405-allow-get-head',
    rule: '§4: "Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description: 'A 405 answer carries `Allow: GET, HEAD`.',
    where: 'middleware/method-check.ts',
    hint: '',
  },
  {
    name: 'blind-remaining-counted-before-request',
    rule: '§7: "X-RateLimit-Remaining: the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      'X-RateLimit-Remaining on an admitted request is read before the request is counted (one too high: 60 on the first of 60).',
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
  {
    name: 'blind-reset-minute-when-day-binds',
    rule: '§7: "X-RateLimit-Reset: Integer Unix timestamp when the currently binding limit resets".',
    description:
      'X-RateLimit-Reset is always the end of the current minute, even when the UTC-day budget is the binding one.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose day budget binds (e.g. the day-limited key, 10/min 3/day)',
  },
  {
    name: 'blind-limit-header-binding-limit',
    rule: '§7: "X-RateLimit-Limit: Integer; configured per-minute request limit".',
    description:
      'X-RateLimit-Limit reports the smaller of the per-minute and per-day limits (3 for a 10/min, 3/day key).',
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose day limit is below its minute limit (the day-limited key)',
  },
  {
    name: 'blind-retry-after-milliseconds',
    rule: '§7: "Retry-After: Integer seconds until retry; on 429".',
    description: 'Retry-After on a 429 is given in milliseconds.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach 429',
  },
  {
    name: 'blind-429-plain-text-body',
    rule: '§1.1: "every response body is UTF-8 JSON"; §7 error body `{error: {code, message}, request_id}` with `rate_limit_exceeded`.',
    description:
      'A 429 is answered with a text/plain body "Too many requests, please try again later." instead of the JSON error.',
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key (5/min) to reach 429',
  },
  {
    name: 'blind-day-limit-off-by-one',
    rule: '§8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`."',
    description: "The UTC-day budget admits one request more than the key's daily limit (4 for a 3/day key).",
    where: 'rate-limiter.ts',
    hint: 'a key with a small day limit (the day-limited key, 3/day)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFaultName = (typeof BLIND_FAULTS_1)[number]['name'];

/**
 * Whether a blind fault is on. Blind faults are consulted through this rather than a
 * quoted-name `has` call on the set, so that the main catalogue's meta-tests (every name
 * the server passes to `has` must have an entry, and a killing check, in FAULTS) keep
 * applying to FAULTS alone.
 */
export function blindFault(
  faults: ReadonlySet<string>,
  name:
    | BlindFaultName
    | BlindFault2Name
    | BlindFault3Name
    | BlindFault4Name
    | BlindFault5Name
    | BlindFault6Name
    | BlindFault7Name
    | BlindFault8Name
    | BlindFault9Name
    | BlindFault10Name
    | BlindFault11Name
    | BlindFault12Name
    | BlindFault13Name
    | BlindFault14Name
    | BlindFault15Name
    | BlindFault16Name
    | BlindFault17Name
    | BlindFault18Name
    | BlindFault19Name
    | BlindFault20Name
    | BlindFault21Name
    | BlindFault22Name
    | BlindFault23Name
    | BlindFault24Name
    | BlindFault25Name
    | BlindFault26Name
    | BlindFault27Name
    | BlindFault28Name
    | BlindFault29Name
    | BlindFault30Name
    | BlindFault31Name
    | BlindFault32Name
    | BlindFault33Name
    | BlindFault34Name
    | BlindFault35Name
    | BlindFault36Name
    | BlindFault37Name
    | BlindFault38Name,
): boolean {
  return faults.has(name);
}

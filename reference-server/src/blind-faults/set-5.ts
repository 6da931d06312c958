/**
 * Blind fault set 5: a fifth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–4 (set-1.ts … set-4.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind5-…'] })`, `--faults blind5-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_5 = [
  // §1.5, §2 PaginationLinks — the collection envelope.
  {
    name: 'blind5-next-missing-without-page-param',
    rule: '§1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, total}, links: {self, next?, previous?}}`. `next` or `previous` is present only when such a page exists."',
    description:
      'When the request has no `page` parameter, `links.next` is left out (the next link is built from the parameter as sent), so the implicit first page of a collection with several pages has no `next`.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind5-previous-points-to-first',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists"; §2 PaginationLinks: link values "preserve the query parameters of the request and include `page`" (`previous`: the page before this one).',
    description:
      '`links.previous` always links to page 1 (a "back to start" link), so from page 3 on it skips the page just before.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game representations, in their states.
  {
    name: 'blind5-admin-disabled-archived-false',
    rule: '§2 rule 1: "Archived game: `status.archived` is true, `status.archive_reason` is set"; §3: archived = "`archived` true, `archive_reason` set".',
    description:
      "`status.archived` is computed as `archive_reason === 'non_connectivity'`, so a game archived by an administrator (`admin_disabled`) shows `archived: false` beside its reason.",
    where: 'deviations/representation.ts',
    hint: 'an archived game id archived by an administrator (admin_disabled)',
  },
  {
    name: 'blind5-detail-description-first-paragraph',
    rule: '§2 Game detail: "`description` | string (full description)".',
    description:
      "The game detail's `description` is only the description's first paragraph (a preview column), not the full text.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /games — search, filters, archived listings.
  {
    name: 'blind5-online-recently-true-accepted',
    rule: '§4 GET /games: "`online_recently` | integer, only value 1"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      '`online_recently=true` (and `yes`, `on`) is read by a boolean parser as 1: answered 200 with the filter applied instead of 422 `invalid_filter`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind5-tag-repeat-last-wins',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR"; rule 1: "A tag parameter is repeated to select several IDs".',
    description:
      'Of several ids sent for one category (`theme_tag_id[]=a&theme_tag_id[]=b`), only the last is applied (the query read into a plain object), so the games with the other ids are missing.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind5-q-searches-website',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "A term also matches the game's website address (the search runs over every text column), so `q=example` finds games whose only match is their website URL.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind5-archived-listed-with-recently-online-sort',
    rule: '§4 GET /games: "Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."',
    description:
      '`sort=recently_online` reads from the crawl results without the archived condition, so archived games that were once reached are listed and counted in `meta.total`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind5-mssp-zero-values-null',
    rule: '§2 MSSP snapshot: "known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Numeric MSSP values are normalized as `Number(value) || null`, so a reported 0 (`PLAYERS 0`) becomes null in `values`.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind5-players-empty-days-zero',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history"; granularity "`daily` = rounded daily average".',
    description:
      'The daily history is built over a calendar series with COALESCE(avg, 0): a day of the range (up to today) without any sample is reported with `players: 0` instead of being left out.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind5-players-to-default-from-plus-29',
    rule: '§4 players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; §8: "Default player-history range 30 days (`from` = 29 days before `to`)".',
    description:
      'With `from` and no `to`, `to` defaults to 29 days after `from` (the 30-day default read the other way) instead of the current UTC date.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind5-reviews-unknown-game-404',
    rule: '§4 GET /reviews: `game_id` "limits results to one active game"; "Response 200: `{data: [review summaries], meta, links}`. Errors: 401, 405, 429, 500."',
    description:
      'GET /reviews?game_id=<id of no game> answers 404 `game_not_found` (the game looked up first) instead of 200 with an empty collection.',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind5-reviews-game-filter-no-offset',
    rule: '§4 GET /reviews: `page` "integer >= 1", default 1 (one-based pages), with `game_id` "limits results to one active game".',
    description:
      "With `game_id`, the game's reviews are read without OFFSET: every page serves the first `per_page` of them (page 2 repeats page 1), while `meta` and the links are right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind5-tags-value-label-key',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; TagReference: "`id` integer, `name` string (both required)".',
    description:
      "In GET /tags, each group's values carry their name under `label` (the taxonomy table's column) instead of `name`.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind5-stats-reversed-range-empty',
    rule: '§4 Statistics 3: "Invalid queries return 422 `invalid_statistics_query`"; §7: the code covers "Metric, resolution, date range or timezone invalid".',
    description:
      'GET /games/{id}/statistics does not check the date ordering: a `from` after `to` answers 200 with no points instead of 422 `invalid_statistics_query`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind5-activity-90-days-refused',
    rule: '§4 Statistics 2: activity pattern "takes the same dates, at most 90 days"; §8: "Activity pattern range | at most 90 days".',
    description:
      'The activity-pattern span is compared with `< 90`: a range of exactly 90 days (both ends counted) is refused with 422 `invalid_statistics_query`.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind5-activity-offset-fixed-at-now',
    rule: '§4 Statistics 2: "takes … an IANA timezone (default UTC). Returns 168 weekday/hour cells" (the weekdays and hours of that zone).',
    description:
      "The zone's UTC offset is read once, at the time of the request, and applied to every sample, so for a zone with daylight saving time the samples taken under the other offset (before a DST change inside the range) fall one hour off.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind5-revoked-key-no-challenge',
    rule: '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'The 401 `invalid_api_key` for a revoked key is answered from its own branch, which sets no `WWW-Authenticate` header (missing and unknown keys get it).',
    where: 'middleware/authenticate.ts',
    hint: 'a revoked key',
  },
  // §7 errors and headers, §8 limits.
  {
    name: 'blind5-invalid-filter-without-message',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: "`message` is human-readable".',
    description:
      "A 422 `invalid_filter` body has `error: {code, details}` without `message` (the validator's details passed on in its place).",
    where: 'respond.ts',
    hint: '',
  },
  {
    name: 'blind5-retry-after-minute-when-day-binds',
    rule: '§7: "Retry-After | Integer seconds until retry; on 429"; §8: "Exceeding either the minute or the UTC-day limit yields 429 …; the client waits the number of seconds in `Retry-After`."',
    description:
      "Retry-After is always the seconds left in the current minute, also when the UTC-day budget is spent, so the client is told to retry long before the day's budget returns.",
    where: 'middleware/rate-limit.ts',
    hint: 'a day-limited key (10/min, 3/day)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault5Name = (typeof BLIND_FAULTS_5)[number]['name'];

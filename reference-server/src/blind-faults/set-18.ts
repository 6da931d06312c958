/**
 * Blind fault set 18: an eighteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–17 (set-1.ts … set-17.ts). Its theme is the quiet corners:
 * what clients read but rarely filter or sort on — the detail endpoints and their fields in
 * unusual states (a game archived, web-only, in an outage; a review unrated, edited or missing),
 * the taxonomy's rare values, MSSP snapshots and their types, player history at its edges (a
 * single day, a range ending in the future, a game with gaps, a range without samples),
 * statistics at the edge of a resolution, the formats (timestamps, numbers vs strings, null vs
 * absent), and the headers and envelopes of the less common answers (a sub-resource's 404, a
 * statistics 422, a bad key's 401). Most of its bugs show only in one state or on one endpoint.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind18-…'] })`, `--faults blind18-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_18 = [
  // §2 game resources — fields in unusual states (list and detail).
  {
    name: 'blind18-average-rating-numeric-text',
    rule: '§2 Game summary: "`reviews` | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0".',
    description:
      '`reviews.average_rating` is read from a NUMERIC(3,2) column through node-postgres, which hands NUMERIC values over as text, so a game with at least one rated review has `average_rating` as a JSON string of two decimals (`"4.33"`, `"5.00"`) instead of a number, in the list and the detail; games without a rated review keep null, and `count` and `rating_count` are numbers.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind18-last-connect-null-after-failed-crawl',
    rule: '§1.4: "A field is `null` when no value exists for it."; §2 status: "`last_successful_connect` | NullableTimestamp".',
    description:
      "`status.last_successful_connect` is read from the connect result of the game's latest crawl only (a LEFT JOIN on the newest crawl row with `reached = true`), so a game whose latest crawl failed — an active game in an outage or no longer answering, and an archived game that stopped answering — has `last_successful_connect` null although it was reached before (its player history and MSSP snapshot show it), in the list and the detail; games whose latest crawl succeeded, and the never-reached ones, are right.",
    where: 'deviations/representation.ts',
    hint: 'an archived game id helps (archived games are not in the collections); active games in an outage are listed',
  },
  {
    name: 'blind18-archived-mssp-collected-at-null',
    rule: '§1.4: "A field is `null` when no value exists for it."; §2 rule 1: "Archived game: `status.archived` is true, `status.archive_reason` is set, `urls.play` is null, `ranking.rank` is null, `status.confirmed_online` is false."; §4 GET /games/{gameId}/mssp: "Available for archived and web-only games."',
    description:
      'The archived representation clears the current MSSP summary fields the way §2 rule 2 does for web-only games, so an archived game has `status.mssp_collected_at` null in its detail although a snapshot was collected (GET /games/{id}/mssp answers it `available` with its `collected_at`); active games, web-only or not, are right.',
    where: 'deviations/representation.ts',
    hint: 'an archived game id',
  },
  {
    name: 'blind18-web-only-players-link-null',
    rule: '§2 urls: "`players` | uri string | optional in summary, required in detail"; §4 GET /games/{gameId}/players: "Available for archived and web-only games."',
    description:
      'A web-only game\'s `urls.players` is null (the link left out by the "websites are not crawled" branch that nulls its connection values, the key kept), in the list and the detail, instead of the link to its player history, which exists and answers 200; MUD-client games, archived or not, are right.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §2 reviews — unrated, edited, missing; §4 GET /reviews paging of one game.
  {
    name: 'blind18-unrated-review-detail-rating-omitted',
    rule: '§2 Review summary: "`rating` | integer or null" … "All fields are required. Review detail adds `body`".',
    description:
      'The review detail is serialised with a helper that drops undefined values and maps the rating with `row.rating ?? undefined`, so GET /reviews/{id} of a review without a rating has no `rating` key at all instead of `rating: null`; rated reviews, and every review in GET /reviews, are right.',
    where: 'deviations/representation.ts',
    hint: 'the id of an unrated review (GET /reviews lists them with rating null)',
  },
  {
    name: 'blind18-review-edited-epoch-seconds',
    rule: '§2 Review summary: "`dates` | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)"; §1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."',
    description:
      '`dates.edited` comes from a BIGINT Unix-time column that is passed on unformatted (only `submitted` goes through the formatter), so an edited review has `dates.edited` as a JSON number of epoch seconds (`1791234567`) instead of a timestamp string, in the list and the detail; reviews never edited keep null, and `submitted` is right.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind18-reviews-game-next-from-overall-total',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."; §4 GET /reviews: "`game_id` | integer >= 1 | none (limits results to one active game)".',
    description:
      "With `game_id`, whether a next page exists is decided from the count of all listed reviews (the collection's cached total) instead of the game's, so every page of one game's reviews carries a `next` link while the whole collection has more pages — also the game's last page (a game with 3 reviews links `next` to its empty page 2); `data` and `meta.total` are right, and without `game_id` the links are right.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind18-missing-review-404-data-null',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: "Body shape: `{error: {code, message, details?}, request_id}`".',
    description:
      'The review detail handler answers a lookup miss with its own serializer, status 404 and the body `{"data": null}`, instead of the error envelope (no `error` object, no code, no `request_id`); unknown games, unknown routes and the other errors keep the envelope.',
    where: 'operations.ts',
    hint: 'a review id that does not exist (e.g. 999999)',
  },
  // §4 GET /tags — the taxonomy's rare values.
  {
    name: 'blind18-tags-rare-values-dropped',
    rule: '§4 GET /tags: "Response 200: `{data: [tag groups]}`, the current taxonomy."; §4 GET /games rule 1: "Current IDs come from GET /tags."',
    description:
      'GET /tags is served by the tag-cloud query, which keeps a tag only when at least three active games carry it (`HAVING COUNT(*) >= 3`), so the rare values are missing from their groups (Western in Theme, Swedish and Chinese in Language here) although games carry them in `tags.categories` and the filters accept their ids; the groups and the other values are right.',
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §2 MSSP snapshot — its fields and types; §4 GET /games/{gameId}/mssp errors.
  {
    name: 'blind18-mssp-collected-at-millis',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 MSSP snapshot: "`collected_at` | NullableTimestamp".',
    description:
      "The snapshot's `collected_at` is written with `Date#toISOString()`, so it carries milliseconds (`2026-11-22T11:30:00.000Z`) instead of the described shape; the games' `status.mssp_collected_at` and the other timestamps are right.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  {
    name: 'blind18-mssp-zero-counts-as-text',
    rule: '§2 MSSP snapshot: "`values` | object or null; normalized MSSP keys to values; … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Numeric MSSP values are normalized as `Number(value) || value`, so a known numeric variable reported as 0 (`PLAYERS 0` of a game nobody is playing, 33 snapshots here) stays the text `"0"` in `values` instead of the number 0; non-zero numbers, flags and text values are right.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  {
    name: 'blind18-mssp-unknown-game-404-mssp-body',
    rule: '§7: "Body shape: `{error: {code, message, details?}, request_id}`."; §7: "`game_not_found` | 404 | Game does not exist".',
    description:
      'The MSSP handler answers an unknown game id from its own "no snapshot" branch with the status set to 404: the body is the MSSP response `{"data": null, "meta": {"game_id": <id>, "status": "mssp_not_available"}}` instead of the error envelope with `game_not_found`; known games (with or without a snapshot) and the other endpoints\' 404s are right.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players — edges of a range.
  {
    name: 'blind18-players-no-samples-data-null',
    rule: '§2 Player sample: "Response: `{data: [samples], meta: {game_id integer, granularity: "daily"|"raw", from: date YYYY-MM-DD, to: date YYYY-MM-DD}}`".',
    description:
      'The samples are aggregated with `array_agg`, which gives NULL over no rows, so a player history without any sample in its range (a game never reached, a web-only game, a range before the first crawl or in an outage) answers `data: null` instead of an empty array; ranges holding samples are right.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind18-single-day-daily-serves-raw',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples".',
    description:
      "A one-day range (`from` equal to `to`) is served from the chart's intraday view, the individual crawler samples of that day, whatever the granularity: a daily history of one day holds up to 48 samples (every 30 minutes, their own counts) instead of one rounded average, while `meta.granularity` says `daily`; ranges of two days or more are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind18-daily-gap-carried-forward',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history." … "`daily` = rounded daily average".',
    description:
      "The daily history is read over a calendar series with the last value carried forward (a LOCF window, as the charts draw it), so a day without any sample between two days with samples (an outage of a whole day) is reported with the previous day's value instead of being left out; days with samples, and the days before the first or after the last sample of the range, are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind18-future-to-span-counted-to-today',
    rule: '§4 GET /games/{gameId}/players: "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'The span is measured up to `min(to, today)` (the end clamped to the last day that can hold samples) instead of `to`, so a range ending in the future may be longer than the maximum: `from=<364 days ago>&to=<5 days ahead>` (370 days) is answered 200 instead of 422 (raw likewise beyond 90 days); ranges ending today or earlier are checked right.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 statistics — a resolution's points, the 422's envelope.
  {
    name: 'blind18-stats-calendar-buckets-date-text',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      'Weekly and monthly points are keyed by a calendar DATE (the period\'s first day) that is passed on as its text, so with `resolution=weekly` or `monthly` each point\'s date is `"2026-11-16"` instead of epoch seconds; the raw, hourly and daily resolutions are right.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind18-stats-422-message-array',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: "`message` is human-readable".',
    description:
      "The statistics query validator collects its issues and passes the list on as the message, so a 422 `invalid_statistics_query` of GET /games/{id}/statistics (a `from` after `to`, an unknown metric, too many points …) has `error.message` as an array of strings (`[\"'from' … must not be after 'to' …\"]`) instead of a string; the activity pattern's 422 and the other errors are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  // §7 headers and envelopes of the less common answers.
  {
    name: 'blind18-subresource-404-before-accounting',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      "The game of a sub-resource route (`/games/{id}/mssp`, `/players`, `/statistics`, `/activity-pattern`) is loaded by a route parameter hook that runs after authentication but ahead of the rate-limit accounting, so a GET of a sub-resource of a game that does not exist is answered 404 `game_not_found` without X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset and is not counted; the game detail's 404, and sub-resources of existing games, are right.",
    where: 'app.ts',
    hint: '',
  },
  {
    name: 'blind18-bad-key-plain-unauthorized',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."; §7: "Body shape: `{error: {code, message, details?}, request_id}`."',
    description:
      'A request whose Authorization header names no valid key (unknown, revoked or malformed) fails in the bearer strategy, whose default failure answer is sent: 401 with the right `WWW-Authenticate` challenge and a `text/plain` body `Unauthorized`, instead of the JSON error with `invalid_api_key`; a request without an Authorization header gets the JSON `authentication_required`.',
    where: 'middleware/authenticate.ts',
    hint: 'any made-up key (or a revoked one)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault18Name = (typeof BLIND_FAULTS_18)[number]['name'];

/**
 * Blind fault set 27: a twenty-seventh set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–26 (set-1.ts … set-26.ts). Its theme is a refactor's collateral damage: each
 * fault is what happens when an engineer changes a shared piece — a link helper, a text normaliser,
 * a link builder, a date routine, a range check, a serializer, a rounding or threshold helper, a
 * header parser, a middleware's mounting, a constant — for one endpoint or field, and the change
 * leaks into another consumer of that piece that nobody tested. Each shows only in the
 * less-travelled consumer and only for some requests or records; on the common path the server
 * looks right. Like the earlier sets, it measures how well the suite catches bugs nobody has shown
 * it, so its entries deliberately have no killing check of their own (see README.md next to this
 * file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind27-…'] })`, `--faults blind27-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the leaked change computes is in
 * `blind-faults/set-27-collateral.ts`); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_27 = [
  // GET /games: links, search.
  {
    name: 'blind27-links-drop-empty-params',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The collections' link helper was changed for GET /reviews, to leave out the empty `game_id=` the review widget sends, by dropping every parameter whose value is empty, and GET /games shares the helper: a parameter sent empty (`q=`, `sort=`, `utm_source=`) is missing from `self`, `next` and `previous` of both collections, although the request carried it (GET /games answers `q=` as no search and `sort=` as the default order, 200); parameters with a value are right.",
    where: 'operations.ts',
    hint: 'a collection request carrying a parameter with an empty value (`q=`)',
  },
  {
    name: 'blind27-q-letters-only-terms',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The text normaliser shared by the search and the tag-name autocomplete was changed for the autocomplete (tag names are words) to keep letters only, and the search's terms pass through it: every digit and punctuation character is removed from a term and a term left empty is dropped, so `q=256` (held by 70 of the 275 active games here) filters nothing and lists every game, and `q=utf-8` searches `utf`; terms made of letters are right.",
    where: 'operations.ts',
    hint: 'a search term holding a digit (`q=256`)',
  },
  // Games' representations.
  {
    name: 'blind27-detail-links-from-request-url',
    rule: '§2 `urls`: "self | uri string (link to this game in the API)"; "mssp | uri string | optional in summary, required in detail"; "players | uri string"; §2 Game detail: "with `urls` … in their detail form (mssp, players, reviews links … present)".',
    description:
      "The game's links were refactored to grow from one `selfUrl(req)` helper written for the collections' `links.self` (the request's URL, its query kept), so the detail of a game asked with a query string (`/games/<id>?ref=feed`) has `urls.self` `…/games/<id>?ref=feed` and `urls.mssp` and `urls.players` `…/games/<id>?ref=feed/mssp` and `…?ref=feed/players` — links that lead to the game's detail again (the sub-path swallowed by the query) instead of its MSSP snapshot and player history; the detail asked without a query, and GET /games items, are right.",
    where: 'operations.ts',
    hint: 'a game detail asked with a query string (`?ref=…`)',
  },
  {
    name: 'blind27-updated-bumped-by-review',
    rule: '§2 Game summary: "dates | object | `created`, `listed`, `updated`"; §4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days".',
    description:
      "The \"last activity\" helper written for the review widget's game card (the latest of the listing's own update and its reviews' submissions and edits) replaced the listing's update time in the shared dates builder, so a game reviewed (or whose review was edited) after its listing was last updated (71 here) has `dates.updated` the review's time, in GET /games items and the detail, while `recently_updated=1` and `sort=last_updated` still read the listing's own update (16 games show an `updated` of the last 30 days yet are left out of `recently_updated=1`); games without a later review are right.",
    where: 'operations.ts',
    hint: 'a game reviewed after its listing was last updated',
  },
  // MSSP, player history.
  {
    name: 'blind27-mssp-collected-at-day-floored',
    rule: '§2 MSSP snapshot: "collected_at | NullableTimestamp"; §4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot)."',
    description:
      "The daily player history's `recorded_at` (midnight of the day) and the snapshot's time were given one \"sample time\" formatter, which was then made to floor to the UTC day for the daily values, so the MSSP response's `collected_at` is midnight of the day the snapshot was collected (`2026-11-03T00:00:00Z` for a snapshot of 17:00Z) instead of its time, and differs from the game's `status.mssp_collected_at`, which is right; a snapshot collected exactly at midnight is right.",
    where: 'operations.ts',
    hint: 'a game with an MSSP snapshot',
  },
  {
    name: 'blind27-players-raw-span-from-statistics',
    rule: '§4 GET /games/{gameId}/players: "Rules: a `daily` range spans at most 365 days; a `raw` range spans at most 90 days."; §8: "Raw player-history range | at most 90 days".',
    description:
      'When the statistics endpoints were added, the "raw" span limit became one constant for both raw readings, set to the statistics\' raw resolution (one UTC day), so GET /games/{id}/players with `granularity=raw` refuses any range of more than one day — the default 30-day range, a week — with 422 `invalid_date_range` instead of answering up to 90 days; a one-day raw range, and the daily history, are right.',
    where: 'operations.ts',
    hint: '`granularity=raw` over more than one day',
  },
  {
    name: 'blind27-players-date-error-statistics-code',
    rule: '§7: "invalid_date_range | 422 | Player-history granularity, date, ordering or maximum range invalid"; §4 GET /games/{gameId}/players: "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      "The shared date-range parser's error code became a parameter defaulting to the statistics' code when the statistics endpoints were added, and the player history's call relies on the default, so an invalid `from` or `to`, a `from` after `to` or a range beyond the maximum on GET /games/{id}/players is answered 422 `invalid_statistics_query` instead of `invalid_date_range`; an invalid granularity, checked before the dates, keeps the right code.",
    where: 'operations.ts',
    hint: 'an invalid date on the player history (`from=2026-13-01`)',
  },
  {
    name: 'blind27-raw-recorded-at-epoch-seconds',
    rule: '§2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`"; §1: "4. Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."',
    description:
      "The raw player history and the statistics' raw resolution were given one serializer for crawler samples, which writes the statistics' epoch-second date, so with `granularity=raw` every sample's `recorded_at` is a JSON number of Unix seconds (`1795348800`) instead of a date-time string; the daily history is right.",
    where: 'operations.ts',
    hint: '`granularity=raw`',
  },
  {
    name: 'blind27-players-today-in-last-activity-zone',
    rule: '§4 GET /games/{gameId}/players: "Date boundaries and returned timestamps are UTC." "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end".',
    description:
      "The activity pattern's time-zone support sets the date library's process-wide default zone to the zone it was asked for (as luxon's `Settings.defaultZone` does), and the player history's \"current date\" helper, moved onto the same library, reads that default: after an activity-pattern request with a time zone, GET /games/{id}/players without `to` ends on the current date in that zone, so after one with `Pacific/Kiritimati` (UTC+14) the history asked at 12:00Z ends tomorrow (`meta.to` a day late, `from` 29 days before it) instead of on the UTC date; before any such request, or with `to` given, it is right.",
    where: 'operations.ts',
    hint: 'an activity pattern asked with a zone far from UTC, then a player history without `to`',
  },
  // Statistics, activity pattern.
  {
    name: 'blind27-statistics-activity-90-day-cap',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` …; at most 1,000 points." "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days".',
    description:
      "The activity pattern's 90-day limit was moved into the date-range check the two statistics endpoints share, so GET /games/{id}/statistics refuses a range of more than 90 days with 422 `invalid_statistics_query` whatever its resolution — 120 daily points, well under 1,000, of a game whose statistics are ready — instead of answering it; ranges of up to 90 days, and the activity pattern, are right.",
    where: 'operations.ts',
    hint: 'statistics over more than 90 days',
  },
  {
    name: 'blind27-statistics-sparse-average-null',
    rule: '§4 Statistics endpoints: "1. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      'The activity pattern\'s "average or null" helper (null under three observations) was made the one averaging helper of the statistics code, so a statistics point with one or two observations has a null average beside its count, minimum and maximum: every `hourly` point (two crawls an hour) and every `raw` point, and a daily point of a day with one or two samples; points of three or more observations (the default daily points) are right.',
    where: 'operations.ts',
    hint: 'statistics at `hourly` (or `raw`) resolution',
  },
  {
    name: 'blind27-activity-zone-ignored-by-hour-buckets',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells".',
    description:
      "The activity pattern's cells were moved onto the statistics' hourly bucketing (epoch hours, which are UTC), refactored for the statistics, so the cells are those of UTC whatever zone is asked: with `Asia/Tokyo` the samples taken at 09:00 Tokyo time count in hour 0 instead of hour 9 (and a weekday late in the day in the zone), while `meta` still names the zone; the UTC default is right.",
    where: 'operations.ts',
    hint: 'an activity pattern with a time zone other than UTC',
  },
  // Reviews.
  {
    name: 'blind27-review-dates-floored-to-crawl-slot',
    rule: '§1: "4. Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Review summary: "dates | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)".',
    description:
      "The timestamp helper of the game status was changed to floor its times to the crawler's 30-minute slot (to hide a crawler's jitter), and the review serializer shares it, so every review's `submitted` and `edited` are floored to the half hour (`2023-12-05T18:44:13Z` reads `2023-12-05T18:30:00Z`), in GET /reviews and the review detail; the games' crawl times, already on the slots, are right.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind27-review-body-emphasis-stripped',
    rule: '§2 Review summary: "Review detail adds `body` (string, required): UTF-8 Markdown; supported formatting is paragraphs, bold, italic, bulleted lists, numbered lists."',
    description:
      'The plain-text cleaner written for the game descriptions (whose crawled copies had stray Markdown) was made the shared text cleaner, and the review detail passes its body through it: bold and italic markers are removed (`**great**` reads `great`, `*really*` reads `really`), so the Markdown loses its emphasis; paragraphs and lists are kept, and bodies without emphasis are right.',
    where: 'operations.ts',
    hint: 'a review whose body has bold or italic text',
  },
  // Authentication, the legacy endpoint, methods.
  {
    name: 'blind27-quoted-bearer-token-accepted',
    rule: '§5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`." "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The header-parameter parser written for the challenge\'s `realm="…"` (RFC 7235 auth-params, quoted strings unquoted) was reused to read the Authorization credentials, so a valid key sent in double quotes (`Authorization: Bearer "<key>"`) authenticates (200) instead of 401 `invalid_api_key`; the key sent without quotes, and unknown keys quoted or not, are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a valid key in double quotes after `Bearer`',
  },
  {
    name: 'blind27-gone-without-request-id',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §1: "6. A retired legacy endpoint `/json.php` returns HTTP 410 Gone".',
    description:
      "The request-id middleware was moved under the API router (to give ids to authenticated requests, as §7's header table reads), and the retired `/json.php`, answered ahead of the router, writes its error envelope before any id exists: its 410 body is `{error: {code, message}}` without `request_id`; every other error body is right.",
    where: 'operations.ts',
    hint: 'the retired `/json.php`',
  },
  {
    name: 'blind27-statistics-other-methods-served',
    rule: '§4 Endpoints: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      "The statistics endpoints were added on a router of their own, registered with `router.all` for their two paths (to share the handler with HEAD), ahead of the API's method guard, so a POST, PUT, PATCH or DELETE of `/games/{id}/statistics` or `/games/{id}/activity-pattern` is answered by the GET handler (200 with the statistics) instead of 405 `method_not_allowed`; the other routes, and GET, are right.",
    where: 'middleware/method-check.ts',
    hint: 'a POST to `/games/{id}/statistics`',
  },
  // Rate limits and request ids.
  {
    name: 'blind27-other-methods-counted-twice',
    rule: '§7 Response headers: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit"; §7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      'When the API router was split into a read router and a method-guard router, the rate-limit accounting was mounted on both, so a request of another method than GET is counted twice: its 405 shows X-RateLimit-Remaining two lower than the request before (and so does the next request), and it spends two requests of the minute and UTC-day budgets; GET requests are right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a request of another method (`DELETE /tags`)',
  },
  {
    name: 'blind27-429-request-id-of-last-admitted',
    rule: '§7 Response headers: "X-Request-ID | String identifying an authenticated request"; §7: "`request_id` is a string for troubleshooting".',
    description:
      "The refusal path was refactored to log under the request id kept on the key's rate-limit record (stored there for the usage history), so a 429 carries in X-Request-ID and in its body's `request_id` the id of the key's last admitted request, and every refusal until the key is admitted again repeats it: the refused request has no id of its own; admitted requests are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small minute limit (the low-limit key, 5/min) past its minute budget',
  },
  {
    name: 'blind27-remaining-day-from-default-plan',
    rule: '§7 Response headers: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit"; §8: "Requests per UTC day per key (default for new keys) | 10,000".',
    description:
      "The account console's usage page reckons the day's remaining budget from the plan for new keys (10,000 a UTC day), and that helper was moved into the shared header writer, so X-RateLimit-Remaining takes the day's part as 10,000 minus the key's requests of the day: for a key with another daily limit it is wrong whenever the day's part is the smaller — 9,999 on the first request of a 1,000,000/min, 1,000,000/day key instead of 999,999, 9 on the first of a 10/min, 3/day key instead of 2; refusals, and keys on the default plan, are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose daily limit is not the default (the high-limit key, or the day-limited key)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault27Name = (typeof BLIND_FAULTS_27)[number]['name'];

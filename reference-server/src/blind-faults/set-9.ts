/**
 * Blind fault set 9: a ninth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–8 (set-1.ts … set-8.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind9-…'] })`, `--faults blind9-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_9 = [
  // §4 GET /games — sort, search, filters, parameter forms.
  {
    name: 'blind9-search-ordered-by-relevance',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`." (the default applies to every request without `sort`).',
    description:
      'With `q` and without `sort`, the games are ordered by search relevance (a score counting, per term, 3 for the name, 2 for the intro and 1 for the description; ties by id) instead of the default `last_updated` order; an explicit `sort` is obeyed.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind9-q-searched-as-phrase',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      '`q` is not split: its words, lower-cased and joined by one space, are searched as one phrase, so `q=<word of the name> <word of the description>` finds no game unless the two words stand side by side in one field.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind9-flags-combined-with-or',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND; the search terms and all filters combine with AND."',
    description:
      'When two or three of `has_reviews=1`, `recently_updated=1` and `online_recently=1` are sent, the flag conditions are checked with `some` instead of `every`: a game meeting any one of them is listed and counted (205 games for `has_reviews=1&recently_updated=1` here instead of 60).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind9-mud-client-excludes-never-reached',
    rule: '§4 GET /games connection_type: "`all` (no filter), `web_only` (website-only games), `mud_client` (games supporting MUD clients)".',
    description:
      '`connection_type=mud_client` is read as "games with a successful connection on record", so the MUD-client games never reached (15 active games here) are missing from `data` and `meta.total`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind9-single-bracketed-tag-ignored',
    rule: '§4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`). A single ID may be sent with or without the brackets."',
    description:
      'The bracketed tag parameters are read only when they arrive as a list (`Array.isArray`), so a bracketed name sent once (`theme_tag_id[]=<id>`) is ignored and filters nothing; two bracketed ids, or the bare name, filter.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §2 — fields of the game and review representations.
  {
    name: 'blind9-rank-within-filtered-results',
    rule: '§2 Game summary: "Game summary (items of GET /games; also the base of game detail)"; "`ranking` | object | `rank` integer or null; `monthly_votes` integer >= 0".',
    description:
      "In GET /games items, `ranking.rank` is computed by a window function over the query's matching games (`ROW_NUMBER() OVER (ORDER BY monthly_votes DESC)` after the WHERE), so with a search or a filter each game's rank is its place among the matches (1, 2, 3 …), not the rank its detail shows; without any filter it is right.",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind9-categories-null-for-missing',
    rule: '§2 Game summary: "`tags` | object | `categories`: object mapping a category key to one TagReference"; Shared types: "TagReference | `id` integer, `name` string (both required)".',
    description:
      '`tags.categories` is built by an outer join over the nine categories, so a category the game has no tag in is present with the value null instead of being left out (list and detail; 205 of the 275 active games here).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind9-review-submitted-without-seconds',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Review summary: "`dates` | object: `submitted`, `edited` (NullableTimestamp …)".',
    description:
      "A review's `dates.submitted` is formatted with a pattern lacking the seconds (`YYYY-MM-DDTHH:mmZ`, e.g. `2026-10-03T14:07Z`), in the list and the detail; `edited` is right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind9-review-game-link-relative',
    rule: '§2 Review summary: "`urls` | object: `self`, `mudverse`, `game` (uri strings)".',
    description:
      "A review's `urls.game` is built by the router's path helper, so it is a path relative to the host (`/api/v1/games/<id>`) instead of an absolute URI (list and detail; `self` and `mudverse` are right).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind9-reviews-unrated-missing',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection."; §2 Review summary: "`rating` | integer or null".',
    description:
      'GET /reviews reads the reviews through an inner join on their rating, so the reviews without a rating (31 listed here) are missing from `data` and `meta.total` (with or without `game_id`); GET /reviews/{id} still serves them.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind9-mssp-multiword-flags-as-text',
    rule: '§2 MSSP snapshot: "`values` | object or null; normalized MSSP keys to values; … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'MSSP names are normalized with `String#replace(\' \', \'_\')`, which replaces the first space only, so names of three words or more (`XTERM 256 COLORS`, `PAY TO PLAY`, `PAY FOR PERKS`, `XTERM TRUE COLORS`) keep a space in their key (`xterm_256 colors`), are not recognised as flags and stay the text "0" or "1".',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind9-granularity-invalid-filter-code',
    rule: '§4 GET /games/{gameId}/players: "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."; §7: "`invalid_date_range` | 422 | Player-history granularity, date, ordering or maximum range invalid".',
    description:
      'An unknown `granularity` value is refused by the enum validator shared with GET /games, so it is answered 422 with the code `invalid_filter` instead of `invalid_date_range` (bad dates still get `invalid_date_range`).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind9-daily-buckets-server-local-day',
    rule: '§4 GET /games/{gameId}/players: "Date boundaries and returned timestamps are UTC."; "`daily` = rounded daily average".',
    description:
      "The daily values group the samples by the server's local date (UTC−5, `GROUP BY date(recorded_at)` in the session zone): each day's value averages its samples from 05:00Z to 04:59Z the next day, and the first five hours of `from` make a day before `from` (the range itself is UTC).",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind9-activity-to-exclusive',
    rule: '§4 Statistics 2: activity pattern "takes the same dates" as statistics, whose `from` and `to` are "(YYYY-MM-DD, UTC …)"; §4 players: "`to` … Inclusive UTC end".',
    description:
      'The activity pattern counts the samples from `from` 00:00Z up to `to` 00:00Z excluded, so the samples of the `to` day are missing from the cells (a one-day range `from=to` gives 168 empty cells); `meta` is right.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind9-stats-unavailable-500',
    rule: '§4 Statistics 3: "Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "`statistics_unavailable` | 503 | Statistics temporarily unavailable".',
    description:
      'The statistics backend\'s "unavailable" error is not mapped to its code and reaches the error handler: GET /games/{id}/statistics for a game whose statistics are unavailable answers 500 `internal_error` instead of 503 `statistics_unavailable` (pending ranges and the activity pattern are right).',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  // §1.1 — the body's media type.
  {
    name: 'blind9-tags-served-as-html',
    rule: '§1.1: "Only GET is supported; every response body is UTF-8 JSON."',
    description:
      'GET /tags sends its pre-serialised body as a string (`res.send(text)`), which Express labels `Content-Type: text/html; charset=utf-8`; the body is the right JSON.',
    where: 'operations.ts',
    hint: '',
  },
  // §5 authentication.
  {
    name: 'blind9-other-scheme-authentication-required',
    rule: '§5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'An Authorization header with another scheme than Bearer (`Basic dXNlcjpwYXNz`, `Token <key>`) is read as "no Bearer credentials" and answered 401 `authentication_required` instead of `invalid_api_key`.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §7 errors and headers.
  {
    name: 'blind9-401-without-request-id',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: "Body shape: `{error: {code, message, details?}, request_id}`. … `request_id` is a string for troubleshooting."',
    description:
      'The 401 answers are written by the authentication middleware with its own envelope, `{error: {code, message}}`, without `request_id` (the other errors have it).',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind9-revoked-key-rate-limit-headers',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."; §5.3: revoked key: 401 `invalid_api_key`.',
    description:
      "The key is looked up and counted before its revoked flag is checked, so a revoked key's 401 `invalid_api_key` carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (its budget spent by the refused requests).",
    where: 'app.ts',
    hint: 'a revoked key',
  },
  {
    name: 'blind9-reset-always-day-end',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "X-RateLimit-Reset is always the next UTC midnight (the daily quota's reset), also when the minute limit binds, as it does for a 60/min, 10,000/day key: the header names the end of the day instead of the end of the minute.",
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault9Name = (typeof BLIND_FAULTS_9)[number]['name'];

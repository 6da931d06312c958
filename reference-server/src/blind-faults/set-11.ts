/**
 * Blind fault set 11: an eleventh set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–10 (set-1.ts … set-10.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind11-…'] })`, `--faults blind11-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_11 = [
  // §4 GET /games — filters, search, sort and paging, and their combinations.
  {
    name: 'blind11-has-reviews-needs-two',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review".',
    description:
      '`has_reviews=1` keeps the games whose review count is greater than 1 (`count > 1` where `count >= 1` was meant), so the games with exactly one review (132 active games here) are missing from `data` and `meta.total`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind11-search-page-offset-twice',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      'With `q`, the search query already applies the OFFSET and the handler slices the rows it returns by `(page − 1) × per_page` again, so every page after the first of a search is empty although `meta.total` (and the `next` link) say more games match; page 1 and pages without `q` are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind11-q-matches-tag-names',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The searched text is a search document that also holds the names of the game's category and custom tags, so a term found only in a tag name (`q=europe`, `q=oceania`) lists every game carrying that tag although the word is in none of its name, intro or description.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind11-tag-ids-comma-separated-accepted',
    rule: '§4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`)"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      'A tag parameter value is split on commas before its ids are read, so `theme_tag_id[]=153,154` (not an integer) is answered 200 with the games of either theme instead of 422 `invalid_filter`; repeated parameters are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind11-sort-ignored-with-q',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`"; rule 2: "the search terms and all filters combine with AND".',
    description:
      'A search (`q`) runs through its own query, which has a hard-coded `ORDER BY updated DESC`, so with `q` every `sort` is ignored and the results come in `last_updated` order; without `q` the sorts are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §1.5 and §2 links.
  {
    name: 'blind11-next-link-on-exact-last-page',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."',
    description:
      'Whether a next page exists is tested as `page × per_page <= total` (where `<` was meant), so when `meta.total` is an exact multiple of `per_page` the last page still links `next` to an empty page (`/games?per_page=25&page=11` with 275 active games); other last pages are right.',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 game detail.
  {
    name: 'blind11-archived-detail-live-links-null',
    rule: '§2 urls: "mssp | uri string | optional in summary, required in detail", "players | uri string | optional in summary, required in detail"; §4 GET /games/{gameId}/mssp and /players: "Available for archived and web-only games."',
    description:
      "The archived representation nulls the game's live links along with `urls.play`, so the detail of an archived game has `urls.mssp` and `urls.players` null (the endpoints they would name still answer); active games' details are right.",
    where: 'deviations/representation.ts',
    hint: 'an archived game id',
  },
  // §2 MSSP snapshot.
  {
    name: 'blind11-mssp-flag-zero-truthy',
    rule: '§2 MSSP snapshot: "known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Capability flags are normalized with `Boolean(value)` on the crawled text, and the text `"0"` is truthy, so every flag the game reports (ANSI, MXP, UTF-8, PAY TO PLAY …) is `true`, also those reported as 0; numbers are right.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind11-players-default-to-server-local-date',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "Date boundaries and returned timestamps are UTC."',
    description:
      "Without `to`, the range ends on the current date of the server's zone (Pacific/Auckland, UTC+13 in November) instead of the UTC date: from 11:00Z on, `meta.to` is tomorrow's UTC date and the default `from` one day later too (2026-10-25..2026-11-23 at 2026-11-22T12:00Z).",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind11-daily-bucket-includes-next-midnight',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average"; "Date boundaries and returned timestamps are UTC."',
    description:
      "Each day's average is taken over `recorded_at BETWEEN day AND day + 1 day`, both ends included, so the next day's 00:00:00Z sample is averaged into the day before as well: a day's value is the rounded mean of its samples and the next midnight's, which changes about one day's value in five here (mostly by one).",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind11-stats-zero-minimum-replaced',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      'A bucket\'s minimum is folded with `if (!min || value < min) min = value`, so a minimum of 0 counts as "not set yet" and the next value replaces it: a bucket where a 0 is followed by larger values reports a positive minimum although an observation of 0 is in it.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind11-stats-unknown-game-unavailable',
    rule: '§7: "`game_not_found` | 404 | Game does not exist"; "`statistics_unavailable` | 503 | Statistics temporarily unavailable".',
    description:
      'GET /games/{gameId}/statistics asks the statistics store before looking the game up, and a game id the store has no series for is answered 503 `statistics_unavailable` instead of 404 `game_not_found` (the activity pattern and the other endpoints are right).',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind11-activity-offset-zone-accepted',
    rule: '§4 Statistics 2: activity pattern "takes the same dates, at most 90 days, and an IANA timezone (default UTC)"; §7: "`invalid_statistics_query` | 422 | Metric, resolution, date range or timezone invalid".',
    description:
      'The timezone is read by a date library that also takes fixed UTC offsets, so `timezone=+09:00` (or `UTC+9`, `GMT-5`), which is not an IANA zone name, is answered 200 with the cells of that offset instead of 422 `invalid_statistics_query`; names that are neither are refused.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §2 reviews.
  {
    name: 'blind11-review-dates-london-wall-clock',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Review summary: "`dates` | object: `submitted`, `edited` (NullableTimestamp …)".',
    description:
      "A review's `dates.submitted` and `dates.edited` are formatted from the server's wall clock (Europe/London) with a `Z`, so the times that fall in British Summer Time (late March to late October) are one hour late; winter times are right (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind11-review-body-newlines-collapsed',
    rule: '§2 Review detail: "adds `body` (string, required): UTF-8 Markdown; supported formatting is paragraphs, bold, italic, bulleted lists, numbered lists".',
    description:
      "The review detail's `body` passes a single-line text sanitizer that collapses every run of whitespace, newlines included, into one space, so paragraphs and list items run together on one line (bold and italic survive).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind11-tags-rows-limited-50',
    rule: '§4 GET /tags: "Response 200: `{data: [tag groups]}`, the current taxonomy."; §4 GET /games rule 1: "Current IDs come from GET /tags."',
    description:
      "The taxonomy is read by the repository's list helper, which caps its joined group × value rows at the largest page size (50): the groups after the 50th value (language and player killing here) are missing, and their ids, which games carry and filter on, are not in GET /tags.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §5 authentication.
  {
    name: 'blind11-key-matched-by-prefix',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      "Keys are identified by their first 12 characters (the prefix the account console shows) and the rest is never compared, so a token sharing a valid key's first 12 characters (`<first 12 of the key>-anything`) authenticates (200) instead of 401 `invalid_api_key`.",
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind11-unknown-key-authentication-required',
    rule: '§5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'A well-formed Bearer token that names no key is treated like a request without credentials (the key lookup returns no user, read as "anonymous"), so it is answered 401 `authentication_required` instead of `invalid_api_key`; malformed headers and revoked keys are right.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §7 and §8 rate limits.
  {
    name: 'blind11-day-quota-403',
    rule: '§8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."',
    description:
      'A request refused because the UTC-day budget is spent is answered 403 Forbidden (a "quota exceeded" status, body code `rate_limit_exceeded`, Retry-After and the rate-limit headers kept) instead of 429; minute refusals are 429.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small daily limit (e.g. 3/day)',
  },
  {
    name: 'blind11-429-remaining-day-budget',
    rule: '§7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      'On a refusal because the minute budget is spent, X-RateLimit-Remaining is computed from the day counter alone (`per_day − day_count`), so a 429 of a 5/min, 20/day key shows 15 remaining instead of 0; admitted requests show the smaller budget.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a low per-minute limit (e.g. 5/min)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault11Name = (typeof BLIND_FAULTS_11)[number]['name'];

/**
 * Blind fault set 10: a tenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–9 (set-1.ts … set-9.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind10-…'] })`, `--faults blind10-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_10 = [
  // §4 GET /games — sort, search, filters and their combinations.
  {
    name: 'blind10-unknown-sort-first-option',
    rule: '§4 GET /games sort: "One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)".',
    description:
      'An unknown `sort` value is looked up by its index in the list of sorts and a miss (-1) is clamped to 0, so it falls back to the first sort of the list, `top_voted`, instead of `last_updated`; a request without `sort` is still ordered by `last_updated`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-top-voted-votes-compared-as-text',
    rule: '§4 GET /games sort: "`top_voted`" (games with the most votes first); §2 Game summary: "`ranking` | object | … `monthly_votes` integer >= 0".',
    description:
      '`sort=top_voted` orders the games by `monthly_votes` compared as text (a vote count read from a string cache), descending: `979` comes before `2849` and `9` before `10`, so the first page is not the most voted games.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-q-split-on-punctuation',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      '`q` is split by a word tokenizer on every character that is not a letter or digit, so a term holding punctuation (`turn-based`, `c++`, `o\'clock`) is searched as its pieces: `q=based-turn` finds every game containing "based" and "turn" although no game contains "based-turn".',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-mud-client-online-recently-refused',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1`, or combined with `sort=recently_online`, returns 422 `invalid_filter`"; rule 2: "the search terms and all filters combine with AND".',
    description:
      "The combination check reads `connection_type !== 'all'` instead of `=== 'web_only'`, so `connection_type=mud_client` with `online_recently=1` or with `sort=recently_online` is refused with 422 `invalid_filter` instead of answered 200.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-archived-listed-with-tag-filter',
    rule: '§4 GET /games: "Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."',
    description:
      'With any tag filter (`<category>_tag_id[]`), the games are read from the tag-to-listings table, which keeps the archived listings: an archived game carrying the tag (and matching the other filters) is listed and counted in `meta.total`; without a tag filter the archived games are excluded.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-online-recently-keeps-web-only',
    rule: '§4 GET /games: "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours"; rule 3: "(websites are not connection-tested)".',
    description:
      '`online_recently=1` (with `connection_type` absent or `all`) also keeps every web-only game, as the filter is written `web_only OR last_successful_connect >= now − 48 h` (a website counted as always reachable): the 25 active web-only games here are listed and counted although none was ever reached.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind10-has-reviews-zero-inverts',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      '`has_reviews` is read as a boolean both ways: `has_reviews=0` is answered 200 with the games without any review (the filter inverted) instead of 422 `invalid_filter`; `has_reviews=1` is right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games/{gameId} and §2 game detail.
  {
    name: 'blind10-admin-disabled-detail-404',
    rule: '§4 GET /games/{gameId}: "Archived listings are returned (with the archived representation)."; §2 status: "`admin_disabled` is also documented for an administrator restriction".',
    description:
      'The detail lookup skips the listings an administrator disabled (as a moderation filter would), so GET /games/{id} of a game archived with `admin_disabled` answers 404 `game_not_found`; games archived for `non_connectivity` are returned.',
    where: 'operations.ts',
    hint: 'an archived game id (archived by an administrator)',
  },
  {
    name: 'blind10-detail-mssp-link-omitted-without-snapshot',
    rule: '§2 urls: "mssp | uri string | optional in summary, required in detail"; §4 GET /games/{gameId}/mssp: "If the game exists but has no snapshot: `data` null, `meta.status` `mssp_not_available`."',
    description:
      'The game detail writes `urls.mssp` only when the game has an MSSP snapshot (`status.mssp_collected_at` set), so the detail of a game without one (never crawled, or web-only) has no `urls.mssp` key.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind10-reviews-per-page-50-default',
    rule: '§4 GET /reviews: "`per_page` | integer 1..50 | 20"; §8: "per_page | 1..50, default 20".',
    description:
      'GET /reviews validates `per_page` as 1 ≤ n < 50 and falls back to the default for anything else, so `per_page=50` serves 20 reviews a page with `meta.per_page` 20 (49 is right).',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind10-mssp-no-snapshot-status-available',
    rule: '§3: "`meta.status` is `available` when a snapshot exists, `mssp_not_available` (with `data` null) when the game exists but has no snapshot."',
    description:
      "The MSSP `meta.status` is computed from the game's existence (it was found, so `available`), so a game without a snapshot is answered `data` null with `meta.status` `available` instead of `mssp_not_available`.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind10-raw-from-midnight-excluded',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | … | Inclusive UTC start".',
    description:
      'The raw samples are selected with `recorded_at > from` (a strict comparison with `from` 00:00:00Z), so the sample taken exactly at midnight of `from` is missing (`granularity=raw` only; the daily values are right).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind10-raw-default-range-one-day',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range)"; §8: "Default player-history range | 30 days (`from` = 29 days before `to`)".',
    description:
      "With `granularity=raw` and no `from`, the range is one day (`from` = `to`, a default chosen for the many raw samples), so `meta.from` equals `meta.to` and only that day's samples are served; the daily default is right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind10-players-reversed-dates-swapped',
    rule: '§4 GET /games/{gameId}/players: "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'A `from` later than `to` is "helpfully" swapped before the range is read, so the request is answered 200 with the history of the swapped range (and `meta.from`/`meta.to` swapped back into order) instead of 422 `invalid_date_range`.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind10-stats-minimum-initialised-zero',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "Each bucket's accumulator starts at `{count: 0, sum: 0, min: 0, max: 0}` and folds the values in with `Math.min`/`Math.max`, so every point's minimum is 0 whatever its values (the maximum and average are right).",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind10-activity-weekday-utc',
    rule: '§4 Statistics 2: activity pattern "takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells".',
    description:
      "With a time zone, a sample's hour is read in that zone but its weekday in UTC (`getUTCDay()` beside the zone's hour), so a sample whose local date differs from its UTC date (Tokyo's 00:00–08:59) is counted on the previous or next weekday; with UTC it is right.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind10-activity-range-error-code',
    rule: '§4 Statistics 3: "Invalid queries return 422 `invalid_statistics_query`."; §7: "`invalid_statistics_query` | 422 | Metric, resolution, date range or timezone invalid".',
    description:
      "The activity pattern's 90-day limit is checked by the date-range validator of the player history, with its code: a range of more than 90 days is answered 422 `invalid_date_range` instead of `invalid_statistics_query` (malformed dates and zones get the right code).",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 authentication.
  {
    name: 'blind10-missing-key-no-challenge',
    rule: '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'The request without an Authorization header is answered 401 `authentication_required` from an early return that sets no `WWW-Authenticate` header; the bad-key 401s carry the challenge.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind10-realm-unquoted',
    rule: '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'The challenge is built by a template without the quotes, `Bearer realm=<service_name> API`, on every 401: the realm value is not a quoted string (and the token stops at the space).',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §7 headers.
  {
    name: 'blind10-request-id-header-only-on-200',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      "X-Request-ID is added by a hook that runs for successful answers only, so the 404, 405, 422 and 429 answers of an authenticated request carry no X-Request-ID header (the body's `request_id` and the rate-limit headers are there).",
    where: 'middleware/rate-limit.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault10Name = (typeof BLIND_FAULTS_10)[number]['name'];

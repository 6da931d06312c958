/**
 * Blind fault set 17: a seventeenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–15 (set-1.ts … set-15.ts). Its theme is interactions:
 * most of its bugs show only when two things combine (a filter with paging or a sort, `q` with a
 * tag filter or a game's state, a time zone with a date range, a resolution with a range edge, an
 * error path with a header rule, a parameter's position with the links, a game's state with an
 * endpoint other than the obvious one, a range of exactly the maximum length …), the kind unit
 * tests of single features miss. Like the earlier sets, it measures how well the suite catches
 * bugs nobody has shown it, so its entries deliberately have no killing check of their own (see
 * README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind17-…'] })`, `--faults blind17-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_17 = [
  // §4 GET /games — filters, search and sorts combined with each other and with paging.
  {
    name: 'blind17-online-recently-filtered-after-paging',
    rule: '§4 GET /games rule 2: "the search terms and all filters combine with AND"; §4: "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours"; §2 PaginationMeta: "`per_page` integer 1..50".',
    description:
      "With `online_recently=1`, the page is cut (LIMIT/OFFSET) from the games matching the other conditions and the 48-hour condition is applied afterwards to that page's rows in the application, so a page holds fewer games than `per_page` (only those of the unfiltered page reached recently; `/games?online_recently=1&per_page=50` answers fewer than 50 of the 214 games) and later pages serve games that belong on earlier ones, while `meta.total` and the links count the filtered games; without `online_recently`, and with it when every game of the unfiltered page was reached, paging is right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-q-skips-web-only',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description"; §4: "`connection_type` | string | all | `all` (no filter)".',
    description:
      'A search (`q`) is answered from a search index filled by the crawler, which holds only the games it connects to, so with `q` the web-only games are never found — missing from `data` and `meta.total` whatever their name, intro or description hold (also with `connection_type=web_only`, which then lists none); without `q` they are listed.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-tag-filter-first-category-only',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND".',
    description:
      "The loop building the tag conditions returns from its first iteration (a `return` inside the `for` over the categories), so when ids of two or more categories are sent only the first category, in the parameter table's order (game size, roleplaying status, codebase, play count, location, theme, type, language, player killing), filters: `codebase_tag_id[]=<c>&theme_tag_id[]=<t>` lists every game of codebase c whatever its theme (data and `meta.total`); one category, with one id or several, is right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-oldest-reverses-newest-page',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`."',
    description:
      '`sort=oldest` is served by the `newest` query with the rows of the page reversed (`ORDER BY listed DESC LIMIT/OFFSET`, then `.reverse()`), so each page holds the games of the same page of `newest`, oldest first: page 1 of `oldest` is the most recently listed games instead of the oldest listings, and the last page holds the oldest ones; when every game fits on one page the games are the right ones in the right order (ties aside).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-web-only-any-flag-refused',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1`, or combined with `sort=recently_online`, returns 422 `invalid_filter`"; rule 2: "the search terms and all filters combine with AND".',
    description:
      "The combination rule refusing `connection_type=web_only` with `online_recently=1` tests whether any of the three flags is set (`has_reviews || recently_updated || online_recently`, the flags' shared guard copied), so `connection_type=web_only` together with `has_reviews=1` or `recently_updated=1` is refused with 422 `invalid_filter` instead of listing the web-only games that match; each flag alone, with `connection_type=all` or `mud_client`, and web_only alone are right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-q-tag-filter-first-100-hits',
    rule: '§4 GET /games rule 2: "the search terms and all filters combine with AND"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      'When `q` and a tag filter are both sent, the search backend is asked for its hits with its default size (the first 100, in listing-id order) and the tag filter is applied to those hits afterwards (a post-filter), so for a search matching more than 100 games the games past the 100th hit that carry the tag are missing from `data` and `meta.total`; `q` alone, a tag filter alone, other filters with `q`, and searches of up to 100 hits are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind17-web-only-unknown-sort-refused',
    rule: '§4 GET /games: "`sort` … An unknown value falls back to `last_updated` (no error)".',
    description:
      'The web_only combination check compares `sort` with the list of sorts a web-only listing can take and refuses whatever is not on it, so with `connection_type=web_only` an unknown `sort` value (`sort=rating`) is refused with 422 `invalid_filter` instead of falling back to `last_updated`; an unknown sort without `web_only` falls back, and `web_only` with the known sorts is right (`recently_online` refused, as it should be).',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §1.5, §2 Collection envelope — links and totals past the first page.
  {
    name: 'blind17-links-page-replaced-inside-per-page',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The links set the page by replacing the first match of an unanchored `page=\\d+` in the request's (re-serialised) query (appending `&page=<n>` when there is none), and that first match is inside `per_page=<n>` when `per_page` comes before `page` (or there is no `page`): for `?per_page=5&page=2`, `next` is `?per_page=3&page=2`, `previous` `?per_page=1&page=2` and `self` `?per_page=2&page=2`, so they change the page size and keep the page (games and reviews); with `page` before `per_page`, or without `per_page`, the links are right.",
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind17-total-counted-from-offset',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      '`meta.total` is read from a `COUNT(*) OVER ()` evaluated over the query with its OFFSET already applied (the window in an outer query over the subquery that skips the earlier pages), so on page n > 1 it is the number of matching items from that page on, `total − (n − 1) × per_page` (0 at least), instead of all of them; page 1 (and a request without `page`) is right, and the links still follow the true total (games and reviews).',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 Game resources — a game's state together with a field of another part.
  {
    name: 'blind17-mssp-collected-at-falls-back-to-crawl',
    rule: '§1.4: "A field is `null` when no value exists for it."; §3: "`mssp_not_available` (with `data` null) when the game exists but has no snapshot".',
    description:
      '`status.mssp_collected_at` is selected as `COALESCE(mssp_collected_at, last_crawled)`, so a MUD-client game that is crawled but has never delivered an MSSP snapshot (the games never reached, 15 active ones here) shows its last crawl time as `mssp_collected_at` (list and detail) while GET /games/{id}/mssp answers it `mssp_not_available` with `data` null; games with a snapshot, and web-only games, are right.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players — defaults, range edges and a game's state.
  {
    name: 'blind17-span-measured-to-now-without-to',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days".',
    description:
      "When `to` is omitted it defaults to the current instant (`new Date()`) rather than today's date, and the span is computed from it in fractional days (`(to − from) / 1 day + 1`), so a range of exactly the maximum that ends today with `to` omitted (`from=<364 days ago>`, or `granularity=raw&from=<89 days ago>`) measures more than the maximum and is refused with 422 `invalid_date_range` (at any time of the day after 00:00:00Z); with an explicit `to`, and with shorter ranges, it is right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind17-players-never-reached-404',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history."; "Errors: 401, 404, 405, 422, 429, 500"; §7: "`game_not_found` | 404 | Game does not exist".',
    description:
      'The handler loads the game\'s stored MSSP history first and reads "no history at all" as an unknown game, so the player history of a game that exists but was never reached (no sample ever stored: the active MUD-client games never reached, and the web-only games) is answered 404 `game_not_found` for any range and granularity instead of 200 with an empty `data`; games with samples are right, also for ranges holding none.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind17-archived-players-default-to-last-crawl',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date"; "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range)"; "Available for archived and web-only games."',
    description:
      "Without `to`, an archived game's history ends on the day of its last crawl (where its samples stop) instead of the current UTC date, and `from` defaults to 29 days before that day: `meta.to` is that past date and the 30 days before it are served; active games, and archived ones with an explicit `to`, are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints — a zone or a resolution together with the range.
  {
    name: 'blind17-activity-zone-skips-range-limit',
    rule: '§4 Statistics 2: "`GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC)"; 3: "Invalid queries return 422 `invalid_statistics_query`".',
    description:
      'With a time zone other than UTC, the range is converted to the zone by a branch that builds its own range without the 90-day check, so `timezone=Asia/Tokyo` (any zone but UTC) with a range of more than 90 days is answered (200, or 503 where a long range is still prepared) instead of 422 `invalid_statistics_query`; without a time zone, or with `UTC`, the limit holds.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind17-explicit-utc-zone-refused',
    rule: '§4 Statistics 2: "takes the same dates, at most 90 days, and an IANA timezone (default UTC)".',
    description:
      "An explicit time zone is validated against `Intl.supportedValuesOf('timeZone')` alone, which does not list `UTC`, so `timezone=UTC` (and its aliases such as `Etc/UTC`) is refused with 422 `invalid_statistics_query` although it is the default the endpoint applies when the parameter is absent; no time zone, and the listed zones (`Europe/Berlin`, `Asia/Tokyo` …), are right.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind17-stats-clipped-bucket-reads-whole-period',
    rule: '§4 Statistics 1: "takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days) … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "Weekly and monthly points are read for whole natural periods, so the first point of a range that starts inside a week or month (keyed by the period's natural start) aggregates the observations of the whole period, those before `from` included: `resolution=weekly&from=<a Thursday>` gives a first point counting the Monday–Wednesday before `from` as well (count, average, minimum and maximum); ranges starting on a period's first day, and the other resolutions, are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  // §4 Methods, §7 rate limits and headers — an error path or a parameter together with a header rule.
  {
    name: 'blind17-json-body-parsed-before-method-check',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      'A JSON body parser (`express.json()`) is mounted ahead of the method check, so a request of another method that carries `Content-Type: application/json` and a body that is not valid JSON fails in the parser and is answered 500 `internal_error` (the error handler) instead of 405 with `Allow: GET`; other methods without a body, or with valid JSON, get the 405.',
    where: 'app.ts',
    hint: 'a request with another method than GET (e.g. POST) carrying `Content-Type: application/json` and a malformed body',
  },
  {
    name: 'blind17-raw-history-costs-two',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; §7: "`X-RateLimit-Remaining` | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      'The raw player history is treated as an expensive query and charged two requests (a weighted cost) against the minute and the day budgets, so `granularity=raw` makes X-RateLimit-Remaining fall by two, and a key with one request left in its minute or day is refused 429 on it; daily histories and the other endpoints cost one.',
    where: 'middleware/rate-limit.ts',
    hint: 'a `granularity=raw` player-history request, reading X-RateLimit-Remaining before and after',
  },
  {
    name: 'blind17-minute-window-keyed-by-minute-of-hour',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`".',
    description:
      "The minute counter is identified by the minute of the hour alone (`getUTCMinutes()` in the counter's key), so when a key's next request comes in the same minute of a later hour, with no request in between (exactly n hours later), the old minute's count is carried over: a 5/min key that spent its minute at 12:00 is refused 429 at 13:00, and one that made fewer requests then has them counted again in X-RateLimit-Remaining; a request in any other minute starts a fresh count.",
    where: 'rate-limiter.ts',
    hint: 'a key with a small minute budget, spent, then a request exactly a whole number of hours later with none in between',
  },
  {
    name: 'blind17-day-refusal-remaining-minute',
    rule: '§7: "`X-RateLimit-Remaining` | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      "When a request is refused because the UTC-day budget is spent while the minute still has room, X-RateLimit-Remaining on the 429 is the minute window's remaining requests (7 for a 10/min, 3/day key after its three requests) instead of 0; admitted requests, and refusals of a spent minute, are right.",
    where: 'rate-limiter.ts',
    hint: 'a key whose day budget binds (e.g. 10/min, 3/day), spent',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault17Name = (typeof BLIND_FAULTS_17)[number]['name'];

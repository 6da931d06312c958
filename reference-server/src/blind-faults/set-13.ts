/**
 * Blind fault set 13: a thirteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–12 (set-1.ts … set-12.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind13-…'] })`, `--faults blind13-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_13 = [
  // §4 GET /games — search, filters and paging.
  {
    name: 'blind13-q-term-lowercased-text-not',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The search lower-cases the terms of `q` but compares them with the game's name, intro and description as stored (case-sensitively), so a word that occurs only capitalised (a name's `Duskwood`, a sentence's first word) is never found, even when `q` spells it exactly as the game does; all-lower-case occurrences are found.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind13-tag-filter-ignores-category',
    rule: '§4 GET /games: "`codebase_tag_id[]` | same | none | codebase tag IDs" (and the other eight tag parameters); rule 2: "Values within one tag category combine with OR; different categories combine with AND".',
    description:
      "Each tag parameter is matched against all of a game's tags (one tag join table, without the category condition), so an id sent under another category's parameter still selects the games carrying it: `codebase_tag_id[]=<the Fantasy theme id>` lists the fantasy games instead of none; ids sent under their own category are right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind13-page-past-last-serves-last-page',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; §1.5: "`next` or `previous` is present only when such a page exists."',
    description:
      'A page past the last one is clamped to the last page when the games are read (the offset capped at the last full window), so `page=<last + 1>` serves the games of the last page again (with `meta.page` and the links of the page asked for) instead of no games.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §2 Link values.
  {
    name: 'blind13-links-drop-port',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The collections' links are built from the host name without the port (Express's `req.hostname`), so on a server not on its scheme's default port `self`, `next` and `previous` of GET /games and GET /reviews name another address (`http://127.0.0.1/api/v1/games?page=2` for a server on port 8080); the games' own `urls` are right.",
    where: 'deviations/paging.ts',
    hint: 'a server on a port other than 80/443',
  },
  // §2 game resources — fields and states.
  {
    name: 'blind13-last-connect-is-last-crawl',
    rule: '§2 status: "`last_successful_connect` | NullableTimestamp" beside "`last_crawled` | NullableTimestamp"; §4 GET /games/{gameId}/players: samples "derived from the stored MSSP history".',
    description:
      "`status.last_successful_connect` is read from the crawl log's last row whether or not that crawl reached the game, so it equals `status.last_crawled`: a game in an outage, or no longer answering, shows a successful connect later than its last raw player sample (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind13-detail-web-only-flag-false',
    rule: '§2 rule 2: "Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null".',
    description:
      "The detail query does not select the web-only column, so GET /games/{id} of a web-only game has `status.web_only` false (its connection values null and `urls.play` its website as they should be); the list's summaries are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §2 MSSP snapshot.
  {
    name: 'blind13-mssp-uptime-as-timestamp',
    rule: '§2 MSSP snapshot: "`values` | … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      "The normalizer treats the MSSP `UPTIME` variable (the game's start, in Unix seconds) as a time and writes it as a timestamp string (`values.uptime` `2026-09-11T14:28:17Z`) like the API's other times, instead of the number; the other numeric variables are numbers.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind13-daily-average-two-decimals',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; §2 Player sample: "`players: integer >= 0`".',
    description:
      "A daily value is the day's mean rounded to two decimals (the statistics endpoints' rounding, shared), so most days report a fraction (`players: 12.35`) instead of an integer; raw samples are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind13-players-month-length-of-previous-month',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | … Inclusive UTC start"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      "A date's day is checked against the length of the month before it (`new Date(Date.UTC(y, m − 1, 0)).getUTCDate()` with a one-based month), so real dates are refused with 422 `invalid_date_range` — `2026-10-31`, `2026-12-31`, `2026-03-29`…`31` — while `2026-11-31` passes (as 1 December).",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind13-raw-repeated-counts-collapsed',
    rule: '§4 GET /games/{gameId}/players: "`raw` = individual crawler samples".',
    description:
      "The raw history is read from a change log that stores a crawl's count only when it differs from the previous crawl's, so consecutive samples with the same player count are missing (`granularity=raw` only): a steady evening shows one sample where the crawler took several, and the raw samples of a day no longer average to its daily value.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind13-stats-average-is-midrange',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "A point's average is the midpoint of its minimum and maximum (`(min + max) / 2`, from the pre-aggregated extremes) instead of the mean of its observations, so a bucket whose values are skewed reports an average other than their mean (and other than the player history's daily value); count, minimum and maximum are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind13-activity-empty-cells-omitted',
    rule: '§4 Statistics 2: "Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      'The cells come from a GROUP BY over the samples without a weekday × hour calendar to join, so the cells without any observation are left out instead of listed with count 0: a one-day range answers 24 cells, a game never crawled none.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind13-reviews-web-only-games-excluded',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection."',
    description:
      "The collection joins the reviews to the games' connection details with an inner join, so the reviews of web-only games (active, not archived) are missing from `data` and `meta.total`, with or without `game_id` (19 reviews here); GET /reviews/{id} still serves them.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind13-reviews-offset-one-based',
    rule: '§4 GET /reviews: "`page` | integer >= 1 | 1" (one-based pages, as GET /games); "Public reviews, newest first."',
    description:
      "The page's offset is computed from the one-based row number (`(page − 1) × per_page + 1`), so every page starts one review late: the newest review is never listed, and each page begins with the review that should be its second (the last page may hold one review fewer); `meta` is right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind13-tags-query-refused',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy. Errors: 401, 405, 429, 500."',
    description:
      'A request validator set to refuse parameters an operation does not define answers GET /tags with any query string (`/tags?lang=en`, a cache-busting `?_=1`) 422 `invalid_filter` instead of the taxonomy; GET /tags without a query is right.',
    where: 'operations.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind13-malformed-authorization-400',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'An Authorization header that is not `Bearer <token>` (another scheme, `Bearer` alone, a token with a space) is answered 400 Bad Request (as RFC 6750 has `invalid_request`), with the `invalid_api_key` body and the challenge, instead of 401; well-formed unknown and revoked keys get the 401.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  {
    name: 'blind13-cached-answer-served-without-key',
    rule: '§1.3: "Every endpoint requires an API key (see Authentication)."; §5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'A response cache is mounted ahead of authentication: within the clock second after a GET was answered 200, the same URL is answered with that body to any request, without a key or with an invalid or revoked one (200 instead of 401; keyed repeats get it without rate-limit accounting); a URL not answered within the second is refused as it should be.',
    where: 'app.ts',
    hint: 'the same URL asked with a key, then without one, within a second',
  },
  // §4, §7 Errors.
  {
    name: 'blind13-format-suffix-routes',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      'The router accepts a format suffix on every route (as frameworks with format-suffix patterns do), so `/api/v1/tags.json`, `/api/v1/games.json` or `/api/v1/games/5.json` are answered 200 like their paths without `.json` instead of 404 `route_not_found`.',
    where: 'routes.ts',
    hint: '',
  },
  // §7, §8 Rate limits and headers.
  {
    name: 'blind13-429-without-rate-limit-headers',
    rule: '§7: "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      'A refused request is answered by the limiter before it writes its headers, so a 429 carries Retry-After and X-Request-ID but no X-RateLimit-Limit, X-RateLimit-Remaining or X-RateLimit-Reset; admitted requests and the other errors have them.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small minute or day limit (to be refused)',
  },
  {
    name: 'blind13-minute-limit-default-for-every-key',
    rule: '§7: "X-RateLimit-Limit | Integer; configured per-minute request limit"; §8: "Requests per minute per key (default for new keys) | 60".',
    description:
      "The minute limiter is configured once with the default for new keys (60) instead of each key's own limit, so every key is admitted 60 requests a minute and shows `X-RateLimit-Limit: 60` (a 5/min key is not refused on its sixth request; a key allowed more is refused on its 61st); the UTC-day limits are the keys' own.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose minute limit is not 60',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault13Name = (typeof BLIND_FAULTS_13)[number]['name'];

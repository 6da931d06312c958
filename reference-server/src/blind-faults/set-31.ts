/**
 * Blind fault set 31: a thirty-first set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–30 (set-1.ts … set-30.ts). Its theme is state that leaks between requests: each
 * fault is request-scoped state kept somewhere longer-lived — a links map never cleared, a defaults
 * object written into, a filter list a refused request leaves behind, a controller field overwritten
 * across an await, a Retry-After memoised per minute for every key, a module-level request id, a
 * taxonomy variable overwritten by a filter's partial load, an MSSP `meta` template mutated, a cached
 * sample array reversed in place, a statistics memo without `to`, an activity template's cells shared,
 * a key refusal cached under the key's id, a review cache spliced by its pages, review records whose
 * body a list deletes, a minute record cached on the connection, a rate-limit plan read from the last
 * key loaded. Each shows only in some sequence of requests (two of them only under concurrent
 * requests): a server's first request, and every request no earlier one has left state for, are
 * answered right.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind31-…'] })`, `--faults blind31-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes, and the state it keeps per started
 * server, is in `blind-faults/set-31-leaks.ts`); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_31 = [
  // GET /games.
  {
    name: 'blind31-games-link-params-never-cleared',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The links of GET /games are built from one per-process map of parameters (allocated once as a hot-path saving) that the handler `set`s for each parameter the request sends and never clears, so a parameter an earlier request sent and this one does not stays in this answer's links: after `/games?q=dragon&per_page=1`, `/games?per_page=2` has `links.self` (and `next`) `…/games?q=dragon&per_page=2&page=1`, a link to the dragon search, though `data` and `meta` are the unfiltered list's; a server's first request, and requests sending every parameter an earlier one sent, are right.",
    where: 'operations.ts',
    hint: 'a GET /games without a parameter (`q`) an earlier GET /games sent, and its links',
  },
  {
    name: 'blind31-games-enum-defaults-mutated',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. …"; "`connection_type` | string | all | `all` (no filter), …".',
    description:
      "The handler merges the request's `sort` and `connection_type` into its defaults with `Object.assign(DEFAULTS, picked)` instead of `Object.assign({}, DEFAULTS, picked)`, so the module's defaults object keeps the last value each was sent with: after `/games?sort=oldest`, `/games` (no `sort`) lists the oldest listings first instead of the last updated; after `connection_type=web_only`, every request without `connection_type` lists the web-only games only (and `online_recently=1` is refused 422 `invalid_filter`); after an invalid `connection_type=x` (422), every request without it is refused 422 too; requests naming both parameters, and a server's requests before any names one, are right.",
    where: 'operations.ts',
    hint: 'a GET /games without `sort` after one with `sort=oldest`',
  },
  {
    name: 'blind31-games-flags-left-by-refused-request',
    rule: '§4 GET /games: "Lists active games. …" with "`has_reviews` | integer, only value 1 | none | 1 requires at least one review" (no review required without it); "Other invalid filter values also yield 422 `invalid_filter`" (a refused request filters nothing).',
    description:
      'The flag filters are pushed onto a per-process filter list as the parameters are validated (`has_reviews`, then `recently_updated`, then the rest) and the list is emptied after the search has run; a request refused 422 for a later parameter (`has_reviews=1&connection_type=web_only&online_recently=1`, or an invalid tag id) returns before the search, so the flags it pushed stay on the list and filter the next GET /games: after that refusal, `/games` counts and lists only the 170 reviewed games of the 275 active ones (its links without the flag), and is right again from the request after; sequences without a refused request carrying a flag are right.',
    where: 'operations.ts',
    hint: 'a GET /games right after a 422 of a request holding `has_reviews=1` (`has_reviews=1&connection_type=web_only&online_recently=1`)',
  },
  // Game detail.
  {
    name: 'blind31-detail-controller-field-overwritten',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1 (listing ID). Response 200: `{data: game detail}`." (the detail of the game named by the path).',
    description:
      "The detail handler is a method of a controller singleton that stores the game it answers in a field (`this.game = game`), awaits the watcher count (a second query, about 40 ms), then builds the answer from `this.game`, so when another detail request arrives during the wait, the first is answered with the second's game: `GET /games/A` and `GET /games/B` sent together are both answered with B's detail (`data.id` B); details requested one at a time are right.",
    where: 'operations.ts',
    hint: 'two game details requested concurrently',
  },
  // MSSP.
  {
    name: 'blind31-mssp-meta-template-mutated',
    rule: '§3: "State of an MSSP lookup: `meta.status` is `available` when a snapshot exists, `mssp_not_available` (with `data` null) when the game exists but has no snapshot."',
    description:
      "The MSSP handler answers `{data, meta: Object.assign(META, {game_id})}` with a module-level `META = {status: 'available'}` whose `status` the no-snapshot branch sets to `mssp_not_available` and nothing sets back, so once one game without a snapshot was asked (35 games here, e.g. game 1), every later MSSP answer says `meta.status` `mssp_not_available`, also with its snapshot in `data`; a server's answers before the first game without a snapshot are right.",
    where: 'operations.ts',
    hint: 'the MSSP snapshot of a game that has one, after that of a game without one',
  },
  // Player history, statistics, activity pattern.
  {
    name: 'blind31-raw-samples-reversed-in-place',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history."; "`raw` = individual crawler samples".',
    description:
      "A game's raw samples are kept in a per-game cached array that both granularities read, and the daily path walks each day back from its newest sample with `samples.reverse()` on that array instead of a copy, so after a daily history of a game, its raw history (a slice of the array) comes newest first (recorded_at descending), until the next daily history of that game turns the array back; daily histories, and raw histories of a game whose daily history was asked an even number of times, are right.",
    where: 'operations.ts',
    hint: "a raw player history of a game after that game's daily history",
  },
  {
    name: 'blind31-stats-memo-ignores-to',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days), …".',
    description:
      'The statistics answers are memoised for the life of the process under the game and the query without `to` (the key written when the series always ran to today), so once a range was answered, a request that differs from it only in `to` is answered with it: after `from=<D−10>&to=<D−5>`, `from=<D−10>&to=<D−1>` answers the six daily points to D−5 with `meta.to` D−5 (and a request without `to` after one with it, or the reverse, likewise); the first request of each game and query is right.',
    where: 'operations.ts',
    hint: 'two statistics requests of one game differing only in `to`',
  },
  {
    name: 'blind31-activity-cells-template-shared',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells with counts and sample averages; …".',
    description:
      "Each pattern's cells are a shallow copy of a module-level template (`EMPTY_WEEK.slice()`, a new array holding the template's own cell objects), so the counts and sums of every pattern answered are added into the template's cells and each answer reports everything counted since the server started: the first pattern is right, the same request asked again reports every count doubled (a ten-day range's cells summing to 960 observations instead of 480, cells of two observations reported with four and an average instead of null), and a pattern of another game or range carries the earlier ones' observations; a server's first pattern is right.",
    where: 'operations.ts',
    hint: 'an activity pattern asked a second time (or after another one)',
  },
  // Reviews.
  {
    name: 'blind31-reviews-game-rows-spliced',
    rule: '§4 GET /reviews: "Public reviews, newest first." with "`game_id` | integer >= 1 | none (limits results to one active game)"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "With `game_id`, the game's listed reviews are loaded once into a per-process cache (newest first) and each page is cut from it with `rows.splice(offset, perPage)` (meant `slice`) after `total` was read as `rows.length`: the page's reviews leave the cached array, so each later request for that game counts and lists only what earlier pages left: `/reviews?game_id=261&per_page=1` answers review 222 with `meta.total` 6, asked again it answers the next review with `meta.total` 5, and so on down to an empty collection; the first request of each game, and GET /reviews without `game_id`, are right.",
    where: 'operations.ts',
    hint: "one game's reviews (`game_id`) asked twice",
  },
  {
    name: 'blind31-review-body-deleted-by-list',
    rule: '§2 Review summary and detail: "All fields are required. Review detail adds `body` (string, required): UTF-8 Markdown; …".',
    description:
      'The collection makes its summaries with `delete review.body` on the records of the per-process review cache that the detail reads too, so once GET /reviews has listed a review, GET /reviews/{reviewId} of it is answered 200 without `body`; reviews not listed since the server started (and every review before its first GET /reviews) keep their body.',
    where: 'operations.ts',
    hint: 'the detail of a review that a GET /reviews listed before',
  },
  // GET /tags.
  {
    name: 'blind31-tags-taxonomy-overwritten-by-filter',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."',
    description:
      "The taxonomy is kept in a module-level variable that GET /tags fills on first use (`taxonomy ??= await loadTaxonomy()`) and serves, and GET /games' tag-id validator assigns its own load to the same variable (`taxonomy = await loadTaxonomy(categories)`), a load of only the groups of the categories the request filters on, so after a GET /games with a tag filter (`theme_tag_id[]=…`), GET /tags lists only that request's groups (1 of the 9 here, `Theme`) instead of the whole taxonomy, until the next tag-filtered GET /games replaces them; GET /tags before any tag filter was sent is right.",
    where: 'operations.ts',
    hint: 'GET /tags after a GET /games with a tag filter',
  },
  // Authentication.
  {
    name: 'blind31-key-refusal-cached-by-prefix',
    rule: '§5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."; "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`." (a valid key is served).',
    description:
      "Keys are looked up by their first 12 characters (the key's id) and checked by hash, and a failed check is cached under the id for a minute (a brute-force guard), so after a wrong token sharing the first 12 characters of a valid key was refused (the key with its last character changed, a revoked key's sibling), the valid key itself is refused 401 `invalid_api_key` for the next 60 seconds; keys used without a near miss, and any key a minute after it, are right.",
    where: 'middleware/authenticate.ts',
    hint: 'a valid key sent right after a wrong token with the same first 12 characters',
  },
  // Rate limits and headers.
  {
    name: 'blind31-retry-after-memoised-per-minute',
    rule: '§8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."; §7: "Retry-After | Integer seconds until retry; on 429".',
    description:
      "The refusal path memoises the Retry-After it computes for the clock minute (under a flood every refusal recomputed the same wait), keyed by the minute alone, so every 429 of the minute, of any key and either limit, repeats the first one's wait: after a day-limited key was refused at 12:00Z (Retry-After 43200, to midnight), a key refused by its minute limit in that minute is told 43200 instead of at most 60, and after a minute refusal a key whose day is spent is told to retry within the minute; the first refusal of each minute is right.",
    where: 'middleware/rate-limit.ts',
    hint: "a minute-limit refusal after another key's day-limit refusal in the same minute (the low-limit and day-limited keys)",
  },
  {
    name: 'blind31-minute-count-cached-on-connection',
    rule: '§8: "Requests per minute per key … 60"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`." (after the wait, the next minute\'s budget is there).',
    description:
      "The key's minute record is loaded from the store at the key's first request on a connection and kept on the socket, counted in place, and the window is rolled over only when a record is loaded, so on a kept-alive connection the record keeps its first minute: once the requests counted on it reach the minute limit, every later request of the key on that connection is refused 429 (X-RateLimit-Reset in the past, Retry-After 1), however many minutes have passed: a 5/min key that spent its minute and waited Retry-After is refused again on the same connection; on a fresh connection, and within the first minute, it is right.",
    where: 'middleware/rate-limit.ts',
    hint: 'the low-limit key (5/min) spending its minute on one kept-alive connection, then a request on it in the next minute',
  },
  {
    name: 'blind31-limit-header-from-last-loaded-plan',
    rule: '§7 Response headers: "X-RateLimit-Limit | Integer; configured per-minute request limit" (of the key the request is counted against).',
    description:
      "The header writer reads X-RateLimit-Limit from the limiter's `plan` field, which holds the plan it loaded last, and a key's plan is loaded at the key's first request of the process (its counters kept in memory after that), so once another key has made its first request, a key's answers carry that key's per-minute limit: the low-limit key (5/min) asked after a high-limit key's first request is answered `X-RateLimit-Limit: 1000000` (Remaining still counting its 5); a key whose first request came last is right, and the budgets themselves are enforced right.",
    where: 'middleware/rate-limit.ts',
    hint: "a request of one key after another key's first request (the low-limit and a high-limit key)",
  },
  {
    name: 'blind31-request-id-module-variable',
    rule: '§7 Response headers: "X-Request-ID | String identifying an authenticated request"; §2 Error response: "`request_id` is a string for troubleshooting" (one per request).',
    description:
      "The request id is kept in a module-level variable (`currentRequestId`, the request context written before AsyncLocalStorage) that the request-id middleware sets and the header writer and error envelope read, after authentication has awaited the key store (about 20 ms), so when requests overlap, the earlier one reads the id the later one set: two requests sent together are both answered with the second's X-Request-ID (and error `request_id`: a 404 sent beside a 200 carries the 200's id or the reverse), so one of them has no id of its own; requests sent one at a time each get their own.",
    where: 'app.ts',
    hint: 'two requests sent concurrently, and their X-Request-ID',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault31Name = (typeof BLIND_FAULTS_31)[number]['name'];

/**
 * Blind fault set 14: a fourteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–13 (set-1.ts … set-13.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind14-…'] })`, `--faults blind14-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_14 = [
  // §4 GET /games — search, filters and paging.
  {
    name: 'blind14-has-reviews-join-duplicates',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      'With `has_reviews=1`, the games are joined to their reviews (an inner join without DISTINCT), so a game with several reviews is listed once per review: its summary repeats in `data` (on one page or across pages) and `meta.total` counts the joined rows (the number of reviews of active games, not the games that have one); without the flag each game is listed once.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind14-q-hits-counted-not-terms',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "A game matches a search of several terms when its number of hits — one for each field (name, intro, description) a term occurs in — reaches the number of terms (a relevance threshold), so one term found in two fields makes up for a term found nowhere: `q=<word of a game's name and intro> <word in no game>` lists that game instead of none; a single term is right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind14-explicit-page-zero-based',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based".',
    description:
      "An explicit `page` is passed to the storage layer's zero-based page index unchanged (offset `page × per_page`), while a request without `page` gets the index's own default 0: `/games?page=1` serves the games of the second page (games 21–40), `page=2` the third, the last page none; `meta.page` and the links echo the page asked for, and the first page is reached only without `page`.",
    where: 'deviations/games.ts',
    hint: '',
  },
  // §1.5, §2 The collection envelope.
  {
    name: 'blind14-links-query-encoded-twice',
    rule: '§2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "The links' query is rebuilt from the request's raw (still percent-encoded) names and values, each passed through `encodeURIComponent` again, so an escape is encoded twice: `q=dragon%20keep` is linked as `q=dragon%2520keep` (a `q` of `dragon%20keep`), a `+` as `%2B` (a plus, not a space), `theme_tag_id%5B%5D` as `theme_tag_id%255B%255D` (another parameter); plain values are kept (games and reviews).",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 Game summary and detail: fields and states.
  {
    name: 'blind14-detail-from-list-cache',
    rule: '§4 GET /games/{gameId}: "Response 200: `{data: game detail}`"; §2 Game detail: "All summary fields, … plus: `description` | string (full description); `watcher_count` | integer >= 0".',
    description:
      'Game representations are cached per game id for a minute by whichever request built them first, and GET /games fills the cache with summaries, so GET /games/{id} of a game listed within the minute before answers its summary: no `description` and no `watcher_count`; a game not listed first gets its detail.',
    where: 'operations.ts',
    hint: 'a GET /games listing the game, then its detail, within a minute',
  },
  {
    name: 'blind14-custom-tags-null-when-none',
    rule: '§2 Game summary: "All fields below are required." … "`tags` | object | `categories`: object mapping a category key to one TagReference; `custom`: array of TagReference".',
    description:
      "The custom tags are aggregated with PostgreSQL's `array_agg`, which gives NULL, not an empty array, over no rows, so a game without custom tags has `tags.custom` null instead of `[]` (list and detail; 82 of the 275 active games here); games with custom tags are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind14-admin-disabled-play-kept',
    rule: '§2 rule 1: "Archived game: `status.archived` is true, `status.archive_reason` is set, `urls.play` is null, `ranking.rank` is null, `status.confirmed_online` is false."',
    description:
      '`urls.play` is nulled by the archiving for non-connectivity (an unreachable game has nothing to play), so a game an administrator archived (`archive_reason` `admin_disabled`) keeps its telnet play address in its detail; games archived for `non_connectivity` have null.',
    where: 'deviations/representation.ts',
    hint: 'an archived game with `archive_reason` `admin_disabled` (ids 57, 103, 157, 190, 379 here)',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind14-mssp-text-values-lowercased',
    rule: '§2 MSSP snapshot: "`values` | object or null; normalized MSSP keys to values; … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      "The crawled MSSP text is lower-cased as a whole before it is split into names and values (to match the names case-insensitively), so every text value is lower-cased too: `values.name` `duskwood mud`, `values.codebase` `merc 2.2`, `values.genre` `fantasy` instead of the game's own spelling; numbers and flags are right.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind14-raw-limit-skipped-without-to',
    rule: '§4 GET /games/{gameId}/players: "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'The raw span is checked in the branch that reads an explicit `to`; when `to` defaults to today only the general (daily) limit of 365 days is applied, so `granularity=raw&from=<100 days ago>` is answered 200 with 100 days of raw samples instead of 422 `invalid_date_range`; with `to` given the 90-day limit holds.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind14-players-meta-range-from-samples',
    rule: '§2 Player sample: "meta: {game_id integer, granularity: \\"daily\\"|\\"raw\\", from: date YYYY-MM-DD, to: date YYYY-MM-DD}"; §4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range) | Inclusive UTC start".',
    description:
      '`meta.from` and `meta.to` are read off the first and last sample served instead of the range asked for (the asked dates only when there is no sample), so for a game crawled only since a date inside the range, or not crawled to its end, `meta` names a shorter range: the default range of a game crawled for 13 days has `meta.from` 13 days ago instead of 29.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind14-stats-min-max-over-whole-range',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "The minimum and maximum come from window functions without a partition by bucket (`MIN(value) OVER ()`), so every point with observations carries the minimum and maximum of the whole range instead of its own bucket's; date, count and average are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind14-activity-count-distinct-days',
    rule: '§4 Statistics 2: "Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      "A cell's count is the number of distinct local dates with samples in it (`COUNT(DISTINCT date)`) instead of its observations, and the three-observation rule is applied to that count: with samples every 30 minutes, each day adds 1 instead of 2, and a range of less than three weeks has every average null; the averages that are given are right.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §4 GET /reviews, GET /reviews/{reviewId}.
  {
    name: 'blind14-review-game-joined-on-review-id',
    rule: '§2 Review summary: "`game` | object: `id` integer, `name` string, `archived` boolean".',
    description:
      "The game of a review is joined on the review's id instead of its game id (`JOIN games ON games.id = reviews.id`), so `game.name` and `game.archived` are those of the game whose id equals the review's (null and false when there is none), while `game.id` and `urls.game` name the right game (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind14-reviews-one-per-game',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection."',
    description:
      "The collection's query is the \"latest review of each game\" widget's (`DISTINCT ON (game_id)`), so only each active game's newest review is listed and counted: `meta.total` is the number of reviewed active games, and `game_id=<a game with several reviews>` lists one review; GET /reviews/{id} still serves the others.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind14-tags-groups-zipped-by-name-order',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §1.2: "list the tag taxonomy (groups and values) whose IDs feed the game filters".',
    description:
      "The groups are read ordered by name and their values grouped by group id, and the two lists are zipped by position, so each group (its id and name, alphabetically) carries another group's values: the group named `Codebase` lists the game-size tags, `Theme` another category's; the groups whose name order matches their id order are right.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §5 Authentication, §4/§7 Methods and errors.
  {
    name: 'blind14-unknown-game-404-before-auth',
    rule: '§1.3: "Every endpoint requires an API key (see Authentication)."; §5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The game of a `/games/{gameId}…` path is loaded by a path-parameter hook that runs ahead of authentication, so a request for a game id that does not exist is answered 404 `game_not_found` without any key (or with an invalid or revoked one) instead of 401; existing games are refused with the 401.',
    where: 'app.ts',
    hint: 'a request without Authorization (or with a bad key) for an unknown game id',
  },
  {
    name: 'blind14-method-override-honoured',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      'A method-override middleware (for HTML forms) reads `X-HTTP-Method-Override` on POST requests, so a POST carrying `X-HTTP-Method-Override: GET` is answered like a GET (200 with the resource) instead of 405; a POST without the header gets the 405.',
    where: 'middleware/method-check.ts',
    hint: 'a POST with the header `X-HTTP-Method-Override: GET`',
  },
  {
    name: 'blind14-accept-not-json-406',
    rule: '§1.1: "Only GET is supported; every response body is UTF-8 JSON."; §7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500 (and 503 and 410 as above)."',
    description:
      "The handlers answer through content negotiation with a JSON branch only (Express's `res.format`), so a request whose `Accept` header does not admit JSON (`Accept: text/html`, `application/xml`) is answered 406 Not Acceptable with a text body instead of the JSON resource; no Accept, `*/*` or `application/json` are right.",
    where: 'app.ts',
    hint: 'a request with `Accept: text/html`',
  },
  // §7, §8 Rate limits and headers.
  {
    name: 'blind14-remaining-min-with-day-limit',
    rule: '§7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      "Remaining is computed as the smaller of the minute's remaining requests and the key's daily limit itself (`min(minuteRemaining, per_day)`, the day's count left out), so a key whose day budget binds shows its whole daily limit: a 10/min, 3/day key's first request shows 3 remaining instead of 2, its third 3 instead of 0; refusals and keys whose minute budget binds are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose day budget binds (e.g. 10/min, 3/day)',
  },
  {
    name: 'blind14-reset-day-only-when-spent',
    rule: '§7: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "The binding limit is taken to be the one that is spent: while the UTC-day budget is smaller than the minute budget but not yet exhausted, X-RateLimit-Reset is the end of the current minute instead of the next UTC midnight (a 10/min, 3/day key's first two requests); once the day is spent (the 429s) it is the midnight.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose day budget binds (e.g. 10/min, 3/day)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault14Name = (typeof BLIND_FAULTS_14)[number]['name'];

/**
 * Blind fault set 15: a fifteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–14 (set-1.ts … set-14.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind15-…'] })`, `--faults blind15-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_15 = [
  // §4 GET /games — search, filters, sorts and paging.
  {
    name: 'blind15-default-order-by-id',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`."',
    description:
      "The ORDER BY clause is only added when a `sort` parameter is sent, so a request without `sort` gets the games in the table's primary-key order (ascending id) instead of the default `last_updated` order; `sort=last_updated` and every other explicit sort are right (filters, `q`, paging and `meta.total` too).",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind15-has-reviews-subquery-review-id',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review".',
    description:
      "The `has_reviews=1` filter is written `games.id IN (SELECT id FROM reviews)` where `SELECT game_id` was meant, so it keeps the active games whose id equals the id of some review (any game, archived ones' reviews included) instead of the games that have a review: with 401 review ids here, games with ids up to 401 pass whether reviewed or not (209 listed instead of 170), and reviewed games are kept only by that coincidence.",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind15-q-last-term-only',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The loop over the terms of `q` assigns the search condition instead of appending to it (`where = …` where `where += …` was meant), so only the last term filters: `q=<word in no game> <word of a game>` lists the games holding the second word instead of none, and `q=<word> <word in no game>` lists none; a single term is right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind15-games-page-cache-ignores-per-page',
    rule: '§4 GET /games: "`per_page` | integer 1..50 | 20"; §2 PaginationMeta: "`per_page` integer 1..50".',
    description:
      'Pages of the games are cached for the clock minute under a key built from the filters, the search, the sort and the page but not the page size, so a request that differs from one answered within the minute only by `per_page` is served that earlier page: after `/games`, `/games?per_page=5` answers 20 games (with `meta.per_page` 5 and its own links), after `/games?per_page=5`, `/games` answers 5; a first request is right.',
    where: 'deviations/games.ts',
    hint: 'two listings differing only in `per_page` within a minute',
  },
  // §1.5, §2 Links and envelope.
  {
    name: 'blind15-next-link-default-per-page',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."; §2: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "Whether a next page exists is decided with the last page computed from the default page size (`ceil(total / 20)`) instead of the request's `per_page`, so with a larger `per_page` the last page links `next` to an empty page (`per_page=50&page=6` of 275 games links page 7) and with a smaller one `next` stops early (`per_page=5&page=14` has none although page 15 exists); with the default page size it is right (games and reviews).",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 Game fields and states.
  {
    name: 'blind15-review-count-rated-only',
    rule: '§2 Game summary: "`reviews` | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0".',
    description:
      '`reviews.count` is computed as `COUNT(rating)` (which skips NULLs) where `COUNT(*)` was meant, so it counts the rated reviews only and always equals `rating_count`: a game with unrated reviews (24 active games here) reports fewer reviews than GET /reviews?game_id lists for it, and one whose reviews are all unrated reports 0 (list and detail).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind15-zero-votes-null',
    rule: '§2 Game summary: "All fields below are required." … "`ranking` | object | `rank` integer or null; `monthly_votes` integer >= 0".',
    description:
      "The monthly votes come from a LEFT JOIN to the month's vote counts without COALESCE, so a game nobody voted for this month has `ranking.monthly_votes` null instead of 0 (list and detail; 128 active games here and most archived ones); games with votes are right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind15-detail-updated-bumped-by-view',
    rule: '§2 Game detail: "All summary fields, with `urls` and `connection` in their detail form … plus"; §4 GET /games: "`recently_updated` … 1 = listings updated in the last 30 days".',
    description:
      "Reading a game's detail bumps its view counter on the listing row, whose `updated` column is declared `ON UPDATE CURRENT_TIMESTAMP`, so GET /games/{id} answers `dates.updated` equal to the time of the request instead of the listing's last update (the summary of the same game in GET /games, and the `recently_updated` filter, still have the listing's own time).",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind15-web-only-website-moved-to-play',
    rule: '§2 rule 2: "Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null …"; §2 urls: "website | string or null | yes".',
    description:
      'The web-only representation moves the address instead of copying it (`{ ...urls, play: urls.website, website: null }`), so a web-only game has `urls.play` its website but `urls.website` null (list and detail); other games keep their website.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §2, §3, §4 MSSP.
  {
    name: 'blind15-mssp-not-available-without-game-id',
    rule: '§2 MSSP snapshot: "MSSP response: `{data: snapshot or null, meta: {game_id integer, status: "available" | "mssp_not_available"}}`."',
    description:
      'The "no snapshot" branch returns early with its own literal `{data: null, meta: {status: "mssp_not_available"}}`, so the MSSP response of a game without a snapshot has no `meta.game_id`; games with a snapshot are right.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 Player history.
  {
    name: 'blind15-raw-samples-capped-1000',
    rule: '§4 GET /games/{gameId}/players: "`raw` = individual crawler samples"; "a `raw` range spans at most 90 days".',
    description:
      "The raw samples are read through the data layer's list call, which applies its default row limit (`LIMIT 1000`), so a raw range holding more than 1,000 samples (over about 21 days at one every 30 minutes, e.g. the default 30-day range of a game crawled all month) stops after the thousandth: the samples of the last days of the range are missing while `meta` names the whole range; daily histories and shorter raw ranges are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 Statistics.
  {
    name: 'blind15-stats-weekly-average-of-daily-means',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "Weekly and monthly points are rolled up from the daily points, and their average is the plain mean of the days' averages instead of the mean of the observations, so a week or month whose days have different numbers of observations (the current, partial day; a day with an outage; the first day crawled) reports another average (the partial day weighs as much as a full one); count, minimum and maximum, and the other resolutions, are right.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind15-activity-average-per-day',
    rule: '§4 Statistics 2: "Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      'A cell\'s average is the sum of its samples divided by the number of dates of that weekday in the range (a "players per day at this hour" figure) instead of by its observations, so with a sample every 30 minutes each average is about twice the players seen at that hour (over two weeks, every average given is the sum of four samples over 2); counts and the null averages are right.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §4 Reviews.
  {
    name: 'blind15-review-body-title-heading',
    rule: '§2 Review detail: "adds `body` (string, required): UTF-8 Markdown; supported formatting is paragraphs, bold, italic, bulleted lists, numbered lists."',
    description:
      "The detail's `body` is built by the review page's document template, which puts the title first as a Markdown heading, so every body starts with `# <title>` and a blank line before the review's own text (a heading is not among the supported formats, and the text is not the review's body); the list has no body and is right.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind15-reviews-game-filter-default-per-page',
    rule: '§4 GET /reviews: "`per_page` | integer 1..50 | 20"; "`game_id` | integer >= 1 | none (limits results to one active game)".',
    description:
      "With `game_id`, the reviews are read by the game's own query, which takes the page but not the page size (the default 20), so `per_page` is ignored: `game_id=<a game with 25 reviews>&per_page=5` answers 20 reviews with `meta.per_page` 20; without `game_id` the page size is right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 Tags.
  {
    name: 'blind15-tag-values-named-after-group',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §2 TagReference: "`id` integer, `name` string".',
    description:
      "The values are mapped inside the loop over the groups with the outer variable in place of the inner one (`name: group.name`), so every TagReference of GET /tags carries its group's name (`Theme`, `Codebase` …) instead of its own, while its id is right; the games' `tags.categories` have the right names.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §5 Authentication.
  {
    name: 'blind15-revoked-key-own-code',
    rule: '§5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."; §7: "`code` is stable and machine-readable".',
    description:
      'A revoked key gets a more specific error code of its own, 401 `api_key_revoked` ("This API key has been revoked.") instead of `invalid_api_key`; the status, the challenge and the other bad keys are right.',
    where: 'middleware/authenticate.ts',
    hint: 'a revoked key',
  },
  {
    name: 'blind15-auth-remembered-per-connection',
    rule: '§5.1: "Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."; §5.3: "No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The key found on a connection is remembered for the connection (a session bound to the kept-alive socket), so a later request on the same connection without an Authorization header, or with an invalid or revoked key, is served as the first key (200, counted on its budget) instead of 401; a request on a fresh connection is refused.',
    where: 'middleware/authenticate.ts',
    hint: 'a request without a key (or with a bad one) sent on a kept-alive connection after an authenticated request',
  },
  // §4, §7 Methods and errors.
  {
    name: 'blind15-405-empty-body',
    rule: '§4: "Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."; §1.1: "every response body is UTF-8 JSON".',
    description:
      'The method check answers with `res.status(405).end()`: the status, `Allow: GET` and the rate-limit headers are there, but the body is empty (no JSON error envelope, no `method_not_allowed` code, no Content-Type).',
    where: 'middleware/method-check.ts',
    hint: 'a request with another method than GET (e.g. DELETE)',
  },
  // §7, §8 Rate limits.
  {
    name: 'blind15-day-count-expires-with-minute',
    rule: '§8: "Requests per UTC day per key (default for new keys) | 10,000"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`".',
    description:
      "The day's count is kept in the same record as the minute's and is reset with it when a new minute window starts, so a key that spent its UTC-day budget is admitted again from the next minute on (200 with a fresh daily budget) instead of being refused until the next UTC midnight; within the minute the day's refusal is right.",
    where: 'rate-limiter.ts',
    hint: 'a key whose day budget binds (e.g. 10/min, 3/day), spent, then a request in a later minute',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault15Name = (typeof BLIND_FAULTS_15)[number]['name'];

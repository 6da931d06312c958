/**
 * Blind fault set 6: a sixth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–5 (set-1.ts … set-5.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind6-…'] })`, `--faults blind6-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_6 = [
  // §1.5, §2 PaginationMeta and PaginationLinks — the collection envelope.
  {
    name: 'blind6-previous-to-first-page-without-page',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      "On page 2, `links.previous` points at the collection's canonical first page: the request's query with `page` removed (`…/games?per_page=5`) instead of `page=1` (games and reviews).",
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind6-total-ignores-connection-type',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)"; §4 GET /games connection_type: "`web_only` (website-only games), `mud_client` (games supporting MUD clients)".',
    description:
      'With `connection_type=web_only` or `mud_client`, `meta.total` counts the games matching the other filters whatever their connection type (the count query lacks the connection condition); `data` is right, so the links run past the last real page.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §2 — fields of the game and review representations, in their states (§3).
  {
    name: 'blind6-list-intro-truncated',
    rule: '§2 Game summary: "`intro` | string | Short introduction"; Game detail: "All summary fields, with `urls` and `connection` in their detail form … plus" `description` and `watcher_count` (the same intro).',
    description:
      'In GET /games items, an `intro` longer than 80 characters is cut to 79 and ends with "…" (a list preview); the game detail has the full intro.',
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind6-tls-port-defaults-to-port',
    rule: '§2 connection: "`tls_port` | integer or null | yes"; §1.4: "A field is `null` when no value exists for it."',
    description:
      'A game without a TLS port has `connection.tls_port` equal to its standard port (`COALESCE(tls_port, port)`) instead of null, in the list and the detail.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind6-review-game-archived-reads-web-only',
    rule: '§2 Review summary: "`game` | object: `id` integer, `name` string, `archived` boolean"; §4 GET /reviews/{reviewId}: "Available by direct ID even when the game is archived (reported by `game.archived`)."',
    description:
      "A review's `game.archived` is read from the game's web-only flag (the column next to it): true for the reviews of active web-only games, false for those of archived games (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /games — filters, search, detail.
  {
    name: 'blind6-recently-updated-window-milliseconds',
    rule: '§4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days"; §8: "recently_updated window | 30 days".',
    description:
      "`recently_updated=1` compares the listings' update times (epoch seconds) with a cut-off computed in milliseconds (`Date.now() − 30 days`), so no listing is recent enough: the answer is always empty (`meta.total` 0).",
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind6-q-ignored-with-most-reviewed',
    rule: '§4 GET /games q: "every term must occur somewhere in the game\'s name, intro or full description"; rule 2: "the search terms and all filters combine with AND".',
    description:
      '`sort=most_reviewed` reads from a review-count query built without the search condition: with it, `q` filters nothing (every game matching the other filters is listed and counted).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind6-game-id-parseint',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1 (listing ID). … Errors: 401, 404 (`game_not_found`), …"; §7: `game_not_found` "Game does not exist".',
    description:
      'The game detail reads its path id with `parseInt`, so an id followed by other characters (`/games/42abc`, `/games/42.5`) answers 200 with game 42 instead of 404.',
    where: 'operations.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind6-mssp-cache-keyed-by-route',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot)"; §2 MSSP response: "`{data: snapshot or null, meta: {game_id integer, status: …}}`" (of the game asked for).',
    description:
      "MSSP answers are cached for a minute of clock time under the route template (`/games/{gameId}/mssp`) instead of the request's path, so within that minute every game's MSSP request is answered with the first game's snapshot and `meta.game_id`.",
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind6-raw-recorded-at-12-hour-clock',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`"; §4 players: "Date boundaries and returned timestamps are UTC."',
    description:
      "A raw sample's `recorded_at` is formatted with a 12-hour clock (a `hh` pattern where `HH` was meant): 13:30Z is written `T01:30:00Z` and 00:00Z `T12:00:00Z`, so the afternoon samples read as the morning's.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind6-daily-average-skips-zero-samples',
    rule: '§4 players granularity: "`daily` = rounded daily average; `raw` = individual crawler samples" (the average of the day\'s samples).',
    description:
      'A daily value averages only the samples reporting players (`AVG(NULLIF(players, 0))`): samples of 0 players are left out of the day, so a day mixing empty and non-empty samples is reported higher (a day of zeros stays 0).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews and GET /reviews/{reviewId}.
  {
    name: 'blind6-reviews-sorted-within-page',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      'The page is cut from the reviews in storage order (oldest first, LIMIT/OFFSET without ORDER BY) and only then sorted newest first, so page 1 holds the oldest reviews, each page newest first within itself.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  {
    name: 'blind6-review-body-markdown-escaped',
    rule: '§2 Review detail: "`body` (string, required): UTF-8 Markdown; supported formatting is paragraphs, bold, italic, bulleted lists, numbered lists."',
    description:
      "The review detail's `body` goes through a Markdown escaper meant for plain text: `* _ - + . ! # ( ) [ ]` and backquotes get a backslash, so `**bold**` reads `\\*\\*bold\\*\\*` and list items are no longer lists.",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind6-tags-last-group-without-values',
    rule: '§4 GET /tags: "Response 200: `{data: [tag groups]}`, the current taxonomy"; §4 GET /games rule 1: "Current IDs come from GET /tags."',
    description:
      "The loop filling the groups' values stops one group short (`i < groups.length - 1`): the last group (player killing) is listed with `values: []`, so its tag ids, which games carry, are not in GET /tags.",
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind6-stats-count-includes-missing-values',
    rule: '§4 Statistics 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      "A point's `count` is the number of crawls in its bucket (`COUNT(*)`), including those at which the metric had no value: for a metric the game does not report, points have a positive count beside a null average, minimum and maximum.",
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind6-activity-range-in-local-zone',
    rule: '§4 Statistics 2: activity pattern "takes the same dates" as statistics, whose `from` and `to` are "(YYYY-MM-DD, UTC …)"; §4 players: "Date boundaries … are UTC".',
    description:
      'With a `timezone`, the activity pattern reads `from` and `to` as local dates of that zone (midnight to midnight there) instead of UTC dates, so a one-day range in Asia/Tokyo covers 15:00Z of the day before to 14:59Z.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  {
    name: 'blind6-activity-three-observations-null',
    rule: '§4 Statistics 2: "a cell with fewer than three observations has a null average"; §8: "Activity pattern cell average | null when fewer than three observations".',
    description:
      'The threshold is compared with `<= 3`: a cell with exactly three observations also has a null average.',
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §1.3 and §5 authentication and browser access.
  {
    name: 'blind6-cors-origin-reflected',
    rule: '§1.3: "Cross-origin browser access is not enabled."; §5.5: "Browser cross-origin access is not enabled; requests originate from a server."',
    description:
      "A request carrying an `Origin` header is answered with `Access-Control-Allow-Origin: <that origin>` and `Vary: Origin` (a CORS middleware set to `origin: true` for the account console's query tryout); requests without `Origin` get no CORS header.",
    where: 'app.ts',
    hint: '',
  },
  // §7 errors, §9 versioning.
  {
    name: 'blind6-request-id-counter-number',
    rule: '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: "`request_id` is a string for troubleshooting".',
    description:
      'Request ids come from an integer sequence, and the error body writes its `request_id` as that number (`"request_id": 17`) instead of a string (the X-Request-ID header carries the same digits).',
    where: 'respond.ts',
    hint: '',
  },
  {
    name: 'blind6-api-without-version-served',
    rule: '§9.1: "The version is carried in the path prefix of the base address: `/api/v1`."; §4: "An unknown path returns 404 (`route_not_found`)."',
    description:
      'The API router is also mounted at `/api` (an unversioned "latest" alias), so `/api/games`, `/api/tags` … are answered like `/api/v1/games` (200) instead of 404 `route_not_found`.',
    where: 'app.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault6Name = (typeof BLIND_FAULTS_6)[number]['name'];

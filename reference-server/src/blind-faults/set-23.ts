/**
 * Blind fault set 23: a twenty-third set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–22 (set-1.ts … set-22.ts). Its theme is the next version, half shipped: a v1
 * server whose code is shared with a v2 in progress, or whose storage is being migrated — a field
 * served under its v2 name or shape for some records, a v2 enum value, parameter value, page size
 * or granularity accepted early, links and redirects into `/api/v2`, v2's error bodies, error code
 * and rate-limit header names leaking, a canary of the v2 serializer on a share of the requests, a
 * read model lagging a dual write, stores stitched at a boundary day or read twice during a move,
 * and backfills that left a gap. Most of its bugs show only for some requests, some records or at
 * some times. Like the earlier sets, it measures how well the suite catches bugs nobody has shown
 * it, so its entries deliberately have no killing check of their own (see README.md next to this
 * file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind23-…'] })`, `--faults blind23-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the v2 code does is in `blind-faults/set-23-migration.ts`);
 * with none on, nothing changes. `hint` names what a black-box client needs besides a normal key to
 * observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_23 = [
  // Game representations (GET /games items, GET /games/{gameId}).
  {
    name: 'blind23-v2-links-on-new-shard',
    rule: '§2 `urls`: "self | uri string (link to this game in the API)"; §9: "The version is carried in the path prefix of the base address: `/api/v1`."',
    description:
      "The listings with an id from 301 up are stored on the v2 store's new shard, whose link builder writes the v2 base, so their `urls.self`, `urls.mssp`, `urls.players` and `urls.reviews` name `/api/v2/…` (`…/api/v2/games/302`), a path the v1 service answers 404 `route_not_found`, in GET /games items and the detail; games with lower ids, and the collections' links, are right.",
    where: 'operations.ts',
    hint: 'a game whose id is 301 or more (an active one: 61 here)',
  },
  {
    name: 'blind23-average-rating-v2-name-recent-reviews',
    rule: '§2 Game summary: "All fields below are required." … "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0".',
    description:
      "A game's review statistics are dual-written to v2's stats table, and v1 reads the v2 row of the games whose row was rewritten since the dual write began (a review submitted in the last 14 days), whose field is named `rating_average`, so those games' `reviews` block is `{count, rating_average, rating_count}` without `average_rating` (15 active games here), in GET /games items and the detail; the other games are right.",
    where: 'operations.ts',
    hint: 'a game with a review submitted in the last 14 days',
  },
  {
    name: 'blind23-archive-reason-v2-unreachable',
    rule: '§2 `status`: "archive_reason | string or null | `non_connectivity` in the machine-readable schema; `admin_disabled` is also documented for an administrator restriction; null for active listings"; rule 1: "Archived game: … `status.archive_reason` is set".',
    description:
      'The game detail is written by a serializer shared with v2, which renamed the archiving for non-connectivity `unreachable`, so GET /games/{id} of a game archived because it stopped answering has `status.archive_reason` "unreachable" instead of "non_connectivity" (20 of the 25 archived games here); games archived by an administrator (`admin_disabled`) and active games are right.',
    where: 'operations.ts',
    hint: 'the id of a game archived for non-connectivity',
  },
  {
    name: 'blind23-categories-v2-arrays-recently-edited',
    rule: '§2 Game summary: "tags | object | `categories`: object mapping a category key to one TagReference; `custom`: array of TagReference"; Shared types: "TagReference | `id` integer, `name` string".',
    description:
      'Listings edited since v2\'s schema writer went live (a `dates.updated` in the last 7 days) are stored in v2\'s shape, where a category may hold several tags, and read back through an adapter that does not unwrap them, so each value of their `tags.categories` is an array of one TagReference (`"theme": [{"id": 153, "name": "Fantasy"}]`) instead of the TagReference (25 active games here, the first of the default `last_updated` order), in GET /games items and the detail; listings edited earlier are right.',
    where: 'operations.ts',
    hint: 'a listing updated in the last 7 days (the first page of the default order)',
  },
  {
    name: 'blind23-detail-canary-description-object',
    rule: '§2 Game detail: "description | string (full description)".',
    description:
      'The v2 detail serializer is canaried on one GET /games/{id} in five (every fifth detail this server computes), and v2 writes the description as rich text, so on those answers `description` is an object `{format: "markdown", content: "<the description>"}` instead of a string; the other four detail answers in five, and GET /games, are right.',
    where: 'operations.ts',
    hint: 'five game details (of different games, or a second apart)',
  },
  // GET /games.
  {
    name: 'blind23-game-size-filter-backfill-gap',
    rule: '§4 GET /games: "`game_size_tag_id[]` | array of integer >= 1, unique | none | game-size tag IDs"; rule 2: "Values within one tag category combine with OR; different categories combine with AND".',
    description:
      "The tag filters are read from v2's tag index, backfilled in batches of 128 listing ids, and the batch of ids 129–256 failed for the game-size column, so a `game_size_tag_id[]` (or bare `game_size_tag_id`) filter never matches a game whose id is from 129 to 256 though its `tags.categories.game_size` carries the id: `game_size_tag_id[]=107` lists 58 of the 79 active games with that tag here (`data` and `meta.total`); the other categories, and games outside the batch, are right.",
    where: 'deviations/games.ts',
    hint: 'a game-size filter and a game with an id from 129 to 256 carrying that size',
  },
  {
    name: 'blind23-connection-type-v2-values-accepted',
    rule: '§4 GET /games: "`connection_type` | string | all | `all` (no filter), `web_only` (website-only games), `mud_client` (games supporting MUD clients)"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      "The parameter parser is shared with v2, which renamed the connection types, and it maps v2's names to v1's before validating, so `connection_type=telnet` is answered 200 as `mud_client` and `connection_type=browser` as `web_only` instead of 422 `invalid_filter`; other unknown values are refused as they should be.",
    where: 'operations.ts',
    hint: "v2's connection type names (`telnet`, `browser`)",
  },
  {
    name: 'blind23-search-v2-per-page-100',
    rule: '§4 GET /games: "`per_page` | integer 1..50 | 20"; §8: "per_page | 1..50, default 20"; §2 PaginationMeta: "`per_page` integer 1..50".',
    description:
      'Searches (a non-empty `q`) are proxied to the v2 search service, which takes pages of up to 100, so `q=<term>&per_page=60` is answered 200 with up to 60 games and `meta.per_page` 60 instead of 422 `invalid_filter`; `per_page` above 100 with `q`, and above 50 without `q`, are refused as they should be.',
    where: 'operations.ts',
    hint: 'a search with per_page from 51 to 100',
  },
  // GET /games/{gameId}/mssp.
  {
    name: 'blind23-mssp-archive-store-redirect',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot). … Available for archived and web-only games."; §7: "HTTP statuses used: 200, 401, 404, 405, 422, 429, 500".',
    description:
      "Snapshots older than 90 days were moved to v2's archive store, and the v1 route answers them with a permanent redirect into v2 (308, `Location: …/api/v2/games/<id>/mssp`) instead of 200 with the snapshot, so GET /games/{id}/mssp of a game whose `status.mssp_collected_at` is more than 90 days old (most archived games — 24 of the 25 with a snapshot here — and games that stopped answering long ago: 29 in all) is a 308 to a path the v1 service does not serve; newer snapshots and games without one are right.",
    where: 'operations.ts',
    hint: 'a game whose newest snapshot is more than 90 days old (an archived game)',
  },
  {
    name: 'blind23-mssp-web-only-v2-status',
    rule: '§3: "`meta.status` is `available` when a snapshot exists, `mssp_not_available` (with `data` null) when the game exists but has no snapshot."; §2 MSSP snapshot: MSSP response `{data: snapshot or null, meta: {game_id integer, status: "available" | "mssp_not_available"}}`.',
    description:
      'The MSSP lookup answers with v2\'s status for web-only games, which v2 never crawls: GET /games/{id}/mssp of a web-only game without a snapshot has `data` null and `meta.status` "not_applicable" instead of "mssp_not_available" (20 of the 35 games without a snapshot here); MUD-client games without a snapshot, and games with one (web-only included), are right.',
    where: 'operations.ts',
    hint: 'a web-only game without an MSSP snapshot',
  },
  // GET /games/{gameId}/players.
  {
    name: 'blind23-players-hourly-granularity-leaked',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'The granularity validator is shared with v2, which added an hourly history, so `granularity=hourly` is answered 200 with one rounded hourly average per hour with samples (stamped hh:00:00Z, at most 90 days) and `meta.granularity` "hourly" instead of 422 `invalid_date_range`; `daily`, `raw` and other unknown values are right.',
    where: 'operations.ts',
    hint: "v2's granularity name `hourly`",
  },
  {
    name: 'blind23-daily-store-boundary-day-missing',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; "`from` | date YYYY-MM-DD | … | Inclusive UTC start"; "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "The daily values of the last 30 days (today − 29 to today) come from the v1 roll-up and older ones from v2's roll-up store, and each store is read with an exclusive bound at the day between them, so the day 30 days before today is missing from every daily history that covers it (`from=<today − 35>&to=<today − 25>` of a game crawled all along has 10 values, not 11) although its raw samples are served; the default 30-day history does not reach it, and the raw history is right.",
    where: 'operations.ts',
    hint: 'a daily history covering the day 30 days before today',
  },
  {
    name: 'blind23-raw-migrating-week-twice',
    rule: '§4 GET /games/{gameId}/players: "`raw` = individual crawler samples"; "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "Raw samples are moved to v2's sample store a week at a time, and while a week is in flight (the days 14 to 8 before today) its samples are in both stores and the raw read unites the two without de-duplication, so every raw sample of those days is served twice in a row (a raw history of one such day of a game crawled all day has 96 samples instead of 48); other days, and the daily history, are right.",
    where: 'operations.ts',
    hint: 'a raw history of a day 8 to 14 days before today',
  },
  {
    name: 'blind23-players-errors-problem-json',
    rule: '§7: "Body shape: `{error: {code, message, details?}, request_id}`. `code` is stable and machine-readable"; §4 GET /games/{gameId}/players: "Errors: 401, 404, 405, 422, 429, 500."',
    description:
      "The player-history route was the first moved onto v2's error middleware, which writes RFC 9457 problem details, so its 404 and 422 answers (an unknown game, `invalid_date_range`) have `Content-Type: application/problem+json` and a body `{type, title, status, detail, instance}` without the `error` object, its `code` or `request_id`; the statuses, the other routes' errors and the history's 200 answers are right.",
    where: 'operations.ts',
    hint: 'an invalid player-history request (`from` after `to`) or an unknown game id',
  },
  // GET /reviews, GET /reviews/{reviewId}.
  {
    name: 'blind23-reviews-read-model-lags-day',
    rule: '§4 GET /reviews: "Public reviews, newest first."; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "GET /reviews is answered from v2's read model, fed from the v1 tables by an asynchronous dual write that runs a day behind, so reviews submitted in the last 24 hours are missing from `data` and `meta.total` (with and without `game_id`; 4 here) although GET /reviews/{id} serves them and their games' `reviews.count` counts them; older reviews are right.",
    where: 'operations.ts',
    hint: 'a review submitted in the last 24 hours',
  },
  {
    name: 'blind23-reviews-next-link-v2-cursor',
    rule: '§2 Shared types: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."; §4 GET /reviews: "`page` | integer >= 1 | 1".',
    description:
      "GET /reviews without a `page` parameter is paged by v2's cursor paginator, whose `next` link carries `cursor=<opaque>` (the last review's id in base64url JSON) instead of `page=2`, and the v1 handler ignores `cursor`, so following `links.next` of the first page serves the first page again; requests with `page`, and GET /games, are right.",
    where: 'operations.ts',
    hint: 'GET /reviews without page, then its next link',
  },
  {
    name: 'blind23-review-author-v2-name-old-ids',
    rule: '§2 Review summary: "author | object: `display_name` string, `affiliation` string or null"; "All fields are required."',
    description:
      'The oldest reviews (ids up to 128) were migrated first to the v2 review store, whose author object is `{name, affiliation}`, so those reviews have `author.name` instead of `author.display_name` in GET /reviews and GET /reviews/{id} (102 of 301 reviews here, on the last pages of the newest-first list); later reviews are right.',
    where: 'operations.ts',
    hint: 'a review with an id of 128 or less',
  },
  // Rate limits.
  {
    name: 'blind23-ietf-ratelimit-headers-custom-plans',
    rule: '§7 Response headers: "X-RateLimit-Limit | Integer; configured per-minute request limit", "X-RateLimit-Remaining | …", "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; "The rate-limit headers and `X-Request-ID` appear after successful authentication and rate-limit accounting (on 200, 404, 405, 422, 429)."',
    description:
      "Keys on a plan other than the default for new keys (60 a minute, 10,000 a UTC day) were moved to v2's plans service, whose accounting writes the IETF draft headers `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the reset) and `RateLimit-Policy` instead of the `X-RateLimit-*` headers, so the answers to such a key carry no `X-RateLimit-Limit`, `X-RateLimit-Remaining` or `X-RateLimit-Reset`; keys on the default plan are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose limits are not 60/min and 10,000/day',
  },
  // GET /games/{gameId}/statistics.
  {
    name: 'blind23-stats-pending-v2-code',
    rule: '§4 Statistics endpoints 3: "Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "statistics_pending | 503 | Requested historical range still being prepared".',
    description:
      'The statistics route already answers a range still being prepared with v2\'s error code, so that 503 has `error.code` "statistics_backfilling" instead of "statistics_pending" (a range of more than 90 days of a game whose long ranges are in preparation); `statistics_unavailable` and the 200 answers are right.',
    where: 'operations.ts',
    hint: 'a statistics range longer than 90 days of a game whose history is still being prepared',
  },
  // GET /tags.
  {
    name: 'blind23-tags-location-v2-ids',
    rule: '§4 GET /games rule 1: "Current IDs come from GET /tags."; §1.2: "list the tag taxonomy (groups and values) whose IDs feed the game filters"; §4 GET /tags: "the current taxonomy".',
    description:
      "GET /tags reads the location group from v2's taxonomy, migrated ahead of the rest, whose values were renumbered into v2's id space (id + 1000), while the games and the filters still use the v1 ids, so the location ids GET /tags lists (`1142` \"North America\" …) appear in no game's `tags.categories.location` and `location_tag_id[]=<such an id>` matches no game; the other groups are right.",
    where: 'operations.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault23Name = (typeof BLIND_FAULTS_23)[number]['name'];

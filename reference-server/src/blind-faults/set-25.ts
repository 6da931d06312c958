/**
 * Blind fault set 25: a twenty-fifth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–24 (set-1.ts … set-24.ts). Its theme is consistency across the API — one fact
 * read through two doors: a sort or a filter and the field it reads, a list item and the detail, a
 * collection and the state of the games it holds, a status and the endpoint it summarises, the
 * statistics and the player history, the statistics endpoints and the others (their own router), a
 * header and the key's configuration. Each fault makes the two readings part only for records in
 * one state of their life — listings never edited since they were listed, or edited today, games
 * nobody voted for this month, reviews that were edited, games that stopped answering but are still
 * listed, games that had an outage and came back, games archived by an administrator, games whose
 * statistics are unavailable or in preparation, a key whose limit is large or whose day is spent.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind25-…'] })`, `--faults blind25-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the faulty second door reads is in
 * `blind-faults/set-25-consistency.ts`); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_25 = [
  // GET /games: sorts and filters against the fields they read.
  {
    name: 'blind25-last-updated-never-edited-last',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`" (the default order: most recently updated first, by `dates.updated`); §2 Game summary: "dates | object | `created`, `listed`, `updated`".',
    description:
      "The `last_updated` order (the default, and `sort=last_updated`) reads the listings' edit time, a column that stays NULL until a listing is first edited (`dates.updated` is written as `COALESCE(edited, listed)`), and sorts it with NULLS LAST, so the listings never edited since they were listed (12 active games here, `dates.updated` equal to `dates.listed`, one of them updated 30 days ago) come after every edited one, in id order, instead of at the place their `dates.updated` gives them; the other sorts are right.",
    where: 'operations.ts',
    hint: 'a listing never edited since it was listed (`dates.updated` equal to `dates.listed`), in the default order',
  },
  {
    name: 'blind25-top-voted-drops-unvoted',
    rule: '§4 GET /games: "Lists active games. Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."; "`sort` … `top_voted` …"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "`sort=top_voted` reads the games through an inner join on the month's vote table, which has a row only for games someone voted for, so the active games with `ranking.monthly_votes` 0 (128 here) are missing from `data` and from `meta.total` (147 instead of 275 without filters) instead of coming last; the other sorts list and count them.",
    where: 'operations.ts',
    hint: 'a game nobody voted for this month (`monthly_votes` 0), with `sort=top_voted`',
  },
  {
    name: 'blind25-review-counter-drops-edited',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review"; "`sort` … `most_reviewed`"; §2 Game summary: "reviews | object | `count` integer >= 0 …".',
    description:
      '`sort=most_reviewed` and `has_reviews=1` read a per-game review counter kept by the review handlers, and an edit goes through the delete-and-recreate path whose create step skips the increment, so each edited review is missing from the counter: a game whose reviews were all edited (24 active games here) is missing from `has_reviews=1` (`data` and `meta.total`), and `most_reviewed` orders by the count of unedited reviews (a game with 6 reviews, 2 of them edited, after games with 5), while `reviews.count` (and GET /reviews) counts every review.',
    where: 'operations.ts',
    hint: 'a game with an edited review (its reviews all edited for `has_reviews=1`)',
  },
  {
    name: 'blind25-mud-client-drops-unreachable',
    rule: '§4 GET /games: "`connection_type` | string | all | `all` (no filter), `web_only` (website-only games), `mud_client` (games supporting MUD clients)"; §2 `status`: "web_only | boolean | true when players must use the game\'s website instead of a MUD client".',
    description:
      '`connection_type=mud_client` is read as the crawler\'s "reachable" state, so the active MUD-client games the crawler has marked unreachable (they stopped answering days ago but are not archived yet: 21 here, `status.web_only` false, `last_successful_connect` days old) are missing from `data` and `meta.total`, and `web_only` plus `mud_client` no longer add up to `all`; the games never reached yet, and `web_only`, are right.',
    where: 'operations.ts',
    hint: 'an active game that stopped answering (`last_successful_connect` days ago, not archived)',
  },
  {
    name: 'blind25-search-misses-updated-this-week',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "Saving a listing deletes its search document, and the documents are written again only by the search index's full rebuild, every Monday at 00:00Z, so with `q` the games updated since the last Monday (`dates.updated` this week: 24 active games here on a Sunday) are never found — missing from `data` and `meta.total` although their name holds the terms (their detail shows it) — until the next rebuild; games updated before, and requests without `q`, are right.",
    where: 'operations.ts',
    hint: 'a search for a word of a game updated since the last Monday 00:00Z',
  },
  // Game representations: the list against the detail, a status against the history.
  {
    name: 'blind25-search-names-from-index-lowercased',
    rule: '§2 Game summary (items of GET /games; also the base of game detail): "name | string"; Game detail: "All summary fields".',
    description:
      'With `q`, the items are rendered from the search engine\'s stored document, whose `name` is the analysed (lower-cased) copy, so every item of a search has its `name` in lower case (`dragongard` for "Dragongard") while GET /games without `q` and GET /games/{id} give the listing\'s name; the other fields are right.',
    where: 'operations.ts',
    hint: 'a search (`q`) finding a game whose name has a capital letter',
  },
  {
    name: 'blind25-list-custom-tags-first-three',
    rule: '§2 Game summary: "tags | object | `categories`: …; `custom`: array of TagReference"; Game detail: "All summary fields".',
    description:
      "GET /games items take their custom tags from the listing card's preview, which keeps the first three, so a game with four or more custom tags (19 active games here, four each) has only three in `tags.custom` of GET /games while GET /games/{id} lists all four; games with up to three are right.",
    where: 'operations.ts',
    hint: 'a game with more than three custom tags',
  },
  {
    name: 'blind25-last-connect-is-reconnect-time',
    rule: '§2 `status`: "last_successful_connect | NullableTimestamp"; §4 GET /games: "`online_recently` … 1 = games reached successfully in the last 48 hours"; GET /games/{gameId}/players: "`raw` = individual crawler samples".',
    description:
      '`status.last_successful_connect` is read from the crawler\'s connection events, whose last "came back online" event wins over the last successful crawl (`COALESCE(last_reconnect, last_success)`), so a game that had an outage and came back shows the time of its first crawl after that outage (days or weeks ago) instead of its last successful crawl (12:00Z), in GET /games items and the detail, while `online_recently=1` lists it and its raw history has samples up to now; games that never had an outage are right.',
    where: 'operations.ts',
    hint: 'a game that had an outage and came back',
  },
  // GET /reviews and review detail: the collection and the games' states.
  {
    name: 'blind25-admin-disabled-reviews-listed',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection."; §3: "archived | `archived` true, `archive_reason` set | no (excluded from results and totals)".',
    description:
      "Reviews are hidden from the collection by a flag the crawler's archiving job sets on them (non-connectivity), and an administrator's restriction does not touch that flag, so the reviews of games archived with `admin_disabled` (2 here) are listed in GET /reviews (with `game.archived` true) and counted in `meta.total`, also under `game_id=<that game>`; the reviews of games archived for non-connectivity are excluded as they should be.",
    where: 'operations.ts',
    hint: 'a review of a game archived by an administrator (`admin_disabled`)',
  },
  {
    name: 'blind25-review-submitted-bumped-by-edit',
    rule: '§2 Review summary: "dates | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)"; §4 GET /reviews: "Public reviews, newest first."',
    description:
      "The review row's submission column is the table's first TIMESTAMP column, declared `ON UPDATE CURRENT_TIMESTAMP`, so an edit also overwrites it: an edited review (47 here) has `dates.submitted` equal to `dates.edited`, in GET /reviews and GET /reviews/{id}, while the collection is still ordered by the real submission time, so its `submitted` dates are out of newest-first order; reviews never edited are right.",
    where: 'operations.ts',
    hint: 'an edited review (`dates.edited` set)',
  },
  {
    name: 'blind25-review-game-archived-from-crawl-end',
    rule: '§2 Review summary: "game | object: `id` integer, `name` string, `archived` boolean"; §4 GET /reviews/{reviewId}: "Available by direct ID even when the game is archived (reported by `game.archived`)"; §3: "active | `archived` false, `archive_reason` null".',
    description:
      "A review's `game.archived` is read from the crawler's end-of-crawl mark (the game stopped answering) instead of the listing's state, so the reviews of active games that stopped answering but are not archived (15 reviews here) have `game.archived` true, in GET /reviews and GET /reviews/{id}, while GET /games/{id} of their game says `archived` false; reviews of archived games and of games still answering are right.",
    where: 'operations.ts',
    hint: 'a review of an active game that stopped answering',
  },
  // MSSP, player history, statistics: one crawl read through two endpoints.
  {
    name: 'blind25-mssp-stopped-games-between-stores',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot). If the game exists but has no snapshot: `data` null, `meta.status` `mssp_not_available`."; §3: "`meta.status` is `available` when a snapshot exists".',
    description:
      'The MSSP endpoint reads the live snapshot store, which keeps the games the crawler reaches, and falls back to the archive store for archived games, so an active game that stopped answering (21 here), in neither, is answered `data` null and `mssp_not_available` although its snapshot is stored (its `status.mssp_collected_at` is set); games still answering, and archived games, are right.',
    where: 'operations.ts',
    hint: 'an active game that stopped answering',
  },
  {
    name: 'blind25-players-through-statistics-backend',
    rule: '§9: "Existing player-history response formats are unchanged by the addition of the statistics endpoints."; §4 GET /games/{gameId}/players: "Response 200: player history response. Errors: 401, 404, 405, 422, 429, 500."',
    description:
      'The player history was moved onto the statistics backend and inherits its availability check, so GET /games/{id}/players of a game whose statistics are unavailable (5 here) is answered 503 `statistics_unavailable`, and a range of more than 90 days of a game whose long-range statistics are in preparation (8 here) 503 `statistics_pending`, instead of 200 with its history; the other games are right.',
    where: 'operations.ts',
    hint: 'a game whose statistics are unavailable (GET /games/{id}/statistics answers 503)',
  },
  {
    name: 'blind25-stats-carried-past-last-crawl',
    rule: '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      'The statistics roll-up fills the buckets of a game the crawler still schedules with its last known values, so for an active game that stopped answering, the points after its last successful crawl have a `count` of the crawls attempted since and the last value as their average, minimum and maximum instead of `count` 0 and nulls, while its player history has no sample there; games still answering are right.',
    where: 'operations.ts',
    hint: 'statistics of an active game that stopped answering, for days after its last connect',
  },
  {
    name: 'blind25-stats-count-failed-crawls',
    rule: '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "A point's `count` is `COUNT(*)` over the crawl log's rows of its bucket, the failed crawls of an outage included (their values NULL, so the average, minimum and maximum are right), so a point that holds an outage counts more observations than the crawler samples the player history lists for it, and a bucket wholly inside an outage has a positive `count` with a null average; buckets without an outage are right.",
    where: 'operations.ts',
    hint: 'a statistics point of a day (or hour) with an outage',
  },
  {
    name: 'blind25-activity-pending-whole-game',
    rule: '§4 Statistics endpoints 2: "`GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days"; 3: "Statistics that are disabled, unavailable or in preparation return 503"; §7: "statistics_pending | 503 | Requested historical range still being prepared".',
    description:
      'The activity pattern checks the game\'s "long ranges in preparation" flag without the range, so for a game whose long-range statistics are being prepared (8 here) every activity-pattern request, a 30-day one included, is answered 503 `statistics_pending`, while GET /games/{id}/statistics answers the same dates 200; the other games are right.',
    where: 'operations.ts',
    hint: 'a game whose statistics of long ranges are in preparation (a 91-day statistics range answers 503 `statistics_pending`)',
  },
  // Authentication and limits: the statistics router and the keys' plans.
  {
    name: 'blind25-statistics-401-without-challenge',
    rule: '§5: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."; §4 Statistics endpoints: "Both require the same Bearer key."',
    description:
      'The statistics endpoints were added behind a guard of their own that ends a failed authentication with the shared 401 body but without the challenge, so a 401 of GET /games/{id}/statistics or /activity-pattern (no key, an unknown or a revoked key) has no `WWW-Authenticate` header, while the 401s of the other endpoints carry it.',
    where: 'middleware/authenticate.ts',
    hint: 'a request without a key (or with a bad key) to a statistics endpoint',
  },
  {
    name: 'blind25-statistics-own-rate-limiter',
    rule: '§8: "Requests per minute per key (default for new keys) | 60"; "Requests per UTC day per key"; §7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit"; §4 Statistics endpoints: "Both require the same Bearer key."',
    description:
      "The statistics endpoints count the key's requests in a rate limiter of their own (a second instance, not the shared one), so a key gets its whole minute and day budget twice: a 5/min key that spent its minute on /tags is admitted on GET /games/{id}/statistics (X-RateLimit-Remaining 4), and its statistics requests leave the other endpoints' remaining untouched.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small limit (the low-limit key, 5/min) spent on one side, then used on the other',
  },
  {
    name: 'blind25-minute-limit-clamped-16-bit',
    rule: '§7 Response headers: "X-RateLimit-Limit | Integer; configured per-minute request limit"; §5: "In the account console the owner can view current minute and UTC-day budgets".',
    description:
      "The keys' per-minute limits are stored in a 16-bit unsigned column that clamps larger values, so a key configured for more than 65,535 requests a minute (the high-limit key) is limited to 65,535 and shows `X-RateLimit-Limit: 65535` (and the remaining counted from it) instead of its configured limit; keys at or below 65,535 a minute are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose per-minute limit is above 65,535 (the high-limit key)',
  },
  {
    name: 'blind25-day-refusal-limit-header-day',
    rule: '§7 Response headers: "X-RateLimit-Limit | Integer; configured per-minute request limit" (on 200, 404, 405, 422, 429).',
    description:
      "The 429 of a key whose UTC-day budget is spent is written by the daily quota's branch, which puts its own limit in the header, so that 429 has `X-RateLimit-Limit` equal to the key's daily limit (3 for a 10/min, 3/day key) while the key's other answers, and the minute's 429, say its per-minute limit (10).",
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small day limit (the day-limited key, 3/day) past its day budget',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault25Name = (typeof BLIND_FAULTS_25)[number]['name'];

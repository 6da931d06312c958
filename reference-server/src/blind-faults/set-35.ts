/**
 * Blind fault set 35: a thirty-fifth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–34 (set-1.ts … set-34.ts). Its theme is copied from the neighbour: each fault is
 * code copied from a sibling — another parameter's validator, another combination rule, another
 * sort's comparator, the link on the row above, the summary's field, the other collection's parser,
 * another date's serializer, the daily values' stamp, another error's construction, another
 * resolution's case, the count's default, the status block's line, another tag group's query, the
 * unknown route's refusal, the reset header's value — with ONE detail not adapted, so the copy
 * behaves like its neighbour in one respect where the description says this member behaves
 * otherwise. The counts in the descriptions are those of the default fixtures (`createApp`'s dataset:
 * seed 1, 500 games, at the fixtures' anchor 2026-11-22T12:00:00Z). Like the earlier sets, it
 * measures how well the suite catches bugs nobody has shown it, so its entries deliberately have no
 * killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind35-…'] })`, `--faults blind35-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in `blind-faults/set-35-copies.ts`
 * or, for the two header mistakes, on the line of the middleware it names); with none on, nothing
 * changes. `hint` names the case that shows it (what a black-box client needs besides a normal key,
 * when anything).
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_35 = [
  // GET /games.
  {
    name: 'blind35-games-page-bounded-like-per-page',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; "`per_page` | integer 1..50 | 20"; §8: "page | >= 1".',
    description:
      "`page` is validated by the line copied from `per_page`'s (`positiveInteger(query, 'page', 1, MAX_PER_PAGE)`), its maximum of 50 left in, so a page above 50 is refused 422 `invalid_filter` (\"Parameter 'page' must be an integer from 1 to 50.\") although it exists: `/games?per_page=5&page=60` (92 pages of 5 here) is refused instead of listing the 296th to 300th games; pages up to 50, and `per_page`, are right.",
    where: 'operations.ts',
    hint: 'a page above 50 that exists (`per_page=5&page=60`, or `per_page=1&page=51`)',
  },
  {
    name: 'blind35-web-only-sort-check-copied-from-flag',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1`, or combined with `sort=recently_online`, returns 422 `invalid_filter` (websites are not connection-tested)."',
    description:
      "The rule refusing `web_only` with `sort=recently_online` was written by copying the rule refusing it with `online_recently=1`, and the copy's condition still reads the flag (`connectionType === 'web_only' && onlineRecently`), so `connection_type=web_only&sort=recently_online` is answered 200 with the 41 web-only games instead of 422 `invalid_filter`; the flag's combination is refused right.",
    where: 'operations.ts',
    hint: '`connection_type=web_only&sort=recently_online`',
  },
  {
    name: 'blind35-most-reviewed-keyed-on-votes',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. …"; §2 Game summary: "reviews | object | `count` integer >= 0 …" (most reviewed: the most reviews first).',
    description:
      "The `most_reviewed` comparator was copied from `top_voted`'s (`b.monthlyVotes - a.monthlyVotes || a.id - b.id`) and its key was not changed, so `sort=most_reviewed` lists the games in the order of `top_voted`: its first page starts with game 643 (2,932 monthly votes, no review) instead of game 1 (29 reviews); every other sort is right.",
    where: 'operations.ts',
    hint: '`sort=most_reviewed`, its first page against `reviews.count`',
  },
  // A game's detail.
  {
    name: 'blind35-detail-players-link-mssp-path',
    rule: '§2 `urls`: "players | uri string | optional in summary, required in detail" (with "mssp", "reviews" the links of the game\'s sub-resources); §4: "GET /games/{gameId}/players … Returns chronological player-count samples".',
    description:
      "The detail's `urls.players` is written by the line copied from `urls.mssp` (`${self}/mssp`), the path not changed, so it names the game's MSSP snapshot (`…/games/5/mssp`) instead of its player history (`…/games/5/players`), and a client following it gets an MSSP response; the summary's links, and `urls.mssp`, are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}, following `urls.players`',
  },
  {
    name: 'blind35-detail-description-from-intro',
    rule: '§2 Game detail: "description | string (full description)"; Game summary: "intro | string | Short introduction"; §4 GET /games: "`q` … every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The detail's `description` is written by the line copied from `intro` (`description: game.intro`, the key renamed, the value not), so every detail's description is its short introduction instead of its full description: a game listed by `q=<a word of its description only>` shows a description without that word; the summary's `intro` is right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}, its `description` against `intro` (or a game found by a word of its description only)',
  },
  // Reviews.
  {
    name: 'blind35-review-game-link-reviews-path',
    rule: '§2 Review summary: "game | object: `id` integer, `name` string, `archived` boolean"; "urls | object: `self`, `mudverse`, `game` (uri strings)" (`game`: the review\'s game in the API, as `self` is the review).',
    description:
      "A review's `urls.game` is written by the line copied from `urls.self` (`${apiBase}/reviews/${id}`), the game's id put in but the path left at `/reviews/`, so it names the review whose id is the game's id (`…/reviews/1` for a review of game 1) instead of the game (`…/games/1`), in the list and the detail; `self` and `mudverse` are right.",
    where: 'operations.ts',
    hint: 'any review, following `urls.game`',
  },
  {
    name: 'blind35-reviews-paging-validated-like-games',
    rule: '§4 GET /reviews: "`page` | integer >= 1 | 1"; "`per_page` | integer 1..50 | 20"; "Response 200: `{data: [review summaries], meta, links}`. Errors: 401, 405, 429, 500." (422 is not among them).',
    description:
      'GET /reviews reads `page` and `per_page` with the parser copied from GET /games, which refuses a value out of range or not an integer with 422 `invalid_filter`, so `/reviews?per_page=100` (or `page=0`, `per_page=0`) is answered 422 `invalid_filter` — a status GET /reviews does not have — instead of a 200 page; valid paging is right.',
    where: 'operations.ts',
    hint: '`/reviews?per_page=100` (or `page=0`)',
  },
  {
    name: 'blind35-review-edited-null-as-epoch',
    rule: '§2 Review summary: "dates | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)"; §1.4: "A field is `null` when no value exists for it."',
    description:
      '`dates.edited` is written by the line copied from `dates.submitted` (`formatUtcTimestamp(review.edited)`), whose null check was not carried over because a review always has a submission date, so a review never edited (351 of the 422 listed here, review 1 among them) has `edited` `1970-01-01T00:00:00Z` (null read as 0) instead of null, in the list and the detail; edited reviews are right.',
    where: 'operations.ts',
    hint: 'a review never edited (list or detail)',
  },
  // Player history.
  {
    name: 'blind35-raw-recorded-at-day-start',
    rule: '§4 GET /games/{gameId}/players: "`granularity` … `raw` = individual crawler samples"; "Date boundaries and returned timestamps are UTC."; §2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`".',
    description:
      "The raw samples are mapped by the line copied from the daily values' (`recorded_at: formatUtcTimestamp(dayFloor(t))`), the day's floor left in, so every raw sample is stamped at 00:00:00Z of its day instead of when it was recorded: a day of game 5 gives 48 samples all stamped `…T00:00:00Z`; the daily history is right.",
    where: 'operations.ts',
    hint: '`granularity=raw`, its `recorded_at` times',
  },
  // Statistics.
  {
    name: 'blind35-stats-unavailable-code-of-pending',
    rule: '§4 Statistics endpoints: "3. … Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "statistics_unavailable | 503 | Statistics temporarily unavailable"; "statistics_pending | 503 | Requested historical range still being prepared".',
    description:
      'The 503 of a game whose statistics are unavailable is built by copying the construction of the pending one, its message changed and its code not, so GET /games/{id}/statistics of such a game (8 here, game 141 among them) is answered 503 `statistics_pending` ("Statistics are temporarily unavailable for this game.") for any range instead of `statistics_unavailable`; a pending game\'s long range, and the activity pattern, are right.',
    where: 'operations.ts',
    hint: 'a game whose statistics are unavailable',
  },
  {
    name: 'blind35-stats-hourly-span-limit-of-raw',
    rule: '§4 Statistics endpoints: "1. … Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`; at most 1,000 points."; §8: "Statistics raw resolution span | up to 24 hours".',
    description:
      'The `hourly` case of the resolution switch was copied from the `raw` case with its span check left in (`from` must equal `to`, one UTC day), so an hourly range of more than one day — the default 30 days, or two days (48 points) — is refused 422 `invalid_statistics_query` ("Resolution \'hourly\' covers one UTC day …") instead of answered; a one-day hourly range, and the other resolutions, are right.',
    where: 'operations.ts',
    hint: '`resolution=hourly` over two days or more',
  },
  {
    name: 'blind35-stats-empty-bucket-values-zero-like-count',
    rule: '§4 Statistics endpoints: "1. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      "A point's average, minimum and maximum are read with the default copied from its count's (`acc?.sum ?? 0`), so a bucket without any observation — a metric the game does not report (rooms of game 1), the days before its crawl began, a day wholly in an outage — has `average`, `min` and `max` 0 instead of null (its count 0 is right); buckets with observations are right.",
    where: 'operations.ts',
    hint: 'a metric the game does not report, or a range before its first crawl',
  },
  // MSSP.
  {
    name: 'blind35-mssp-web-only-collected-at-null',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot). … Available for archived and web-only games."; §2 MSSP snapshot: "collected_at | NullableTimestamp"; §1.4: "A field is `null` when no value exists for it."',
    description:
      "The snapshot's `collected_at` is written by the line copied from the status block's `mssp_collected_at` (`game.webOnly ? null : …`, §2 rule 2's suppression of the summary), so the MSSP snapshot of a web-only game that has one (8 here, all active, game 18 among them) has `collected_at` null beside its `values`; the game's `status.mssp_collected_at` (null by rule 2) and other games' snapshots are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/mssp of a web-only game with a snapshot',
  },
  // GET /tags.
  {
    name: 'blind35-tags-type-group-reads-theme-values',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."; GET /games rule 1: "Current IDs come from GET /tags."; "`type_tag_id[]` | same | none | game-type tag IDs".',
    description:
      'The groups are read one query per category, and the type group\'s block was copied from the theme group\'s with the category key not changed, so the type group ("Type") lists the eleven theme values (153–167) instead of its own seven (168–174), which games carry in `tags.categories` and `type_tag_id[]` filters by but GET /tags lists nowhere; the other groups are right.',
    where: 'operations.ts',
    hint: "GET /tags, the type group against the games' type tags",
  },
  // Errors and headers.
  {
    name: 'blind35-405-code-of-route-not-found',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."; §7: "method_not_allowed | 405 | Method other than GET; response has `Allow: GET`"; "route_not_found | 404 | API route does not exist".',
    description:
      'The method guard\'s refusal was built by copying the unknown route\'s (`route_not_found`, its message), the status changed to 405 and `Allow: GET` added but the code not, so a POST (or any method but GET) on an endpoint is answered 405 with `error.code` `route_not_found` (and its message, "No API route matches this path.") instead of `method_not_allowed`; the status, `Allow` and the rate-limit headers are right.',
    where: 'middleware/method-check.ts',
    hint: 'any method other than GET on an endpoint (`POST /games`)',
  },
  {
    name: 'blind35-retry-after-written-as-reset-timestamp',
    rule: '§7 Response headers: "Retry-After | Integer seconds until retry; on 429"; "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; §8: "the client waits the number of seconds in `Retry-After`".',
    description:
      "The 429's Retry-After is set from the value written to X-RateLimit-Reset on the line above (the reset as a Unix timestamp), so a refused request is told to wait about 1.8 billion seconds (`Retry-After: 1795348860` at 12:00Z on the anchor day, X-RateLimit-Reset's value) instead of the seconds until the limit resets (60 or fewer for a minute limit); X-RateLimit-Reset and admitted requests are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a 429 (the low-limit key, six requests in a minute)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault35Name = (typeof BLIND_FAULTS_35)[number]['name'];

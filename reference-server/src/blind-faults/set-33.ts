/**
 * Blind fault set 33: a thirty-third set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–32 (set-1.ts … set-32.ts). Its theme is the rare record: each fault shows only on
 * records that are a small minority of the directory — a tag value few games carry, the longest
 * listing text, the highest id, the top-voted game, a game whose every review is unrated, the oldest
 * reviews, the longest game names and review titles, a day with a single player sample, the busiest
 * samples, a short MSSP reply, a game whose statistics are unavailable, a statistics bucket with one
 * observation, an activity hour nobody played in, the twelfth value of the widest tag group — and on
 * them breaks one rule the description states, while every common record is answered right, so a
 * tester who read the first page of the default listing, or the first game discovery found, passes
 * it. The counts in the descriptions are those of the default fixtures (`createApp`'s dataset: seed
 * 1, 500 games, at the fixtures' anchor 2026-11-22T12:00:00Z). Like the earlier sets, it measures how
 * well the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind33-…'] })`, `--faults blind33-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in `blind-faults/set-33-rare.ts`);
 * with none on, nothing changes. `hint` names what a black-box client needs besides a normal key to
 * observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_33 = [
  // GET /games.
  {
    name: 'blind33-tag-filter-rare-value-matches-nothing',
    rule: '§4 GET /games: "`language_tag_id[]` | same | none | language tag IDs" (and the eight other tag parameters); rule 1: "… Current IDs come from GET /tags."; rule 2: "Values within one tag category combine with OR; …".',
    description:
      "The tag filter reads its posting lists from the facet table kept for the listing's sidebar, which holds only the values carried by at least five listed games, so a value carried by fewer has no posting list and matches no game: `language_tag_id[]=187` (Swedish, 4 active games here) and `=188` (Chinese, 4) answer an empty collection with `meta.total` 0, and with another value of the category (`…=187&…=178`) only the other value's games; 2 of the 64 tag values here, the 62 others filter right.",
    where: 'operations.ts',
    hint: 'a tag id from GET /tags that few games carry (the language tags of a game found in GET /games), filtered alone',
  },
  {
    name: 'blind33-q-search-document-cut-at-1000',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The searched document (name, intro and description, one a line) is kept in a column of 1,000 characters filled without error, so the end of a listing whose three texts run longer is cut off the search: a term that occurs only past the 1,000th character is not found there — game 453 here (1,026 characters; its description ends "for example Potato or Blightmud.") is missing from `q=blightmud` (and its total) though its description holds the word; the 458 other active games are searched whole.',
    where: 'operations.ts',
    hint: 'a word from the end of the longest description (a game detail), searched',
  },
  {
    name: 'blind33-most-reviewed-counts-compared-as-text',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. …" (`most_reviewed`: the games with the most reviews first).',
    description:
      'The `most_reviewed` order compares the review counts as they come from a JSON aggregate, as text, so a two-digit count sorts below every count whose first digit is larger: game 1 here, the only game with more than 9 reviews (29), comes after the 26 games with 3 to 6 reviews (place 27 instead of 1, on the second page of 20), before those with 2; every other game, all with 0 to 6 reviews, is in order.',
    where: 'operations.ts',
    hint: 'GET /games?sort=most_reviewed, and the game with the most reviews (`reviews.count`)',
  },
  // Game detail (and the summaries' rank).
  {
    name: 'blind33-detail-highest-id-not-found',
    rule: '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1 (listing ID). Response 200: `{data: game detail}`. … Errors: 401, 404 (`game_not_found`), …"; §7: "game_not_found | 404 | Game does not exist".',
    description:
      "The detail's id table is an Int32Array of `maxId` slots written `table[id] = position + 1`, one slot too few: a typed array drops the write at index `maxId` silently, so the game with the highest id (676 here, an active game listed in 2018, in GET /games with `urls.self` …/games/676) is answered 404 `game_not_found`; the 499 other games, and its MSSP, players and reviews, are served.",
    where: 'operations.ts',
    hint: 'the game with the highest id found in GET /games, by its `urls.self`',
  },
  {
    name: 'blind33-top-voted-rank-null',
    rule: '§2 Game summary: "`ranking` | object | `rank` integer or null; `monthly_votes` integer >= 0"; §1: "A field is `null` when no value exists for it." (the top-voted active game has a rank, 1).',
    description:
      'Ranks are kept as zero-based positions in the vote order and read `position || null` (where `??` was meant) before the + 1, so position 0 reads as "no rank": the top-voted game (643 here, 2,932 monthly votes, first of `sort=top_voted`) has `ranking.rank` null, in GET /games items and in its detail, while the second has 2; every other game\'s rank is right.',
    where: 'operations.ts',
    hint: 'GET /games?sort=top_voted, its first item',
  },
  {
    name: 'blind33-detail-all-unrated-reviews-500',
    rule: '§4 GET /games/{gameId}: "Response 200: `{data: game detail}`."; §2 Game summary: "`reviews` | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0".',
    description:
      'The detail recomputes the average rating once it has found reviews as `ratings.reduce((a, b) => a + b) / ratings.length`, and `reduce` without an initial value throws a TypeError on an empty list, so the detail of a game whose every review is unrated (`reviews.count` > 0, `rating_count` 0: 24 of the 459 active games here, game 35 among them) is answered 500 `internal_error`; games without reviews, and games with a rated review, are served (their summaries in GET /games too).',
    where: 'operations.ts',
    hint: 'a game whose `reviews.rating_count` is 0 while `reviews.count` is not (GET /games items)',
  },
  // GET /reviews.
  {
    name: 'blind33-reviews-older-than-1000-days-unlisted',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection." (only those); §1: "`total` … (count of matching items across all pages)".',
    description:
      "The list query was copied from the site's \"recent reviews\" feed with its window (`submitted > now() - interval '1000 days'`), so the reviews older than 1,000 days (13 of the 422 reviews of active games here, submitted between November 2023 and February 2024) are missing from GET /reviews and its total, with `game_id` too (a game's list then holds fewer than its `reviews.count`); they are served by id, and every newer review is listed.",
    where: 'operations.ts',
    hint: 'the last page of GET /reviews, or a game whose `reviews.count` exceeds its GET /reviews?game_id total',
  },
  {
    name: 'blind33-review-list-game-name-cut-at-30',
    rule: '§2 Review summary: "`game` | object: `id` integer, `name` string, `archived` boolean" (the game\'s name, as its detail and GET /games give it).',
    description:
      'The list reads the game\'s name from the reviews table\'s denormalised `game_name VARCHAR(30)` column, filled without error when the review was written, so the reviews of a game whose name is longer than 30 characters (games 479 and 581 here, "Burning Colonies: The War of Ages", 7 of the 457 reviews) have `game.name` cut to 30 characters in GET /reviews ("Burning Colonies: The War of A"); the review detail joins the game and is right, as is every shorter name.',
    where: 'operations.ts',
    hint: 'GET /reviews?game_id=<a game whose name is longer than 30 characters>',
  },
  // GET /reviews/{reviewId}.
  {
    name: 'blind33-review-detail-long-title-shortened',
    rule: '§2 Review summary: "`title` | string"; "Review detail adds `body` (string, required) …" (the detail is the summary with its body: the same title).',
    description:
      'The detail\'s title passes the review page\'s `<title>` shortener (32 characters, the last an ellipsis), so a review whose title is longer than 32 characters ("Great world, steep learning curve", 33: 7 of the 457 reviews here, reviews 277, 287, 373 … among those listed) has the title "Great world, steep learning cur…" in GET /reviews/{id} while GET /reviews gives it whole; shorter titles are right.',
    where: 'operations.ts',
    hint: 'a review whose title is longer than 32 characters, in GET /reviews and by id',
  },
  // Player history.
  {
    name: 'blind33-daily-lone-sample-day-dropped',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples".',
    description:
      "A day's average is written only when the day holds more than one sample (`count > 1`, meant to skip a day in progress whose first crawl alone has come in, where `count >= 1` was meant), so a day whose only sample is one crawl (a day that outages, or a crawl's start or end, leave one crawl slot: 16 game-days of the last year here, game 116 on 2026-11-12 and 2026-11-17, game 65 on 2026-10-24) is missing from the daily history though `granularity=raw` shows its sample; days of two samples or more are right.",
    where: 'operations.ts',
    hint: 'a daily history over a day whose raw history holds one sample',
  },
  {
    name: 'blind33-raw-players-clamped-255',
    rule: '§4 GET /games/{gameId}/players: "`raw` = individual crawler samples"; §2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`" (the count of that sample; `daily` = rounded daily average of them).',
    description:
      "The raw samples are served from a history cache that keeps each count in a Uint8ClampedArray (a byte a sample: most games have fewer than 256 players), so a sample of more than 255 players reads 255 (3.6 % of the last year's samples here, on 44 active games in the last 90 days: game 567's 748 today and 643 at its last crawl), while the daily averages come from the day sums and are right (a daily value above 255 over raw samples that never exceed it); smaller counts are right.",
    where: 'operations.ts',
    hint: 'the raw history of the busiest game (the highest `status.latest_players`)',
  },
  // MSSP.
  {
    name: 'blind33-mssp-short-reply-not-available',
    rule: '§3: "State of an MSSP lookup: `meta.status` is `available` when a snapshot exists, `mssp_not_available` (with `data` null) when the game exists but has no snapshot."; §4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot)."',
    description:
      "The snapshot reader skips a stored reply of fewer than 23 variables as a partial (cut-off) MSSP reply, and with no complete reply stored answers that there is none, so a game whose snapshot holds 21 or 22 variables (7 of the 442 snapshots here: games 58, 157, 232, 292, 332, 600, 668) is answered `data` null and `mssp_not_available` although its `status.mssp_collected_at` gives the snapshot's time; fuller snapshots are served.",
    where: 'operations.ts',
    hint: 'the MSSP of a game with a snapshot (`status.mssp_collected_at` set) whose reply is short',
  },
  // Statistics and activity pattern.
  {
    name: 'blind33-stats-unavailable-other-metrics-served',
    rule: '§4 Statistics endpoints: "3. … Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."',
    description:
      "The availability flag is read from the game's player series, where the statistics backend marks it, and the nine other metrics are read from the MSSP metric store, which has no such flag, so for a game whose statistics are unavailable (8 of the 500 here: 47, 141, 235, 282, 329, 423, 517, 611) `metric=areas` (or any metric but `players`) is answered 200 with points instead of 503 `statistics_unavailable`; `players` (the default) is refused right, and every other game is right.",
    where: 'operations.ts',
    hint: 'a game whose statistics are unavailable, asked another metric than `players`',
  },
  {
    name: 'blind33-stats-lone-observation-min-max-null',
    rule: '§4 Statistics endpoints: "1. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      "The rollups' accumulator is created from a bucket's first observation with its count and sum only, the minimum and maximum folded in on the next ones (`acc.min = Math.min(acc.min ?? value, value)`), so a point of one observation has `count` 1 and its average but a null minimum and maximum: the hourly point of the current hour while it holds one crawl (12:00 at the anchor), hours and days at the edge of an outage or of a crawl's start (525 of the 248,120 hourly points of the active games' last 30 days here, 0.2 %); `raw` points are served from the samples, and points of two observations or more are right.",
    where: 'operations.ts',
    hint: 'hourly statistics of today (the current hour has one crawl in its first half)',
  },
  {
    name: 'blind33-activity-zero-average-null',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: … Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."',
    description:
      "A cell's average is written `sum / count || null` (the sparse cell's null folded in with `||`), so a cell of three or more observations whose samples all counted 0 players has a null average instead of 0 (727 of the 59,950 such cells of the 500 games' default 30 days here, 1.2 %, on 59 small games such as 16 and 39); cells with players, and sparse cells, are right.",
    where: 'operations.ts',
    hint: 'the activity pattern of a game whose latest player count is 0',
  },
  // GET /tags.
  {
    name: 'blind33-tags-group-values-capped-11',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."; GET /games rule 1: "Current IDs come from GET /tags."',
    description:
      "Each group's values are read into a row of fixed capacity sized for the widest group when it was written (eleven values), so the twelfth value of the one group that has twelve — the codebase group's last, 136 \"Custom\", carried by 44 active games here — is not listed (1 of the 64 values), though games carry it and `codebase_tag_id[]=136` filters by it; the other groups, and the codebase group's first eleven values, are right.",
    where: 'operations.ts',
    hint: 'GET /tags, and a game whose codebase tag is not in it',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault33Name = (typeof BLIND_FAULTS_33)[number]['name'];

/**
 * Blind fault set 34: a thirty-fourth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–33 (set-1.ts … set-33.ts). Its theme is beyond the first page: each fault shows
 * only past the first page, or the first screen, of what a client reads — page 2 and later of a
 * collection, the last page, the page just past the end, a game's later reviews, a history or
 * statistics range long enough that the answer is large (a long raw or daily history, the far past
 * near a game's first crawl or a backfill in progress, the 1,000th point, the points after a store's
 * first reply, an activity range longer than the default month), the last group of the taxonomy —
 * and on it breaks one rule the description states, while the first page (and a short range) is
 * answered right, so a tester who read the first page of each collection passes it. The counts in
 * the descriptions are those of the default fixtures (`createApp`'s dataset: seed 1, 500 games, at
 * the fixtures' anchor 2026-11-22T12:00:00Z). Like the earlier sets, it measures how well the suite
 * catches bugs nobody has shown it, so its entries deliberately have no killing check of their own
 * (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind34-…'] })`, `--faults blind34-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in `blind-faults/set-34-pages.ts`);
 * with none on, nothing changes. `hint` names the case that shows it (what a black-box client needs
 * besides a normal key, when anything).
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_34 = [
  // GET /games.
  {
    name: 'blind34-games-total-from-short-page',
    rule: '§2 Shared types: "PaginationMeta | `page` integer >= 1; `per_page` integer 1..50; `total` integer >= 0 (count of matching items across all pages)".',
    description:
      'The count query is skipped when the page came back neither full nor empty ("we have read them all", an optimisation for small results), and `meta.total` is then the number of games on the page — the offset forgotten — so a partial last page after the first reports only its own games: `/games?page=23` (19 games) has `meta.total` 19 instead of 459, `has_reviews=1&page=14` 16 instead of 276 (and `previous` disappears with the total); first pages, full pages and empty pages are right.',
    where: 'operations.ts',
    hint: 'the last page of GET /games when `per_page` does not divide the total (e.g. `page=23` of 459 games)',
  },
  {
    name: 'blind34-games-deep-pages-in-id-order',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. …" (every page in that order); §2: "`total` … (count of matching items across all pages)".',
    description:
      "Pages are read from the search engine, whose result window is 200: a page whose offset reaches it (page 11 and later at 20 a page, page 5 and later at 50) is read through the engine's scroll API, which returns the matching games in index order (listing id ascending) instead of the sort's, so the far pages of every sort hold the games of the id order at that offset — the last page of `sort=oldest` is not the newest listings, and walking the pages lists some games twice and never others; the first 200 games of every query are right.",
    where: 'operations.ts',
    hint: 'a page of GET /games past the 200th game (`per_page=50&page=5`), checked against the sort',
  },
  {
    name: 'blind34-top-voted-keyset-and-condition',
    rule: '§4 GET /games: "`sort` … `top_voted` …"; "`page` | integer >= 1 | 1 | One-based"; §2: "`total` … (count of matching items across all pages)" (page n holds the items after those of pages 1 … n − 1).',
    description:
      "The `top_voted` pages after the first are read by keyset, after the last game of the page before, with the condition written as two ANDed comparisons (`monthly_votes <= :votes AND id > :id`) where the row comparison (fewer votes, or as many and a higher id) was meant, so a later page holds only the games whose id is higher than the cursor game's: page 2 (per_page 20) skips every game with fewer votes and a lower id than the 20th game (game 653, 1,406 votes here) and holds 11 games, all with ids above 653, instead of the next 20, and walking the pages never lists most of the games while `meta.total` still counts 459; page 1 is right.",
    where: 'operations.ts',
    hint: 'GET /games?sort=top_voted&page=2',
  },
  {
    name: 'blind34-games-past-end-next-link',
    rule: '§1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, total}, links: {self, next?, previous?}}`. `next` or `previous` is present only when such a page exists."',
    description:
      'Whether a next page exists is tested as `page !== last` (where `page < last` was meant), so a page past the last links `next` to the page after it: `/games?page=24` (23 pages of 20) links `next` to `page=25`, which links `page=26`, and a client following `next` from past the end never stops; the last page (no `next`) and every page before it are right (GET /reviews is right).',
    where: 'operations.ts',
    hint: 'a page of GET /games past the last (`page=<last + 1>`), its links',
  },
  // GET /reviews.
  {
    name: 'blind34-reviews-game-later-pages-oldest-first',
    rule: '§4 GET /reviews: "Public reviews, newest first. …"; "`game_id` | integer >= 1 | none (limits results to one active game)".',
    description:
      "With `game_id`, the first page comes from the game's \"latest reviews\" (newest first) and the later pages from the reviews archive, which reads a game's reviews oldest first (`ORDER BY submitted`) with the same offset, so a later page of a game with more reviews than a page holds the newest reviews again instead of the older ones: `game_id=1&page=2` (29 reviews) serves the game's 9 newest reviews, oldest first (the first 9 of page 1 again), instead of its 9 oldest, which are never listed; page 1, and GET /reviews without `game_id`, are right.",
    where: 'operations.ts',
    hint: 'page 2 of GET /reviews?game_id=<a game with more reviews than per_page> (game 1 here, or per_page=2 for a game with 5 or 6)',
  },
  {
    name: 'blind34-reviews-cursor-kept-from-previous-request',
    rule: '§4 GET /reviews: "`page` | integer >= 1 | 1"; §2: "PaginationMeta | `page` integer >= 1 …" (page n of the newest-first list, whichever page was read before).',
    description:
      'The list keeps, per query (its parameters but `page`), where the last page it served ended — a continuation cursor meant for a "load more" button — and a request for a page after the first continues from there whatever page it asks for, so after page 1 a request for the last page (`page=22`, computed from `meta.total`) serves the reviews of page 2 with `meta.page` 22, and a repeated request for page 2 serves page 3; page 1, and pages read in order, are right.',
    where: 'operations.ts',
    hint: 'GET /reviews, then its last page (or any page other than the next one)',
  },
  {
    name: 'blind34-reviews-partial-last-page-filled',
    rule: '§4 GET /reviews: "Public reviews, newest first. …"; §2: "`total` … (count of matching items across all pages)" (a page holds the items after the pages before it, each once).',
    description:
      'The last page is read as the last `per_page` reviews (`OFFSET GREATEST(total − per_page, 0)`, the query of the table\'s "jump to the end" button), so a partial last page is filled with the end of the page before it: `/reviews?page=22` (422 reviews, 2 on the last page) serves 20 reviews, 18 of them repeated from page 21, and walking the pages gives 440 reviews for a total of 422 (also a game\'s last page with `game_id`); full pages, and a first page that is the only one, are right.',
    where: 'operations.ts',
    hint: 'the last page of GET /reviews when `per_page` does not divide the total',
  },
  // Player history.
  {
    name: 'blind34-raw-store-page-boundary-sample-twice',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples …"; "`granularity` … `raw` = individual crawler samples".',
    description:
      "The raw samples are read from the time-series store in pages of 2,000, each next page asked from the last sample's time inclusive (`recorded_at >= :last`), so the sample that ends each full page is served twice in a row: a raw history of more than 2,000 samples (over about 42 days of a game crawled every 30 minutes, e.g. 60 days of game 5: 2,858 samples instead of 2,857) repeats its 2,000th sample (and the 3,999th); shorter raw ranges, the default 30 days included, are right.",
    where: 'operations.ts',
    hint: 'a raw history of 60 to 90 days of a game crawled all through (compared with its shorter ranges)',
  },
  {
    name: 'blind34-daily-first-crawl-day-missing',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples"; "`from` … Inclusive UTC start".',
    description:
      "The daily roll-up job starts at the first complete day after a game's first crawl, so the day of the first crawl has no daily value: a daily history over the start of a game's history (the far past of its listing; 114 active games first crawled in the last year here, game 6 on 2026-10-08) begins a day late although `granularity=raw` serves that day's samples; every later day, and every history that starts after the first crawl day, is right.",
    where: 'operations.ts',
    hint: "a daily history reaching back to a game's first samples (the day its raw history begins)",
  },
  {
    name: 'blind34-daily-short-store-page-ends-read',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average …"; "`to` | date … Inclusive UTC end"; "a `daily` range spans at most 365 days".',
    description:
      'The daily values are read from the roll-up store 100 days at a time and the loop stops at the first reply shorter than 100 rows; the store leaves out the days without samples, so in a range longer than 100 days a first 100 days holding one such day (before the first crawl, or an outage of a whole day) ends the reading and every later day is missing: the 365-day history of game 1 (first crawled 2026-04-05) is empty, and the 365-day histories of 211 of the 393 crawled active games stop early; ranges of up to 100 days, the default 30 included, are right.',
    where: 'operations.ts',
    hint: 'a daily history of a year (365 days) of a game first crawled within it, or with a day-long outage early in it',
  },
  // Statistics.
  {
    name: 'blind34-stats-pending-weekly-monthly-served',
    rule: '§4 Statistics endpoints: "3. … Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "statistics_pending | 503 | Requested historical range still being prepared".',
    description:
      'The backfill\'s "in preparation" flag is kept on the hourly and daily roll-ups (the ones the backfill job fills) and the weekly and monthly points are read from the calendar roll-ups without it, so a long range of a game whose long ranges are still being prepared (16 of the 500 games here, 14 of them active, game 87 among them) is answered 200 with points at `resolution=weekly` or `monthly` instead of 503 `statistics_pending`; daily (the default) and hourly are refused right, and short ranges are served.',
    where: 'operations.ts',
    hint: 'a game whose statistics are pending, asked a range of more than 90 days at weekly or monthly resolution',
  },
  {
    name: 'blind34-stats-thousandth-point-dropped',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC …) … at most 1,000 points."; §8: "Statistics points | at most 1,000".',
    description:
      "The bucket loop's run-away guard counts from one (`for (let n = 1; n < MAX_POINTS …`), so at most 999 points are served and a range of exactly 1,000 points loses its last one — a daily range of 1,000 days ending today (`from=2024-02-27&to=2026-11-22`) ends on 2026-11-21, without the `to` day; ranges of up to 999 points are right.",
    where: 'operations.ts',
    hint: 'statistics of exactly 1,000 points (a daily range of 1,000 days), its last point',
  },
  {
    name: 'blind34-stats-continuation-default-metric',
    rule: '§4 Statistics endpoints: "1. … a metric selector and a resolution selector. … Metrics: `players`, `areas`, `helpfiles`, `mobiles`, `objects`, `rooms`, `classes`, `levels`, `races`, `skills`. Each data point holds …" (every point of the metric asked).',
    description:
      "The roll-up store answers at most 500 points a reply, and the continuation query for the rest is rebuilt from the range and the resolution only, so after the 500th point the store's default metric is read: an hourly range of more than 500 hours (21 to 41 days) or a daily range of more than 500 days, asked for `metric=rooms` (or any metric but `players`), has the player counts in its points from the 501st on (game 5's rooms, about 8,060, become about 160 players); `players`, and ranges of up to 500 points, are right.",
    where: 'operations.ts',
    hint: 'hourly statistics of 30 days for a metric other than players, its last points',
  },
  // Activity pattern.
  {
    name: 'blind34-activity-chunk-boundary-day-skipped',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, … Returns 168 weekday/hour cells with counts and sample averages …" (the samples of every day from `from` to `to`).',
    description:
      "A range longer than 30 days is read from the sample store in 30-day chunks, and each next chunk starts a day after the previous one's exclusive end (`next = end + 1 day`), so the day at each boundary — the 31st and the 62nd of the range — is never read: a 90-day pattern of game 5 counts 4,224 samples instead of 4,320, the two days' 96 missing from their weekdays' cells (a 31-day range misses its last day); ranges of up to 30 days, the default included, are right.",
    where: 'operations.ts',
    hint: 'an activity pattern of 31 to 90 days (the counts against those of its 30-day parts)',
  },
  {
    name: 'blind34-activity-long-range-without-today',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates …" (§4 statistics 1: "`from` and `to` (YYYY-MM-DD, UTC …)", the player history\'s inclusive ends) "… Returns 168 weekday/hour cells with counts and sample averages …".',
    description:
      "A range longer than 30 days is read from the nightly roll-up, which holds complete days only, so today's samples are missing from a long range ending today: a 45-day pattern of game 5 at 12:00Z counts 25 samples fewer in today's weekday cells than its samples hold (the default 30-day range, read live, counts them); ranges ending before today are right.",
    where: 'operations.ts',
    hint: 'an activity pattern of more than 30 days ending today',
  },
  // GET /tags.
  {
    name: 'blind34-tags-last-row-dropped',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."; GET /games rule 1: "Current IDs come from GET /tags."',
    description:
      'The groups are built from the joined group × value rows by a loop that appends a row\'s value when it reads the next row (a one-row look-behind, to see where a group ends), and nothing appends the last row after the loop, so the last value of the last group — 195 "No PK" of the player-killing group, carried by 92 active games here — is not listed, though games carry it and `player_killing_tag_id[]=195` filters by it; every other value, and the last group\'s first four, are right.',
    where: 'operations.ts',
    hint: 'GET /tags, its last group, and a game whose player-killing tag is not in it',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault34Name = (typeof BLIND_FAULTS_34)[number]['name'];

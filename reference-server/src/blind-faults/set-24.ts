/**
 * Blind fault set 24: a twenty-fourth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–23 (set-1.ts … set-23.ts). Its theme is the numbers — counting, rounding and
 * arithmetic at their edges: a page-size clamp where a refusal was meant, a page read as a
 * fraction, ids and offsets kept in 32 bits, a total counting joined rows, a `previous` link to a
 * page that does not exist, a latest count that is an hour's mean, a running mean, stats over the
 * first page or as of last midnight, a rating scale applied twice, numbers of ten digits left as
 * text, a day index rounded instead of floored, an average of averages, range limits counted in
 * values, a point cap counted in whole weeks, extremes of averages, a range snapped to whole weeks,
 * a wait in minutes and a reset with a fraction. Most of its bugs show only for some inputs, some
 * records or at some times. Like the earlier sets, it measures how well the suite catches bugs
 * nobody has shown it, so its entries deliberately have no killing check of their own (see
 * README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind24-…'] })`, `--faults blind24-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the faulty arithmetic does is in
 * `blind-faults/set-24-numbers.ts`); with none on, nothing changes. `hint` names what a black-box
 * client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_24 = [
  // GET /games: parameters, totals and links.
  {
    name: 'blind24-per-page-clamped',
    rule: '§4 GET /games: "`per_page` | integer 1..50 | 20"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."; §8: "per_page | 1..50, default 20".',
    description:
      'GET /games reads `per_page` through the clamp helper written for GET /reviews (`min(50, max(1, n))` on any integer), so `per_page=0` (or a negative value) is answered 200 with one game a page and `meta.per_page` 1, and `per_page=51` (or 1000) with 50 games a page and `meta.per_page` 50, instead of 422 `invalid_filter`; values that are not integers are still refused, and per_page 1–50 is right.',
    where: 'operations.ts',
    hint: 'a `per_page` outside 1..50 (0 or 51)',
  },
  {
    name: 'blind24-page-fractional-accepted',
    rule: '§2 PaginationMeta: "`page` integer >= 1"; §4 GET /games: "`page` | integer >= 1 | 1 | One-based"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."',
    description:
      'GET /games validates `page` as `Number(page) >= 1` without the integer check, so a fractional page is answered 200: `page=1.5` serves the games from offset `(1.5 − 1) × per_page` (items 11–30 with the default page size) with `meta.page` 1.5 and links to `page=2.5` and `page=0.5`, instead of 422 `invalid_filter`; whole pages are right.',
    where: 'operations.ts',
    hint: 'a fractional `page` (1.5)',
  },
  {
    name: 'blind24-tag-id-wraps-at-2-32',
    rule: '§4 GET /games: "`theme_tag_id[]` | same | none | theme tag IDs" (… "array of integer >= 1, unique"); rule 1: "Current IDs come from GET /tags."; rule 2: "Values within one tag category combine with OR".',
    description:
      'The parsed tag ids are copied into an Int32Array for the index lookup, which keeps only their low 32 bits, so an id of 2^32 or more selects the games of the id it wraps to: `theme_tag_id[]=4294967449` (2^32 + 153) lists the games of theme 153 (and counts them in `meta.total`) instead of no game, in every category; ids below 2^31 are right.',
    where: 'operations.ts',
    hint: 'a tag id of 2^32 plus a current id',
  },
  {
    name: 'blind24-repeated-tag-id-counted-twice',
    rule: '§4 GET /games: tag parameters "array of integer >= 1, unique"; rule 3: "Other invalid filter values also yield 422 `invalid_filter`."; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      'Repeated ids of one tag parameter are not refused: the games are read with the ids made unique, but `meta.total` comes from a count joined to the sent ids without DISTINCT, so each game is counted once per time its id was sent: `theme_tag_id[]=153&theme_tag_id[]=153` is answered 200 with the games of theme 153 and twice their number in `meta.total` (and `next` links to pages past the end) instead of 422 `invalid_filter`; unique ids are right.',
    where: 'operations.ts',
    hint: 'a tag id sent twice in one parameter',
  },
  {
    name: 'blind24-previous-link-beyond-last',
    rule: '§1.5: "`next` or `previous` is present only when such a page exists."',
    description:
      'The `previous` link is written whenever `page > 1`, so a page two or more past the last one (an empty page) links `previous` to a page that is itself past the end (`/games?page=99` of a 14-page collection links `page=98`), in GET /games and GET /reviews; pages up to one past the last are right.',
    where: 'operations.ts',
    hint: 'a page two or more past the last',
  },
  // Game representations (GET /games items, GET /games/{gameId}).
  {
    name: 'blind24-latest-players-hour-mean',
    rule: '§2 `status`: "latest_players | integer or null".',
    description:
      "`status.latest_players` is smoothed as the mean of the game's samples of the hour up to its last successful crawl (two crawls), so a game whose last two samples differ by an odd number has a half (`latest_players: 12.5`) instead of an integer (104 active games here), in GET /games items and the detail; games with equal-parity samples, and games without samples (null), are right.",
    where: 'operations.ts',
    hint: 'a game whose last two samples differ by an odd number',
  },
  {
    name: 'blind24-average-rating-running-mean',
    rule: '§2 Game summary: "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0" (the average of the rated reviews).',
    description:
      '`reviews.average_rating` is kept as a running value updated with each new rating as `avg = (avg + rating) / 2` (the mean of the old average and the new rating), so a game with three or more ratings has a value weighted towards its newest ratings (ratings 5, 1, 1 average 2 instead of 2.33; 14 active games here), in GET /games items and the detail; games with one or two ratings are right.',
    where: 'operations.ts',
    hint: 'a game with three or more rated reviews',
  },
  {
    name: 'blind24-detail-review-stats-first-page',
    rule: '§2 Game summary: "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0"; §2 PaginationMeta: "`total` … (count of matching items across all pages)".',
    description:
      "The game detail computes its `reviews` block from the first page of the game's reviews (the 20 newest, the review widget's default page), so a game with more than 20 reviews has `reviews.count` 20 (and `rating_count`/`average_rating` of those 20) in GET /games/{id}, while GET /reviews?game_id=<id> has `meta.total` 25 (2 games here); GET /games items, and games with up to 20 reviews, are right.",
    where: 'operations.ts',
    hint: 'a game with more than 20 reviews',
  },
  {
    name: 'blind24-review-stats-nightly-rollup',
    rule: '§2 Game summary: "reviews | object | `count` integer >= 0; …"; §4 GET /games: "`has_reviews` … 1 requires at least one review" (the count of the game\'s reviews, those GET /reviews lists).',
    description:
      "A game's `reviews` block is read from counters rolled up at each UTC midnight, so the reviews submitted since the last midnight are not counted: a game reviewed today has `reviews.count` (and `rating_count`, `average_rating`) of yesterday, one less than GET /reviews?game_id=<id> counts in `meta.total` (2 games here at 12:00Z), in GET /games items and the detail; games not reviewed today are right.",
    where: 'operations.ts',
    hint: 'a game with a review submitted since the last UTC midnight',
  },
  // GET /reviews and review detail.
  {
    name: 'blind24-reviews-offset-int32-wraps',
    rule: '§4 GET /reviews: "`page` | integer >= 1 | 1"; §2 PaginationMeta: "`page` integer >= 1; … `total` integer >= 0 (count of matching items across all pages)"; §4 GET /games: "One-based".',
    description:
      "GET /reviews computes the offset `(page − 1) × per_page` in a 32-bit signed integer, which wraps (a negative result read as 0), so a page far past the end whose offset wraps is answered with reviews instead of an empty page: `page=1073741825` (per_page 20: offset 2^34, wrapping to 0) serves the first page's reviews under `meta.page` 1073741825; pages whose offset fits 31 bits are right.",
    where: 'operations.ts',
    hint: 'a page whose offset passes 2^31 (page 1073741825 with per_page 20)',
  },
  {
    name: 'blind24-legacy-rating-halved',
    rule: '§2 Review summary: "rating | integer or null"; "All fields are required." (list and detail).',
    description:
      "Reviews submitted before 2025 are treated as imported from the old site's 10-point scale and halved when read, although the import had already converted them, so their `rating` is half the stars (`1.5` for a 3, `2` for a 4), a fraction for odd ratings (49 reviews here, 30 with an odd rating), in GET /reviews and GET /reviews/{id}; later reviews, and the games' `reviews.average_rating`, are right.",
    where: 'operations.ts',
    hint: 'a review submitted before 2025 (the last pages of GET /reviews)',
  },
  // MSSP.
  {
    name: 'blind24-mssp-ten-digit-numbers-text',
    rule: '§2 MSSP snapshot: "values | object or null; normalized MSSP keys to values; … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Numeric MSSP values are recognised by a pattern that allows at most nine integer digits (what fits a 32-bit integer without an overflow check), so a known numeric value of ten digits or more stays text: `values.uptime` is `"1789146497"` instead of the number, in every snapshot reporting UPTIME (265 here); shorter numbers are right.',
    where: 'operations.ts',
    hint: 'a snapshot with UPTIME',
  },
  // Player history.
  {
    name: 'blind24-daily-day-index-rounded',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; "`to` | date | … | Inclusive UTC end"; "Date boundaries and returned timestamps are UTC."',
    description:
      "A sample's day is computed as `Math.round(t / 86400)` instead of its floor, so each daily value averages the samples from 12:00Z the day before to 11:30Z of its day, and the samples of the `to` day from 12:00Z on form a value stamped the day after `to` (the default history has a value stamped tomorrow from noon on); the raw history is right.",
    where: 'operations.ts',
    hint: 'a daily history whose `to` day has samples from 12:00Z on',
  },
  {
    name: 'blind24-daily-mean-of-hourly-means',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; "`raw` = individual crawler samples".',
    description:
      "A day's value is the rounded mean of its hours' means (an average of averages) instead of the mean of its samples, so a day whose hours hold different numbers of samples — today, whose current hour has one sample while the earlier hours have two, or a day with an outage starting or ending on the half-hour — is reported off the rounded mean of its raw samples; days with two samples every hour are right.",
    where: 'operations.ts',
    hint: "today's daily value (its current hour holds one sample)",
  },
  {
    name: 'blind24-history-limit-counts-values',
    rule: '§4 GET /games/{gameId}/players: "a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. … range beyond the maximum returns 422 `invalid_date_range`."; §8: "Daily player-history range | at most 365 days"; "Raw player-history range | at most 90 days".',
    description:
      'The range limits are checked on the values served (at most 365 daily values, at most 90 × 48 raw samples) instead of the days the range spans, so a longer range is answered 200 when it holds few enough values: a 400-day daily range (or a 120-day raw range) of a game never reached, web-only, or crawled only in part of it; ranges over a game crawled all along are refused as they should be.',
    where: 'operations.ts',
    hint: 'a range beyond the maximum for a game with gaps (a web-only game)',
  },
  // Statistics and the activity pattern.
  {
    name: 'blind24-stats-weekly-cap-whole-weeks',
    rule: '§4 Statistics endpoints 1: "Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`; at most 1,000 points."; §8: "Statistics points | at most 1,000".',
    description:
      'The weekly point cap is counted as `ceil(days / 7)`, the whole weeks from `from`, not the calendar weeks the range touches, so a weekly range of 7,000 days starting inside a week (1,000 "weeks", touching 1,001 calendar weeks) is answered 200 with 1,001 points instead of 422 `invalid_statistics_query`; the other resolutions, and ranges starting on a Monday, are right.',
    where: 'operations.ts',
    hint: 'a weekly range of 7,000 days not starting on a Monday',
  },
  {
    name: 'blind24-stats-rollup-extremes-of-hourly-means',
    rule: '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "Daily, weekly and monthly points are rolled up from the hourly points, and their minimum and maximum are the extremes of the hours' averages instead of the observations, so a day's `min` is above (and `max` below) the smallest (largest) value its observations hold — the extremes of the same day at `raw` resolution — and can be a fraction (`12.5`) for a metric counted in whole numbers; `raw` and `hourly` points, counts and averages are right.",
    where: 'operations.ts',
    hint: 'a daily statistics point of a day with varying values, beside that day at raw resolution',
  },
  {
    name: 'blind24-activity-range-snapped-to-weeks',
    rule: '§4 Statistics endpoints 2: "`GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days" (`from`, `to`, "YYYY-MM-DD, UTC"); §4 GET /games/{gameId}/players: "`from` … Inclusive UTC start", "`to` … Inclusive UTC end".',
    description:
      'The activity pattern widens the range to whole weeks (the Monday on or before `from` to the Sunday on or after `to`) so that every weekday is counted alike, so its cells count the samples of days outside the range asked: a one-day range of a Wednesday has counts (and averages) in the cells of all seven weekdays instead of the Wednesday only, while `meta` shows the dates asked; ranges of whole Monday–Sunday weeks are right.',
    where: 'operations.ts',
    hint: 'a range that does not run from a Monday to a Sunday',
  },
  // Rate limits.
  {
    name: 'blind24-day-retry-after-minutes',
    rule: '§7 Response headers: "Retry-After | Integer seconds until retry; on 429"; §8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."',
    description:
      "When the UTC-day budget is the one spent, Retry-After is written by the daily quota's code, which counts its wait in minutes (rounded up), so a key refused for the day at 12:00Z is told `Retry-After: 720` (minutes until midnight) instead of 43200 seconds, and a client waiting that long is refused again; the minute limit's 429 is right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key with a small day limit (the day-limited key, 3/day)',
  },
  {
    name: 'blind24-reset-fractional-seconds',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "When the minute limit binds, X-RateLimit-Reset is computed as the current time in (fractional) seconds plus the whole seconds left in the minute (`Date.now() / 1000 + ceil(left)`), so a request at a fraction of a second gets a timestamp with a fraction, later than the minute's end (`1795349460.25`); requests on a whole second, and the day limit's reset, are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a request at a fraction of a second (almost any)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault24Name = (typeof BLIND_FAULTS_24)[number]['name'];

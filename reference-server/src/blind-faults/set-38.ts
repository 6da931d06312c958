/**
 * Blind fault set 38: a thirty-eighth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–37 (set-1.ts … set-37.ts). Its theme is **the database underneath**: each fault is
 * what happens when the directory is served from a relational database (PostgreSQL, MySQL or SQLite,
 * behind an ORM or hand-written SQL) and a detail of the store leaks into the answers — a row-count
 * estimate served as a total, OFFSET paging over ties without a tie-breaker, NOT NULL DEFAULT columns
 * of a legacy table, an ENUM that silently stores '' for a value it lacks, a JOIN on tags that repeats
 * a game once per category, an empty IN () list dropped by a query helper, NULLs sorted first by one
 * dialect, two LEFT JOINs fanning out a COUNT, BIT columns handed over as buffers, a GROUP BY read in
 * hash order, MIN/MAX over a TEXT column, a date cast refused by the database, a TINYINT(1) served as a
 * number, a json_agg over a LEFT JOIN's row of NULLs, a key looked up with LIKE, a timestamp "without
 * time zone" read in the server's zone. The counts in the descriptions are those of the default
 * fixtures (`createApp`'s dataset: seed 1, 500 games, at the fixtures' anchor 2026-11-22T12:00:00Z).
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind38-…'] })`, `--faults blind38-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what each leak computes is in `blind-faults/set-38-database.ts`);
 * with none on, nothing changes. `hint` names the case that shows it (what a black-box client needs
 * besides a normal key, when anything).
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_38 = [
  // The collections' envelope and links.
  {
    name: 'blind38-total-from-planner-estimate',
    rule: '§4 GET /games: "Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "PostgreSQL: `SELECT COUNT(*)` over every active listing was slow on the big table, so a request without any condition (no `q`, no flag, no tag id, `connection_type` absent or `all`) reads its total from the planner's estimate, `SELECT reltuples::bigint FROM pg_class WHERE relname = 'games'` — the rows of the whole table as the last ANALYZE counted them, archived listings included. GET /games (any sort, any page) then has `meta.total` 500 instead of 459 (41 archived games counted), and the links follow that count: `per_page=20&page=23` (19 games, the last ones) has a `next` link to page 24, which is empty; `per_page=50&page=10` (9 games) has none because 500 is a multiple of 50. Requests with a condition are counted exactly, and `data` is right everywhere.",
    where: 'operations.ts',
    hint: 'GET /games without parameters (its total against the games listed page by page)',
  },
  {
    name: 'blind38-most-reviewed-ties-reordered-past-first-page',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)"; §4 GET /games: "`page` | integer >= 1 | 1 | One-based" (the pages of one query, in the `sort` asked for).',
    description:
      'PostgreSQL: `sort=most_reviewed` is `ORDER BY review_count DESC LIMIT :per_page OFFSET :offset`, without a unique tie-breaker. The first page (OFFSET 0) is read through the index on `(review_count DESC, id)`, so equal counts come in id order; with an OFFSET the planner switches to a sequential scan and a top-N heapsort, which leaves rows of equal count in the reverse order (highest id first). A group of tied games that straddles two pages is therefore cut twice: with 20 a page, page 1 ends with the first 7 of the 14 games with three reviews (26, 84, 116, 120, 194, 222, 231), and page 2 starts with those same 7 again (231, 222 … 26), then the games with two reviews highest id first (673, 651 …), while the other 7 (260, 296, 397, 399, 445, 621, 665) are on no page; every later page is cut from the reversed ties too. Page 1 and `meta.total` are right.',
    where: 'operations.ts',
    hint: 'page 2 of `sort=most_reviewed` (tied review counts across the page boundary)',
  },
  // A game's fields and states.
  {
    name: 'blind38-web-only-legacy-empty-connection',
    rule: '§2 Rules on game resources: "2. Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null, and current MSSP summary fields are suppressed (null)."',
    description:
      "MySQL: listings imported from the legacy directory (listed before 2020-01-01) keep the legacy table's columns `host VARCHAR(255) NOT NULL DEFAULT ''` and `port INT NOT NULL DEFAULT 0`, and the ORM maps them as stored, so a web-only game of that import has `connection.host` \"\" and `connection.port` 0 instead of null (10 of the 41 active web-only games here: 14, 59, 66, 145, 323, 374, 503, 531, 550, 570), in GET /games' items and in the detail (GET /games/14); `tls_port` and `mssp_port`, added later as nullable columns, stay null, and web-only games listed since 2020 (game 18) are right.",
    where: 'operations.ts',
    hint: 'a web-only game listed before 2020 (GET /games/14)',
  },
  {
    name: 'blind38-admin-disabled-reason-enum-blank',
    rule: '§2 `status`: "archive_reason | string or null | `non_connectivity` in the machine-readable schema; `admin_disabled` is also documented for an administrator restriction; null for active listings"; §2 rule 1: "Archived game: `status.archived` is true, `status.archive_reason` is set …".',
    description:
      "MySQL: the column is `archive_reason ENUM('non_connectivity') NULL`, as the machine-readable schema lists it, and the server runs without strict mode, so storing 'admin_disabled' kept the ENUM's error value, the empty string (index 0), with a warning nobody read. GET /games/{id} of a game archived by an administrator (8 here: 19, 181, 193, 272, 313, 333, 400, 521) has `status.archive_reason` \"\" instead of `admin_disabled`; games archived for non-connectivity (31) and active games (null) are right, and `status.archived` is true.",
    where: 'operations.ts',
    hint: 'a game archived by an administrator (the archived hint: GET /games/19)',
  },
  // GET /games: tag filters, search, sort.
  {
    name: 'blind38-tag-join-rows-per-category',
    rule: '§2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)"; §4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND; the search terms and all filters combine with AND."',
    description:
      'PostgreSQL: the categories are ANDed by one `EXISTS` per category (right), but the query also joins `game_tags gt ON gt.game_id = g.id AND gt.tag_id IN (:every id sent)` to carry the matched tag into the row, without DISTINCT, so a game matching ids of k categories comes back k times and `COUNT(*)` counts it k times: `theme_tag_id[]=153&language_tag_id[]=179` (Fantasy, German) is answered with `meta.total` 18 instead of 9 and each of the 9 games twice in a row (276, 276, 49, 49 …); three categories (`game_size_tag_id[]=101&rp_status_tag_id[]=110&codebase_tag_id[]=119`) give game 149 three times and a total of 3. Ids of one category (`theme_tag_id[]=153&theme_tag_id[]=154`) are right, a game holding one theme.',
    where: 'operations.ts',
    hint: 'tag ids of two categories (`theme_tag_id[]=153&language_tag_id[]=179`)',
  },
  {
    name: 'blind38-q-without-hits-unfiltered',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The search index returns the ids of the games holding every term, and the listing query adds them through the query builder's optional-condition helper, `if (ids.length > 0) qb.whereIn('g.id', ids)` (written so that an absent filter adds no `IN ()`, which is a syntax error), so a search that finds nothing adds no condition at all: `q=zzzzqq` is answered with every active game (`meta.total` 459) instead of none, `q=zzzzqq&connection_type=web_only` with the 41 web-only games; a search finding at least one game (`q=orc`, 181) is right, also when the other filters then leave none.",
    where: 'operations.ts',
    hint: 'a `q` found in no game (`q=zzzzqq`)',
  },
  {
    name: 'blind38-top-voted-null-ranks-first',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. …" (`top_voted`: the most voted games first); §2: "ranking | object | `rank` integer or null; `monthly_votes` integer >= 0".',
    description:
      'MySQL: `sort=top_voted` is written `ORDER BY g.rank ASC, g.id` over the rank column, which is NULL for games without votes; PostgreSQL (where it was written) sorts NULLs last in ascending order, MySQL sorts them first. So the 227 active games with `monthly_votes` 0 and `rank` null come first (5, 10, 15, 16, 22 …, pages 1 to 12 at 20 a page) and the ranked games after them (game 643, rank 1, on page 12); `meta.total` and the other sorts are right.',
    where: 'operations.ts',
    hint: '`sort=top_voted` (page 1 against the ranks)',
  },
  // Game detail.
  {
    name: 'blind38-detail-review-count-times-custom-tags',
    rule: '§2 Game detail: "All summary fields, with `urls` and `connection` in their detail form …"; §2 Game summary: "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0".',
    description:
      "PostgreSQL: the detail is one query, `FROM games g LEFT JOIN reviews r ON … LEFT JOIN game_custom_tags ct ON … GROUP BY g.id`, with `COUNT(r.id)`, `COUNT(r.rating)` and `AVG(r.rating)` beside `array_agg(DISTINCT ct.tag_id)`; the two joins multiply each other's rows, so a game with n ≥ 2 custom tags has its review rows counted n times: GET /games/24 (one review, four custom tags) has `reviews.count` 4 and `rating_count` 4 instead of 1 (`meta.total` of GET /reviews?game_id=24 is 1, and the same game's item in GET /games says 1); the average is unchanged (each rating repeated alike), and games with fewer than two custom tags, and GET /games' items, are right (126 active games with reviews and two or more custom tags).",
    where: 'operations.ts',
    hint: 'the detail of a reviewed game with several custom tags (GET /games/24)',
  },
  // MSSP.
  {
    name: 'blind38-mssp-flags-bit-buffers',
    rule: '§2 MSSP snapshot: "values | object or null; normalized MSSP keys to values; available keys vary by game; known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'MySQL: the normalizer stores the capability flags in `BIT(1)` columns of `mssp_flags`, and the driver (mysql2) hands BIT values over as Buffers, which `JSON.stringify` writes as objects: GET /games/1/mssp has `values.ansi` `{"type":"Buffer","data":[1]}` and `values.msp` `{"type":"Buffer","data":[0]}` instead of true and false, for every flag of every stored snapshot (`ansi`, `utf_8`, `mxp`, `vt100`, `pay_to_play` …); numbers, text values, `collected_at` and `meta` are right, and games without a snapshot (14) too.',
    where: 'operations.ts',
    hint: "a game's MSSP snapshot (GET /games/1/mssp)",
  },
  // Player history.
  {
    name: 'blind38-daily-history-hash-aggregate-order',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "PostgreSQL: the daily history is `SELECT date_trunc('day', recorded_at) AS day, round(avg(players)) … GROUP BY 1` without ORDER BY, which a sort-based GroupAggregate happened to return in order; above about a month of groups the planner picks a HashAggregate, which returns the groups in hash order. So a daily range of more than 31 days comes back out of order (`from=2026-09-01&to=2026-11-21` of game 1: 82 days, the first not 2026-09-01), while the default 30-day range, shorter daily ranges and raw samples stay chronological; each day's value and `meta` are right.",
    where: 'operations.ts',
    hint: 'a daily history of more than 31 days (`from=2026-09-01&to=2026-11-21`)',
  },
  // Statistics.
  {
    name: 'blind38-stats-min-max-compared-as-text',
    rule: '§4 Statistics endpoints: "1. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum; missing values are null, not zero."',
    description:
      "The metric values are kept as text in an entity-attribute-value table (`mssp_values.value TEXT`); the roll-up casts them for the average (`AVG(value::int)`) but takes `MIN(value)` and `MAX(value)` on the text and casts afterwards, so the extremes are compared as strings: a bucket whose values have different numbers of digits gets the wrong minimum and maximum — game 5's daily point of 2026-10-24 (players 39 … 236) has `min` 106 and `max` 95 instead of 39 and 236, game 15's (3 … 13) `min` 10 and `max` 9 — a minimum above the maximum; buckets whose values have as many digits each (game 1, 1 … 6) are right, and date, count and average are right everywhere.",
    where: 'operations.ts',
    hint: 'a game whose players cross a power of ten within a bucket (GET /games/5/statistics)',
  },
  // Errors.
  {
    name: 'blind38-stats-impossible-date-500',
    rule: '§4 Statistics endpoints: "3. Invalid queries return 422 `invalid_statistics_query`."; §7: "invalid_statistics_query | 422 | Metric, resolution, date range or timezone invalid".',
    description:
      'PostgreSQL: the statistics handler checks `from` and `to` against the pattern `^\\d{4}-\\d{2}-\\d{2}$` and leaves the calendar to the database (`WHERE bucket >= $1::date`); PostgreSQL refuses a day that does not exist (`date/time field value out of range: "2026-02-30"`, SQLSTATE 22008), and the driver\'s error reaches the generic handler: GET /games/1/statistics?from=2026-02-30&to=2026-03-02, `from=2026-11-31` or `to=2026-13-01` is answered 500 `internal_error` (with X-Request-ID) instead of 422 `invalid_statistics_query`; dates of another shape (`from=yesterday`) are still refused 422, and real dates are right.',
    where: 'operations.ts',
    hint: 'a statistics date of the right shape but no real day (`from=2026-02-30`)',
  },
  // Reviews.
  {
    name: 'blind38-review-detail-archived-tinyint',
    rule: '§2 Review summary: "game | object: `id` integer, `name` string, `archived` boolean"; "Review detail adds `body` (string, required)".',
    description:
      "MySQL: the review detail is a hand-written join, `SELECT r.*, g.name AS game_name, g.archived AS game_archived FROM reviews r JOIN games g …`, and `archived` is a `TINYINT(1)` column, which the driver hands over as the number it stores (the list goes through the ORM, whose model casts it to a boolean): GET /reviews/{id} has `game.archived` 0 for a review of an active game (review 1) and 1 for a review of an archived game (review 4, of game 181) instead of false and true; GET /reviews' items are right.",
    where: 'operations.ts',
    hint: 'any review detail (GET /reviews/1; GET /reviews/4 with the archived hint)',
  },
  // Tags.
  {
    name: 'blind38-custom-tags-left-join-null-row',
    rule: '§2 Shared types: "TagReference | `id` integer, `name` string (both required)"; §2 Game summary: "tags | object | `categories`: object mapping a category key to one TagReference; `custom`: array of TagReference".',
    description:
      "PostgreSQL: the custom tags are aggregated as `COALESCE(json_agg(json_build_object('id', t.id, 'name', t.name)), '[]')` over `LEFT JOIN game_custom_tags … LEFT JOIN tags t`; for a game without custom tags the LEFT JOIN yields one row of NULLs, so json_agg is not NULL and the COALESCE never applies: `tags.custom` is `[{\"id\": null, \"name\": null}]` instead of `[]` (128 active games here, 1, 14, 15 … — 8 of the first 20 of GET /games), in GET /games' items and the detail; games with custom tags are right (no `FILTER (WHERE t.id IS NOT NULL)` needed there).",
    where: 'operations.ts',
    hint: 'a game without custom tags (GET /games/1)',
  },
  // Authentication.
  {
    name: 'blind38-key-lookup-like-pattern',
    rule: '§5: "3. No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      "PostgreSQL: the key is looked up with `WHERE key LIKE $1` (left from a console search box that shared the query), the token unescaped, so `%` and `_` in a token are wildcards and the first matching row is taken: `Authorization: Bearer %` authenticates as the first key of the table, and a key with any character replaced by `_` (or its tail by `%`) as that key — answered 200 (with that key's rate-limit headers) instead of 401 `invalid_api_key`; a revoked key reached so is still refused, and tokens without `%` or `_`, valid or not, are right.",
    where: 'middleware/authenticate.ts',
    hint: 'a token holding `%` or `_` (`Authorization: Bearer %`)',
  },
  // The rate limits.
  {
    name: 'blind38-day-reset-naive-berlin',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; §8: "Requests per UTC day per key (default for new keys) | 10,000".',
    description:
      "The day windows live in a table, `rate_windows.resets_at timestamp without time zone`, written as the UTC wall clock of the next midnight ('2026-11-23 00:00:00'); the API servers run in Europe/Berlin, and the driver reads a zone-less timestamp in the process's zone, so the day's reset is that wall clock in Berlin, one hour early (two hours in summer time): when the UTC-day limit binds (the day-limited key, 3 a day), X-RateLimit-Reset is 1795388400 (2026-11-22T23:00:00Z) instead of 1795392000, on admitted requests and on the 429; Retry-After (computed by the limiter itself) and the minute window's reset (kept in memory) are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'the day-limited key (its day limit binds from its first request)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault38Name = (typeof BLIND_FAULTS_38)[number]['name'];

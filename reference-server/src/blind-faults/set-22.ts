/**
 * Blind fault set 22: a twenty-second set of plausible, single implementer bugs written from the
 * API description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–21 (set-1.ts … set-21.ts). Its theme is an optimisation
 * that is almost right: what an engineer does to make a server of this API fast at scale,
 * slightly wrong — values computed once (at the first request) and never again as the clock
 * moves, a page cut before a filter, a capped count, keyset paging that drops ties, a search
 * index with stemming, a minimum term length or tokens cut at N characters, arrays and bitsets
 * with an off-by-one at a word or block boundary, a binary search with the wrong bound, a
 * down-sampled series, memos keyed by too little inside a handler. Most of its bugs show only
 * for some requests, some records or at some times. Like the earlier sets, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind22-…'] })`, `--faults blind22-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src; what the optimisations do is in
 * `blind-faults/set-22-optimisations.ts`); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_22 = [
  // The search index of GET /games.
  {
    name: 'blind22-q-index-tokens-cut-at-12',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The search runs on an inverted index whose tokens (the whitespace-separated words of the name, intro and description, lower-cased) are stored cut to their first 12 characters to keep the index small, and a term matches when it occurs in a stored token, so a term longer than 12 characters (`q=megacorporations`, in 9 games here) finds no game, nor does a term occurring only after the 12th character of a long word (`corporations` inside "megacorporations"); shorter terms inside the first 12 characters of words are right.',
    where: 'deviations/games.ts',
    hint: 'a search term of more than 12 letters that occurs in some game',
  },
  {
    name: 'blind22-q-trigram-short-terms-match-nothing',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The search's candidates come from a trigram index (the games holding every trigram of each term, then checked), and a term of one or two characters has no trigram, for which the candidate list is coded as empty instead of every game, so a search with a term shorter than three characters (`q=rp`, `q=ai`, `q=mud 3d`) matches no game (`data` [], `meta.total` 0); terms of three characters or more are right.",
    where: 'deviations/games.ts',
    hint: 'a search term of one or two characters (`q=rp`)',
  },
  {
    name: 'blind22-q-terms-stemmed',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The terms of `q` go through the index\'s suffix stemmer (Porter\'s step 1a: `sses` → `ss`, `ies` → `i`, a final `s` dropped) before they are looked up, and the stem is searched, so a plural term also finds the games containing only its stem: `q=realms` lists the 51 games containing "realm" instead of the 2 containing "realms"; terms without such an ending are right.',
    where: 'deviations/games.ts',
    hint: 'a plural search term whose singular occurs in more games (`q=realms`)',
  },
  // Counting, paging and ordering of GET /games.
  {
    name: 'blind22-total-count-capped',
    rule: '§2 Shared types: "PaginationMeta | … `total` integer >= 0 (count of matching items across all pages)"; §1.5: "`next` or `previous` is present only when such a page exists."',
    description:
      'The count query is bounded for speed (`SELECT COUNT(*) FROM (… LIMIT 251)`, read as "250 or more") and the bound is reported as the count, so a GET /games matching more than 250 games (the unfiltered list: 275 here) has `meta.total` 250, and the links follow that count: with `per_page=50`, page 5 has no `next` although page 6 holds games; queries matching 250 games or fewer are right.',
    where: 'deviations/games.ts',
    hint: 'a GET /games matching more than 250 games (the unfiltered list of a large directory)',
  },
  {
    name: 'blind22-has-reviews-bitset-word-boundary',
    rule: '§4 GET /games: "`has_reviews` | integer, only value 1 | none | 1 requires at least one review".',
    description:
      'The "has reviews" flags are kept in a bitset addressed by game id in 32-bit words, set with `word[id >> 5] |= 1 << (id & 31)` but read with `word[(id - 1) >> 5]`, so the bit of a game whose id is a multiple of 32 is read from the previous word, where it is never set: `has_reviews=1` leaves out every game with reviews whose id is a multiple of 32 (from `data` and `meta.total`: 7 of the 170 here, ids 32, 160, 192 …); the other games are right.',
    where: 'deviations/games.ts',
    hint: 'an active game with reviews whose id is a multiple of 32',
  },
  {
    name: 'blind22-most-reviewed-keyset-skips-ties',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; `sort` "`most_reviewed`"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      '`sort=most_reviewed` is paged by keyset instead of OFFSET: page n + 1 is read as the games with fewer reviews than the last game of page n (`WHERE review_count < :last ORDER BY review_count DESC`, without the id tie-break in the cursor), so when a page ends inside a run of games with the same review count the rest of that run is never served: with `per_page=4`, page 2 starts at the games with 5 reviews and the third game with 6 reviews is skipped (walking the pages lists fewer games than `meta.total`); pages that end between two counts, and page 1, are right.',
    where: 'deviations/games.ts',
    hint: 'sort=most_reviewed with a page size ending inside a tie (per_page=4, page=2)',
  },
  {
    name: 'blind22-tag-filter-overfetch-window',
    rule: '§4 GET /games: "`per_page` | integer 1..50 | 20"; rule 2: "different categories combine with AND; the search terms and all filters combine with AND"; §2 PaginationMeta: "`total` … (count of matching items across all pages)".',
    description:
      'With a tag filter, the games are read from the sorted listing with an over-fetch window (the first `page × per_page × 4` games matching the other conditions) and the tag filter is applied to that window afterwards, as a post-filtering search engine does, so for a tag carried by less than a quarter of the games the pages come out short or empty while `meta.total` (counted apart) is right: `theme_tag_id=<a rare theme>&per_page=5` serves fewer than 5 games on page 1 although the theme has more; common tags are right.',
    where: 'deviations/games.ts',
    hint: 'a tag carried by few games, with a small per_page',
  },
  {
    name: 'blind22-tag-union-memo-keyed-by-first-id',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND".',
    description:
      "The union of a category's ids is memoised inside the handler under the category and the first id sent (the key was meant to hold the sorted ids), for the life of the process, so after a request for `theme_tag_id[]=a` a request for `theme_tag_id[]=a&theme_tag_id[]=b` is answered with theme a's games only (and after a+b, a request for a alone lists the games of b too); the first request of each category and first id is right.",
    where: 'deviations/games.ts',
    hint: 'the same first tag id sent alone, then with a second id of its category',
  },
  {
    name: 'blind22-search-order-memo-ignores-sort',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`."',
    description:
      'The ordered ids of a search are memoised inside the handler for the life of the process under its terms and filters but not its sort (the sort being thought applied later), so after a search was answered in one order, the same search with another `sort` comes in that first order: `q=<term>&sort=newest` and then `q=<term>&sort=oldest` list the same games in the same order; the first request of each search, and requests without `q`, are right.',
    where: 'deviations/games.ts',
    hint: 'the same search asked with two different sorts',
  },
  // Values computed once and never again as the clock moves.
  {
    name: 'blind22-recently-updated-cutoff-at-first-request',
    rule: '§4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days"; §8: "recently_updated window | 30 days".',
    description:
      "The `recently_updated` cut-off is computed once, at the first request using the filter (`SINCE = now − 30 days` kept in a module constant), and never again, so as the server runs the window grows by its uptime: three days after that first request, `recently_updated=1` still lists the listings updated 30 to 33 days ago (in `data` and `meta.total`); a server's first such request, and requests without the flag, are right.",
    where: 'deviations/games.ts',
    hint: 'a server that has been answering recently_updated=1 for some days',
  },
  {
    name: 'blind22-recently-online-order-from-first-request',
    rule: '§4 GET /games: "`sort` | … `recently_online` …"; §2 `status`: "last_successful_connect | NullableTimestamp".',
    description:
      "The `sort=recently_online` order (of every active game by its last successful connect) is computed at the first request that asks for it and kept, later requests taking their games from it in that order (filtered to the games they match), so once games have stopped answering (or new ones have been reached) the list is no longer ordered by the `status.last_successful_connect` it shows: a game that stopped answering since the first request stays among the first; a server's first such request is right.",
    where: 'deviations/games.ts',
    hint: 'a server running for some days across which some game stopped answering',
  },
  // GET /reviews.
  {
    name: 'blind22-reviews-chunk-boundary-skip',
    rule: '§4 GET /reviews: "Public reviews, newest first."; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)".',
    description:
      "The newest-first review list is kept in chunks of 64 reviews, and the reader stepping from one chunk to the next starts at the next chunk's index 1 (the off-by-one of a loop meant to skip the chunk header), so the 65th, 129th, 193rd … reviews of the list are never served: from the page holding the 65th review on, each page is shifted by one more review and the last page is short, while `meta.total` is right; the first 64 reviews, and GET /reviews with `game_id`, are right.",
    where: 'operations.ts',
    hint: 'a page of GET /reviews reaching past the 64th review (per_page=50&page=2)',
  },
  {
    name: 'blind22-reviews-game-binary-search-last-missed',
    rule: '§4 GET /reviews: "`game_id` | integer >= 1 | none (limits results to one active game)"; §2 PaginationMeta: "`total` … (count of matching items across all pages)".',
    description:
      "With `game_id`, the game's reviews are found by a binary search over the sorted ids of the reviewed games whose upper bound is the last index (an inclusive bound used as an exclusive one), so the reviewed game with the highest id is never found: GET /reviews?game_id=<that game> answers `data` [] and `meta.total` 0 although the game has public reviews; every other game is right.",
    where: 'operations.ts',
    hint: 'the reviews of the active reviewed game with the highest id',
  },
  // GET /games/{gameId}/mssp.
  {
    name: 'blind22-mssp-block-boundary-missing',
    rule: '§3: "`meta.status` is `available` when a snapshot exists, `mssp_not_available` (with `data` null) when the game exists but has no snapshot."; §4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot)."',
    description:
      'The newest snapshots are kept in blocks of 64 games addressed by id, written at block `(id − 1) >> 6` and read at block `id >> 6`, so the snapshot of a game whose id is a multiple of 64 is looked for in the next block, where it is not: GET /games/64/mssp (192, 256, 384 …) answers `data` null and `mssp_not_available` although the game has a snapshot (its `status.mssp_collected_at` is set); other ids are right.',
    where: 'operations.ts',
    hint: 'a game with an MSSP snapshot whose id is a multiple of 64',
  },
  // GET /games/{gameId}/players.
  {
    name: 'blind22-raw-last-sample-dropped',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "`raw` = individual crawler samples".',
    description:
      'The raw samples are cut from the sorted sample times with two binary searches, and the end index found for `to` (the last sample at or before 23:59:59Z) is used as an exclusive bound, so the last sample of every raw range is missing: a raw history of a past day ends at 23:00Z instead of 23:30Z, and a raw history ending today lacks the latest sample; the daily history is right.',
    where: 'operations.ts',
    hint: 'granularity=raw',
  },
  {
    name: 'blind22-daily-today-memoised-partial',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end".',
    description:
      "Daily values are memoised per game and UTC day for the life of the process, complete days and the current day alike, so today's value is the average of the samples up to the first request that computed it and never takes the later samples of the day: a daily history asked at 12:00Z and again at 20:00Z gives the same value for today both times (the noon average); past days are right.",
    where: 'operations.ts',
    hint: 'the same daily history asked twice some hours apart on one UTC day',
  },
  {
    name: 'blind22-daily-average-from-hourly-downsample',
    rule: '§4 GET /games/{gameId}/players: "`daily` = rounded daily average"; "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "The daily values are computed from the down-sampled hourly series kept for the charts (the samples taken on the hour) instead of every stored sample, so a day's value is the rounded average of its on-the-hour samples only and differs from the average of all its samples on some days (by a player here and there: 6 of 30 days of a small game here); the raw history is right.",
    where: 'operations.ts',
    hint: 'a game with players whose daily values can be checked against its raw samples',
  },
  {
    name: 'blind22-history-memo-ignores-granularity',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples".',
    description:
      'Player histories are memoised inside the handler under the game and the range (`from`, `to`) but not the granularity, so once a range was asked in one granularity, the same range in the other is answered with the first one\'s samples: after a daily history, `granularity=raw` for the same dates gives the daily values (one sample a day, at 00:00:00Z) under `meta.granularity` "raw" (and after a raw history, the daily one gives the raw samples); the first request of each range is right.',
    where: 'operations.ts',
    hint: 'the same range asked as daily, then as raw',
  },
  {
    name: 'blind22-players-default-to-fixed-at-first-request',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "`from` | … | 29 days before `to` (a 30-day range)".',
    description:
      'The "current UTC date" of the player history is computed once, at the first history request the server answers, and kept, so after a UTC midnight a history without `to` still ends on that first day (`meta.to` yesterday, `from` 29 days before it, the samples of the new day missing); an explicit `to`, and every request on the first day, are right.',
    where: 'operations.ts',
    hint: 'a server that answered a history before the last UTC midnight',
  },
  // GET /games/{gameId}/statistics.
  {
    name: 'blind22-stats-count-assumed-full-bucket',
    rule: '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      "A point's count is taken from the pre-aggregated bucket's expected number of crawls (48 for a day, 2 for an hour, 336 for a week, the month's days × 48) instead of the observations it holds, so a partial bucket (today's, a day with an outage, the first day of crawling) reports a full bucket's count: `resolution=daily` for today at 12:00Z says 48 instead of 25; the average, minimum and maximum, and buckets without observations, are right.",
    where: 'operations.ts',
    hint: 'a statistics point of a partial bucket (today)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault22Name = (typeof BLIND_FAULTS_22)[number]['name'];

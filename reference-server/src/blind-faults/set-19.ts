/**
 * Blind fault set 19: a nineteenth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–18 (set-1.ts … set-18.ts). Its theme is what clients
 * legitimately send, and the time it is sent at: request forms a correct client may use (percent
 * escapes and non-ASCII letters in `q`, terms repeated in another letter case, spaces around the
 * search, a bare tag parameter beside bracketed ones, parameters in another order, December dates, the longest raw range) and the clock (the 48-hour and 30-day
 * windows of the filters, the UTC day boundaries of player histories, the first hour and minute
 * of a UTC day, the rate-limit windows' resets after an idle spell or a new minute). Most of its
 * bugs show only for some requests or at some times. Like the earlier sets, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind19-…'] })`, `--faults blind19-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_19 = [
  // §4 GET /games `q` — what a search box legitimately sends.
  {
    name: 'blind19-q-non-ascii-letters-stripped',
    rule: '§4 GET /games `q`: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The terms of `q` pass an ASCII-only sanitizer (`term.replace(/[^\\x00-\\x7f]/g, "")`, meant against control characters) before the search, so every non-ASCII letter is dropped from a term: `q=dra%C3%A4gon` ("draägon", occurring in no game) finds the games containing "dragon", and a term made only of non-ASCII letters filters nothing; ASCII terms are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-q-encoded-ampersand-splits',
    rule: '§4 GET /games `q`: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The query string is percent-decoded as a whole before it is split into parameters, so an encoded `&` in `q` (`q=dragon%26keep`, the term "dragon&keep") ends the parameter: the search is for `dragon` alone (the rest is read as a parameter `keep` and ignored), finding the games containing "dragon" instead of those containing "dragon&keep"; a `q` without `%26` is right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-q-repeated-term-matches-nothing',
    rule: '§4 GET /games `q`: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'A game matches when the number of distinct terms it contains (terms compared ignoring letter case) equals the number of terms sent, so a `q` repeating a term, also in another letter case (`q=Dragon dragon`, `q=keep keep`), matches no game (200 with `data` [] and `meta.total` 0) instead of the games containing it; queries whose terms all differ are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-q-edge-whitespace-matches-nothing',
    rule: '§4 GET /games `q`: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      '`q` is split with `q.split(/\\s+/)` without dropping the empty strings that leading or trailing whitespace leaves, and the empty term goes to the full-text engine as an empty prefix query, which matches no document: `q=dragon%20` or `q=+dragon` (what a search box sends with a stray space) answers no game instead of the games containing "dragon"; a `q` without whitespace at its ends, and one of whitespace only, are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-q-encoded-space-not-split',
    rule: '§4 GET /games `q`: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The terms are cut from the raw query text at `+` (the form encoding\'s space) and at literal spaces before each is percent-decoded, so a space sent as `%20` (as `encodeURIComponent` writes it) stays inside one term: `q=dragon%20keep` searches the single term "dragon keep", which no word holds, and answers no game instead of the games containing both words; `q=dragon+keep` is right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games — tag parameters written both ways, parameters in any order.
  {
    name: 'blind19-bare-tag-ignored-beside-bracketed',
    rule: '§4 GET /games rule 1: "A single ID may be sent with or without the brackets."; rule 2: "different categories combine with AND".',
    description:
      'The parser picks one style for the whole request: when any bracketed tag parameter (`<category>_tag_id[]`) is present, the bare names (`<category>_tag_id`) are not read, so `theme_tag_id=<id>&language_tag_id[]=<id>` filters by language only (the theme filter is lost); a bare name alone, and bracketed names alone, are right.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-web-only-check-skipped-when-flag-first',
    rule: '§4 GET /games rule 3: "`connection_type=web_only` combined with `online_recently=1`, or combined with `sort=recently_online`, returns 422 `invalid_filter`".',
    description:
      'The parameters are validated one by one in the order they arrive, and the combination rule runs in the validator of `online_recently` (and of `sort`) against the connection type read so far, so when `online_recently=1` (or `sort=recently_online`) comes before `connection_type=web_only` in the query string the combination is not refused: 200 with the web-only games filtered by the flag (none) or sorted; with `connection_type` first it is 422 as it should be.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind19-per-page-after-page-resets-page',
    rule: '§4 GET /games: "`page` | integer >= 1 | 1 | One-based"; §2 PaginationMeta: "`page` integer >= 1"; §1.5 envelope `meta: {page, per_page, total}`.',
    description:
      "The parameters are applied one by one in the order they arrive, through the list view's state reducer, in which a change of page size goes back to the first page, so when `per_page` comes after `page` in the query string (`page=3&per_page=10`) page 1 is served (`meta.page` 1, the first ten games) instead of page 3; with `per_page` first (`per_page=10&page=3`), or without one of them, the page is right.",
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games — the windows of the filters, at their edges.
  {
    name: 'blind19-online-recently-calendar-days',
    rule: '§4 GET /games: "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours"; §8: "online_recently window | 48 hours".',
    description:
      "The cut-off of `online_recently=1` is computed in whole UTC days, the start of the day two days before today (`date_trunc('day', now()) - interval '2 days'`), so games last reached between that midnight and 48 hours ago (up to 72 hours ago late in the day) are kept: at 20:00Z a game last reached 66 hours ago is listed; games reached within 48 hours are right, and right after midnight the window is right.",
    where: 'deviations/games.ts',
    hint: 'a game whose last successful connect lies 48–72 hours back (one that stopped answering), at a time of day after its connect time',
  },
  {
    name: 'blind19-recently-updated-cutoff-day-excluded',
    rule: '§4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days"; §8: "recently_updated window | 30 days".',
    description:
      "The filter compares the listing's update date as text (`YYYY-MM-DD`, a DATE column) with the cut-off as timestamp text (`YYYY-MM-DDThh:mm:ssZ`), and a date is smaller than every timestamp of its own day, so the games updated on the day 30 days ago after the cut-off time (within the window) are left out of `recently_updated=1`; games updated on later days are right.",
    where: 'deviations/games.ts',
    hint: 'a listing updated 30 days ago later in the day than the request (its `dates.updated`)',
  },
  // §4 GET /games/{gameId}/players — dates at year ends, long and short ranges, the UTC day.
  {
    name: 'blind19-players-december-refused',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range) | Inclusive UTC start"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422".',
    description:
      'The date validator checks the month as `1 <= month < 12` (the bound of a zero-based month kept for a one-based one), so any date in December (`from=2025-12-01`, `to=2025-12-31`) is refused with 422 `invalid_date_range` instead of answered; the other months are right.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind19-daily-year-end-order',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history."',
    description:
      "The daily values are ordered by the day's month and day text (`ORDER BY to_char(day, 'MM-DD')`, the chart's axis label), so a daily range crossing a new year (`from=2025-12-20&to=2026-01-10`) lists the January days before the December days; ranges within one year are right, and raw samples too.",
    where: 'deviations/player-history.ts',
    hint: 'a game crawled since before the last new year',
  },
  {
    name: 'blind19-raw-long-range-thinned',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples"; "a `raw` range spans at most 90 days".',
    description:
      'A raw range longer than 31 days is read from the hourly chart table, which keeps the samples taken on the hour, so from 32 to 90 days the raw history holds one sample an hour (those at hh:00:00) instead of every crawler sample (the ones at hh:30 are missing); raw ranges of up to 31 days are right.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind19-raw-to-day-cut-at-midnight',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end"; "Date boundaries and returned timestamps are UTC."',
    description:
      "The raw samples are selected with `recorded_at <= to` where `to` is the bare date (read as its 00:00:00Z), so a raw history holds only the midnight sample of its `to` day (today's raw history without `to` likewise stops at 00:00Z); days before `to`, and the daily granularity, are right.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind19-players-default-to-hour-behind',
    rule: '§4 GET /games/{gameId}/players: "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end".',
    description:
      "Without `to`, the range ends on the UTC date of one hour ago (the history read one hour behind, waiting for the hour's crawls), so between 00:00 and 00:59 UTC the default range ends yesterday: `meta.to` is the previous date, `from` 29 days before it, and today's first samples are missing; from 01:00Z on the default is right.",
    where: 'deviations/player-history.ts',
    hint: 'a request in the first hour of a UTC day',
  },
  // §7, §8 — the rate-limit windows and their resets.
  {
    name: 'blind19-day-reset-day-start',
    rule: '§7 headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "When the UTC-day budget is the binding limit, X-RateLimit-Reset is the start of the current UTC day (the day window's key, a midnight already past) instead of the next UTC midnight, on admitted requests and on the 429; Retry-After is right, and X-RateLimit-Reset is right while the minute binds.",
    where: 'rate-limiter.ts',
    hint: 'a day-limited key (10/min, 3/day)',
  },
  {
    name: 'blind19-day-window-keyed-by-hour',
    rule: '§8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`"; "Requests per UTC day per key".',
    description:
      "The day counter's key is cut from the timestamp one field too long (`toISOString().slice(0, 13)`, the date and the hour), so the day's count starts again at every full hour: a key that spent its UTC-day budget is admitted again from the next hh:00 on (with X-RateLimit-Remaining counted from the hour), though the UTC day has not ended; within one hour the day limit is right.",
    where: 'rate-limiter.ts',
    hint: 'a day-limited key (10/min, 3/day), and a request after the next full hour',
  },
  {
    name: 'blind19-minute-rollover-stale-remaining',
    rule: '§7 headers: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      "The minute window is rotated after the answer's headers are computed, so the first request of a new minute reports X-RateLimit-Remaining as if it had been counted in the key's previous minute window (the limit minus that window's count minus one, at least 0) instead of the limit minus one; it is admitted, and the second request of the minute reports right.",
    where: 'rate-limiter.ts',
    hint: 'requests in two consecutive minutes (a low-limit key, 5/min 20/day, shows it best)',
  },
  {
    name: 'blind19-first-minute-counted-to-previous-day',
    rule: '§8: "Requests per UTC day per key"; §7: "`rate_limit_exceeded` | 429 | Minute or UTC-day limit exceeded".',
    description:
      "The day counter's window is taken from the start of the current minute window minus one minute (the rolling minute's first instant), so a request in the first minute of a UTC day (00:00:00–00:00:59Z) is counted to the previous day: a key that spent its day budget yesterday is still refused 429 then, and admitted from 00:01Z on; outside that minute the day window is right.",
    where: 'rate-limiter.ts',
    hint: 'a day-limited key (10/min, 3/day) and a request in the first minute after UTC midnight',
  },
  {
    name: 'blind19-minute-window-advanced-one-step',
    rule: '§7 headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; "X-RateLimit-Remaining | … the active minute limit".',
    description:
      'An expired minute window is moved on by one minute (`windowStart += 60s`) instead of to the current minute, so after an idle spell of more than a minute each request lands in a window already past: X-RateLimit-Reset names a time before the request, and the count starts again at every request until the windows catch up (a 5/min key idle for ten minutes is admitted ten times in a row, each reporting 4 remaining); keys that send every minute are right.',
    where: 'rate-limiter.ts',
    hint: 'a pause of two minutes or more between requests (a low-limit key, 5/min 20/day, shows the over-admission)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault19Name = (typeof BLIND_FAULTS_19)[number]['name'];

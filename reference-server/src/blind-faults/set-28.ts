/**
 * Blind fault set 28: a twenty-eighth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–27 (set-1.ts … set-27.ts). Its theme is time and the calendar: each fault is a
 * mistake about dates and times — a window in the wrong unit, a sort on the day, a month table
 * without leap years, a leap rule without its century terms, a series cut at a month end, midnight
 * written as 24:00, a span counted in a zone's hours or in months, a borrow with the wrong month's
 * length, buckets of the wrong length or key, an ordering check without the year, hours counted from
 * a local midnight, an offset applied twice, "today" in another zone, a month index off by one, an
 * unrounded wait. Each shows only for some requests or records (a leap year, a month end, a century's
 * 29 February, a midnight sample, a range crossing a daylight-saving change, a year end or a month
 * end, a zone far from UTC, a spent day budget); on the common path the server looks right. Whatever
 * the wall-clock time of the run, a client choosing its request (dates, zone, key) can observe each.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind28-…'] })`, `--faults blind28-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in
 * `blind-faults/set-28-calendar.ts`); with none on, nothing changes. `hint` names what a black-box
 * client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_28 = [
  // GET /games: a filter's window, a sort.
  {
    name: 'blind28-recently-updated-window-hours',
    rule: '§4 GET /games: "`recently_updated` | integer, only value 1 | none | 1 = listings updated in the last 30 days"; §8: "recently_updated window | 30 days".',
    description:
      'The window of `recently_updated=1` is written as `30 * 60 * 60` seconds (the hours-to-seconds factor where the days-to-seconds one was meant), so the filter keeps the listings updated in the last 30 hours instead of the last 30 days: the games updated between 30 hours and 30 days ago are missing from `data` and `meta.total` (4 of the 95 active games updated in the last 30 days are kept here); without the filter the list is right.',
    where: 'operations.ts',
    hint: '`recently_updated=1`',
  },
  {
    name: 'blind28-newest-listed-day-only',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`."; §2: "dates | object | `created`, `listed`, `updated`".',
    description:
      '`sort=newest` and `sort=oldest` order by the UTC day of the listing (a DATE column), ties by id ascending, so games listed on the same day come in id order whatever their times: a game listed at 18:00 comes after one listed at 09:00 that day under `newest` when its id is higher (and under `oldest` an evening listing may come before a morning one); the order of the days, and the other sorts, are right.',
    where: 'operations.ts',
    hint: '`sort=newest` (or `oldest`) over games listed on the same UTC day',
  },
  // Reviews, MSSP.
  {
    name: 'blind28-review-dates-leap-year-day-late',
    rule: '§1: "4. Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Review summary: "dates | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)".',
    description:
      "The review serializer turns a day of the year into a month and day with the common year's month table, so in a leap year every review time from 29 February on is written one day late (29 February reads 1 March, 10 March reads 11 March, 31 December reads the next year's 1 January), in `submitted` and `edited`, in GET /reviews and the review detail (reviews of 2024 from March on here); reviews of other years, and of a leap year's January and February, are right.",
    where: 'operations.ts',
    hint: 'a review submitted or edited in a leap year after 28 February (2024)',
  },
  {
    name: 'blind28-mssp-created-year-as-timestamp',
    rule: '§2 MSSP snapshot: "values | object or null; normalized MSSP keys to values; … known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'The MSSP normalizer sends the variables that look like dates through a date parser, and a four-digit CREATED year is read as a date (`new Date("1994")`) and written as a timestamp: `values.created` is `"1994-01-01T00:00:00Z"` instead of the number 1994; a CREATED of `-1` (unknown), the other numeric variables and the snapshots without CREATED are right.',
    where: 'operations.ts',
    hint: 'a game whose snapshot reports CREATED',
  },
  // Player history.
  {
    name: 'blind28-players-century-leap-day-accepted',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD"; "An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'The date validator takes every fourth year as a leap year (`year % 4 === 0`, without the century rules), so 29 February of a century year that is not a leap year (`2100-02-29`, `1900-02-29`) is accepted and read as 1 March: `from=2100-02-28&to=2100-02-29` is answered 200 (with `meta.to` 2100-03-01) instead of 422 `invalid_date_range`; 29 February of 2024 or 2000, and the other dates, are right.',
    where: 'operations.ts',
    hint: 'a `to` (or `from`) of 29 February of 1900 or 2100',
  },
  {
    name: 'blind28-daily-stops-at-month-end',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples"; "`to` | date YYYY-MM-DD | current UTC date | Inclusive UTC end".',
    description:
      "The daily history is built by the month chart's loop, which walks the days of `from`'s month, so a daily range crossing a month end stops at the end of its first month: `from=2026-10-20&to=2026-11-05` answers the days up to 31 October and none of 1–5 November (`meta` still names the range asked); a range within one month, and the raw history, are right.",
    where: 'operations.ts',
    hint: 'a daily range crossing a month end',
  },
  {
    name: 'blind28-raw-midnight-as-24-00',
    rule: '§1: "4. Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`".',
    description:
      "The raw samples' times are written by a formatter that renders an instant at midnight as the end of the day before (ISO 8601's `24:00`), so each sample taken at 00:00:00Z has `recorded_at` `<the day before>T24:00:00Z` (not a valid RFC 3339 time, and dated outside a range starting that day) instead of `<its day>T00:00:00Z`; the other 47 samples of a day, and the daily history, are right.",
    where: 'operations.ts',
    hint: '`granularity=raw` over a day crawled at midnight',
  },
  {
    name: 'blind28-raw-span-counted-in-berlin-hours',
    rule: '§4 GET /games/{gameId}/players: "Date boundaries and returned timestamps are UTC." "Rules: … a `raw` range spans at most 90 days."; §8: "Raw player-history range | at most 90 days".',
    description:
      "The span is counted as the whole days between the midnights of `from` and `to` in the server's zone (Europe/Berlin), floored, plus one, so a range holding the spring change to summer time counts an hour short: a raw range of 91 days crossing the last Sunday of March (`granularity=raw&from=2026-01-01&to=2026-04-01`) counts 90 and is answered 200 instead of 422 `invalid_date_range`; ranges without that change, and daily ranges (which hold both changes or none at their limit), are right.",
    where: 'operations.ts',
    hint: 'a raw range of 91 days crossing the last Sunday of March',
  },
  {
    name: 'blind28-default-from-borrows-wrong-month',
    rule: '§4 GET /games/{gameId}/players: "`from` | date YYYY-MM-DD | 29 days before `to` (a 30-day range)"; §8: "Default player-history range | 30 days (`from` = 29 days before `to`)".',
    description:
      "Without `from`, 29 is taken from `to`'s day of the month and a day below 1 borrows the length of the month being left (`to`'s) instead of the month entered, so the default range is wrong whenever `to`'s day is below 30 and the two months differ in length: `to=2026-03-10` gives `from` 2026-02-12 (a 27-day range) instead of 2026-02-09, `to=2026-11-22` gives 2026-10-23 instead of 2026-10-24; `to` on the 30th or 31st, months of equal length, and an explicit `from`, are right.",
    where: 'operations.ts',
    hint: 'no `from`, with a `to` early in a month whose previous month has another length (`to=2026-03-10`)',
  },
  // Statistics.
  {
    name: 'blind28-stats-monthly-30-day-buckets',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` …, a metric selector and a resolution selector. Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`".',
    description:
      "Monthly buckets are stepped as 30 days from the first month's start (`start + 30 * 86400`), so a monthly query's points drift off the calendar months: a year asked at `resolution=monthly` (`from=2025-01-01&to=2025-12-31`) answers 13 points dated 1 January, 31 January, 2 March … instead of the 12 months, each with the observations of its 30 days; the other resolutions are right.",
    where: 'operations.ts',
    hint: 'statistics at `monthly` resolution over several months',
  },
  {
    name: 'blind28-stats-hourly-keyed-by-hour-of-day',
    rule: '§4 Statistics endpoints: "1. … Resolutions: … `hourly` …; at most 1,000 points. … Each data point holds an epoch-second date, a valid observation count, an average, a minimum and a maximum".',
    description:
      'Hourly buckets are keyed by the hour of the day (`getUTCHours()`) instead of the hour since the epoch, so an hourly range of several days gives every point the observations of its hour on every day of the range: over two days each point counts 4 observations instead of 2 and the two days have the same points; a one-day hourly range, and the other resolutions, are right.',
    where: 'operations.ts',
    hint: 'statistics at `hourly` resolution over more than one day',
  },
  {
    name: 'blind28-stats-2000-leap-day-refused',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC …)"; "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      "The statistics' date validator applies the century rule without its 400-year exception (a year divisible by 100 is never a leap year), so 29 February 2000 (`from=2000-02-29&to=2000-03-01`) is refused with 422 `invalid_statistics_query` although it is a real date; 29 February of 2024 or 2028, and the other dates, are right.",
    where: 'operations.ts',
    hint: 'a statistics date of 29 February 2000',
  },
  {
    name: 'blind28-stats-order-check-ignores-year',
    rule: '§4 Statistics endpoints: "1. `GET /games/{gameId}/statistics`: takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)"; §7: "invalid_statistics_query | 422 | Metric, resolution, date range or timezone invalid".',
    description:
      "The statistics' check that `from` is not after `to` compares the dates' month and day (`MM-DD`, a key left from the charts) without the year, so a range crossing a new year whose `from` month-day is later than its `to` month-day (`from=2025-12-20&to=2026-01-10`) is refused with 422 `invalid_statistics_query` instead of answered; ranges within a year, and the activity pattern, are right.",
    where: 'operations.ts',
    hint: 'statistics over a range crossing a new year',
  },
  // Activity pattern.
  {
    name: 'blind28-activity-hour-counted-from-local-midnight',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells".',
    description:
      "A sample's hour is counted as the hours elapsed since the local midnight of its day, which equals the local hour except on a day of 23 or 25 hours: on the day the zone changes to or from summer time, the samples after the change count an hour early or late (in Europe/Berlin on 2026-10-25, a day of 25 hours, the samples from the change on count an hour late — 04:00 local in hour 5 — and the 23:00 and 23:30 local samples join hour 23; on 2026-03-29 they count an hour early), so a range holding such a day has other cells; days without a change, and zones without summer time, are right.",
    where: 'operations.ts',
    hint: 'an activity pattern over a daylight-saving change day of its zone (Europe/Berlin 2026-10-25)',
  },
  {
    name: 'blind28-activity-span-in-zone-hours',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone"; §8: "Activity pattern range | at most 90 days".',
    description:
      "The 90-day limit is checked on the hours between the local midnights of `from` and the day after `to` in the zone asked, rounded up to days, so a range of exactly 90 days holding the zone's autumn change (one 25-hour day) counts 91 and is refused with 422 `invalid_statistics_query`: `from=2026-08-25&to=2026-11-22&timezone=Europe/Berlin`; the same range in UTC, and ranges without an autumn change, are right.",
    where: 'operations.ts',
    hint: 'a 90-day activity pattern in a zone with summer time, crossing its autumn change',
  },
  {
    name: 'blind28-activity-span-as-three-months',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days"; §8: "Activity pattern range | at most 90 days".',
    description:
      '"At most 90 days" is checked as "within three calendar months" (`to` at most `from` plus three months minus a day), so the limit follows the months\' lengths: a 92-day range from 1 July to 30 September is answered 200 instead of 422 `invalid_statistics_query`, and a 90-day range from 1 February 2026 to 1 May 2026 (three months being 89 days) is refused; ranges whose three months are 90 days long are right.',
    where: 'operations.ts',
    hint: 'an activity pattern of 91 or 92 days over long months (1 July to 30 September)',
  },
  {
    name: 'blind28-activity-offset-applied-twice',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells".',
    description:
      "The samples' times are converted to the zone by a helper that already returns local time, and the zone's offset is then added again, so the cells are those of twice the offset: with `Asia/Tokyo` (UTC+9) a sample taken at 00:00Z counts at 18:00 instead of 09:00 (and a weekday later when that passes midnight), while `meta` names the zone; the UTC default, and `UTC`, are right.",
    where: 'operations.ts',
    hint: 'an activity pattern with a time zone other than UTC',
  },
  {
    name: 'blind28-activity-default-to-in-zone',
    rule: '§4 Statistics endpoints: "1. … takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)"; "2. `GET /games/{gameId}/activity-pattern`: takes the same dates".',
    description:
      "Without `to`, the activity pattern ends on the current date in the zone asked instead of the current UTC date, so when that date differs from UTC's the range is a day off: asked at 12:00Z with `timezone=Pacific/Kiritimati` (UTC+14) it ends tomorrow (`meta.to` a day late, `from` 29 days before it), and before 11:00Z with `Pacific/Pago_Pago` (UTC−11) it ends yesterday; with `to` given, and zones on UTC's date, it is right.",
    where: 'operations.ts',
    hint: 'an activity pattern without `to` in a zone whose date differs from UTC (Pacific/Kiritimati after 10:00Z, Pacific/Pago_Pago before 11:00Z)',
  },
  // Rate limits.
  {
    name: 'blind28-day-reset-month-index-one-based',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets"; §8: "Requests per UTC day per key (default for new keys) | 10,000".',
    description:
      'When the UTC-day budget binds, the reset is built as `Date.UTC(year, getUTCMonth() + 1, getUTCDate() + 1)`, the one-based month passed where the zero-based index is taken, so X-RateLimit-Reset names the next midnight a month later (2026-12-23T00:00:00Z for a request of 2026-11-22 instead of 2026-11-23T00:00:00Z), on admitted requests and refusals of a key whose day budget is the smaller; when the minute binds it is right.',
    where: 'middleware/rate-limit.ts',
    hint: 'a key whose day budget binds (the day-limited key, 10/min, 3/day)',
  },
  {
    name: 'blind28-retry-after-fractional-seconds',
    rule: '§7 Response headers: "Retry-After | Integer seconds until retry; on 429".',
    description:
      "Retry-After is computed as the binding limit's reset minus the current time in fractional seconds (`reset - Date.now() / 1000`), without rounding, so a refusal at a fraction of a second carries a decimal (`Retry-After: 29.6` at 12:00:30.400Z for a minute ending 12:01:00Z) instead of whole seconds (30); a refusal on a whole second is right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a key past its minute budget (the low-limit key, 5/min), refused at a fraction of a second',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault28Name = (typeof BLIND_FAULTS_28)[number]['name'];

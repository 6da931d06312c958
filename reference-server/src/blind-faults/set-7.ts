/**
 * Blind fault set 7: a seventh set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–6 (set-1.ts … set-6.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind7-…'] })`, `--faults blind7-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_7 = [
  // §1.5, §2 PaginationLinks — the collection envelope.
  {
    name: 'blind7-links-q-normalized',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      'The links are built from the parsed query, so `q` comes back as its normalized search terms (lower-cased, joined by one space): `q=Dragon%20%20Keep` is linked as `q=dragon+keep` in `self`, `next` and `previous` (GET /games).',
    where: 'deviations/paging.ts',
    hint: '',
  },
  {
    name: 'blind7-self-link-clamped-to-last-page',
    rule: '§2 PaginationLinks: "Link values … preserve the query parameters of the request and include `page`" (`self` is the page asked for); §2 PaginationMeta `page`.',
    description:
      "On a page past the last one (an empty page), `links.self` is built with the page clamped to the last existing page (a shared `clampPage` helper), so it names another page than the request's and `meta.page` (games and reviews).",
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields of the game and review representations.
  {
    name: 'blind7-average-rating-integer-division',
    rule: '§2 Game summary: "`reviews` | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0" (the average of the ratings).',
    description:
      '`reviews.average_rating` is the sum of the ratings divided by their count in integer arithmetic (`SUM(rating) / COUNT(rating)` on integer columns): a game rated 4 and 5 averages 4 instead of 4.5 (list and detail).',
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind7-review-dates-swapped-when-edited',
    rule: '§2 Review summary: "`dates` | object: `submitted`, `edited` (NullableTimestamp; `edited` records the latest edit)".',
    description:
      'For a review that was edited, `dates.submitted` and `dates.edited` are swapped (the row mapped by position from a query selecting them the other way round): `submitted` is the edit time and `edited` the submission (list and detail); unedited reviews are right.',
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /games — search, sort, filters.
  {
    name: 'blind7-q-apostrophe-500',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "A search term holding an apostrophe (`q=dragon's`) is pasted unescaped into the search query, which fails: the request is answered 500 `internal_error` instead of 200 (with the games holding the term, here none).",
    where: 'operations.ts',
    hint: '',
  },
  {
    name: 'blind7-q-fields-concatenated',
    rule: '§4 GET /games q: "every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'The searched text is the name, intro and description concatenated without a separator, so a term spanning the end of the name and the start of the intro (`ucksea` for "Seagard MUCK" + "Seagard MUCK brings…") finds the game although it occurs in none of the three.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind7-top-voted-ties-unstable-across-pages',
    rule: '§2 PaginationMeta: "`total` … (count of matching items across all pages)"; §4 GET /games: "Lists active games" (the pages of one query partition its results).',
    description:
      '`sort=top_voted` has no tie-break (ORDER BY monthly_votes DESC, LIMIT/OFFSET): on the even pages, games with equal votes come in the reverse order, so walking the pages lists some tied games twice and never lists others.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind7-tag-or-without-parentheses',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND; the search terms and all filters combine with AND."',
    description:
      "Several ids of one category are ORed into the WHERE clause without parentheses (`… AND theme = a OR theme = b`): the games carrying the category's last id match whatever the other filters, search terms and categories ask.",
    where: 'deviations/games.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind7-mssp-false-flags-left-as-text',
    rule: '§2 MSSP snapshot: "known numeric and capability fields are normalized to JSON numbers and booleans where possible".',
    description:
      'Capability flags are normalized with `value === "1" ? true : value`: a flag sent as 1 becomes `true`, one sent as 0 stays the text `"0"` instead of `false`.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind7-daily-history-without-today',
    rule: '§4 players `to`: "date YYYY-MM-DD | current UTC date | Inclusive UTC end"; `daily` = "rounded daily average".',
    description:
      "The daily history is read from a daily roll-up table filled at each UTC midnight, so the current UTC day has no value: a range ending today (the default) stops at yesterday although today's samples exist (`meta.to` is today; raw is right).",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind7-daily-span-calendar-year',
    rule: '§4 players: "a `daily` range spans at most 365 days"; §8: "Daily player-history range | at most 365 days".',
    description:
      'The daily limit is checked as "`from` later than `to` minus one calendar year", so a range holding a February 29 may span 366 days: `from=2024-01-01&to=2024-12-31` is answered 200 instead of 422 `invalid_date_range`.',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind7-reviews-ordered-by-day-only',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      'Reviews are ordered by the UTC day of their submission (`ORDER BY submitted::date DESC, id`), so reviews submitted the same day come in id order, an earlier one before a later one.',
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind7-tags-values-accumulate-across-groups',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §4 GET /tags: "the current taxonomy"; §4 GET /games rule 1: a category\'s tag ids "come from GET /tags".',
    description:
      'The values array is declared once outside the loop over the groups, so each group lists its own values after those of every group before it (the last group lists the whole taxonomy).',
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind7-stats-hourly-cap-counts-days',
    rule: '§4 Statistics 1: "Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`; at most 1,000 points"; §8: "Statistics points | at most 1,000".',
    description:
      'The point cap counts the days of the range whatever the resolution, so an `hourly` query of 42 to 1,000 days (over 1,000 points) is answered 200 instead of 422 `invalid_statistics_query`.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind7-activity-on-the-hour-in-previous-hour',
    rule: '§4 Statistics 2: activity pattern "Returns 168 weekday/hour cells with counts and sample averages" (a sample counts in the hour it was taken).',
    description:
      "A sample's hour is computed as `ceil(minutes / 60) − 1`, so a sample taken exactly on the hour (hh:00:00) counts in the hour before (and a midnight sample in the previous weekday's 23h); the half-hour samples are right.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 authentication.
  {
    name: 'blind7-bearer-extra-words-accepted',
    rule: '§5.1: "Every endpoint requires the request header `Authorization: Bearer <API_KEY>`"; §5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'The token is read as the second space-separated word of the header (`value.split(" ")[1]`), so a header with words after a valid key (`Bearer <key> extra`) authenticates (200) instead of 401 `invalid_api_key`.',
    where: 'middleware/authenticate.ts',
    hint: '',
  },
  // §1.6, §4, §7 — methods, legacy endpoint, headers.
  {
    name: 'blind7-patch-answered-as-get',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."',
    description:
      'The method check refuses a list of methods (POST, PUT, DELETE, HEAD, OPTIONS) instead of allowing GET only: PATCH, not on the list, is answered by the GET handler (200 with the resource) instead of 405.',
    where: 'middleware/method-check.ts',
    hint: '',
  },
  {
    name: 'blind7-route-prefix-match',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."; §7: `route_not_found` 404 "API route does not exist".',
    description:
      'Route patterns are not anchored at their end (`^/tags`, `^/games/(\\d+)/mssp`, tried most specific first), so a path extending an endpoint by more segments (`/tags/extra`, `/games/<id>/mssp/latest`, `/reviews/<id>/comments`) is answered by that endpoint (200) instead of 404 `route_not_found`.',
    where: 'routes.ts',
    hint: '',
  },
  {
    name: 'blind7-json-php-with-query-not-gone',
    rule: '§1.6: "A retired legacy endpoint `/json.php` returns HTTP 410 Gone"; §9.3: "The legacy `/json.php` endpoint is retired and returns 410 Gone."',
    description:
      'The retired endpoint is matched on the URL as sent (`originalUrl === "/json.php"`), so a request carrying a query string (`/json.php?list=1`, as the legacy clients sent) is answered 404 `route_not_found` instead of 410.',
    where: 'routes.ts',
    hint: '',
  },
  // §8 limits.
  {
    name: 'blind7-limits-counted-per-route',
    rule: '§8: "Requests per minute per key … Requests per UTC day per key"; §7: `rate_limit_exceeded` 429 "Minute or UTC-day limit exceeded".',
    description:
      "The minute and day counters are keyed by the key and the request path, so each path gets the key's whole budget: a 5/min key that spent its minute on /tags is still admitted on /games (with X-RateLimit-Remaining counted for that path alone).",
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault7Name = (typeof BLIND_FAULTS_7)[number]['name'];

/**
 * Blind fault set 8: an eighth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the
 * conformance suite, its docs or the entries of the main fault catalogue (faults.ts), and
 * different from the faults of sets 1–7 (set-1.ts … set-7.ts). Like them, it measures how well
 * the suite catches bugs nobody has shown it, so its entries deliberately have no killing check
 * of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind8-…'] })`, `--faults blind8-…`). It
 * is consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where`
 * (paths relative to reference-server/src); with none on, nothing changes. `hint` names what a
 * black-box client needs besides a normal key to observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_8 = [
  // §1.5, §2 PaginationLinks — the collection envelope.
  {
    name: 'blind8-links-drop-default-valued-params',
    rule: '§2 PaginationLinks: "Link values are absolute URIs that preserve the query parameters of the request and include `page`."',
    description:
      'The links are built as canonical URLs, the parameters sent with their default value left out, so an explicit `sort=last_updated`, `per_page=20` or `connection_type=all` is missing from `self`, `next` and `previous` (games and reviews).',
    where: 'deviations/paging.ts',
    hint: '',
  },
  // §2 — fields and states of the game representations.
  {
    name: 'blind8-custom-tag-name-missing',
    rule: '§2 Shared types: "TagReference | `id` integer, `name` string (both required)"; Game summary: "`tags` | object | … `custom`: array of TagReference".',
    description:
      "The tag-name lookup is built from the taxonomy groups' values only, so a custom tag's name is undefined, which JSON leaves out: every TagReference of `tags.custom` is `{id}` without `name` (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  {
    name: 'blind8-web-only-play-listing-page',
    rule: '§2 rule 2: "Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null, …".',
    description:
      "A web-only game's `urls.play` is taken from the listing's own URL field, so it is the game's listing page on the service (the `urls` listing-page link) instead of its website (list and detail).",
    where: 'deviations/representation.ts',
    hint: '',
  },
  // §4 GET /games — parameter forms, sort, search.
  {
    name: 'blind8-encoded-bracket-tag-ignored',
    rule: '§4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`). A single ID may be sent with or without the brackets."',
    description:
      'The tag parameters are looked up in the query string by their names as written, so a name whose brackets are percent-encoded (`theme_tag_id%5B%5D=<id>`, as URLSearchParams and many HTTP clients write it) is not recognised and its filter is ignored (200 with the games of every tag).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind8-recently-online-drops-never-reached',
    rule: '§4 GET /games: "Lists active games."; §2 PaginationMeta: "`total` integer >= 0 (count of matching items across all pages)" (a sort orders the games, it filters none).',
    description:
      '`sort=recently_online` reads the games through an inner join on their last successful connect, so the games never reached and the web-only games are missing from `data` and from `meta.total` (235 of the 275 active games here).',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind8-q-plus-decoded-as-space',
    rule: '§4 GET /games q: "Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      '`q` is percent-decoded before `+` is read as a space (the two steps of form decoding in the wrong order), so an encoded plus is a space too: `q=C%2B%2B` searches the term `c`, finding games that do not contain `c++`.',
    where: 'deviations/games.ts',
    hint: '',
  },
  {
    name: 'blind8-archived-found-by-search',
    rule: '§4 GET /games: "Archived listings are excluded from results and from `meta.total`, regardless of filters or sort."',
    description:
      'With `q`, the games are read from a search index that also holds the archived listings, so an archived game containing the terms (and matching the other filters) is listed and counted; without `q` the archived games are excluded.',
    where: 'deviations/games.ts',
    hint: 'an archived game id (to search for its name)',
  },
  // §4 GET /games/{gameId}/mssp.
  {
    name: 'blind8-mssp-stale-snapshot-hidden',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot). If the game exists but has no snapshot: `data` null, `meta.status` `mssp_not_available`."',
    description:
      'The snapshot is read from a view of the last 30 days of snapshots, so a game whose newest snapshot is older (`status.mssp_collected_at` more than 30 days ago: 12 active games here, and the archived ones) is answered `data` null and `mssp_not_available`.',
    where: 'deviations/mssp.ts',
    hint: '',
  },
  // §4 GET /games/{gameId}/players.
  {
    name: 'blind8-raw-failed-crawls-as-zero',
    rule: '§4 GET /games/{gameId}/players: "Returns chronological player-count samples derived from the stored MSSP history"; "`raw` = individual crawler samples".',
    description:
      'The raw history is read from the crawl log, failed attempts included: every crawl that did not reach the game (in an outage, or after it stopped answering) is a sample of 0 players (`granularity=raw` only).',
    where: 'deviations/player-history.ts',
    hint: '',
  },
  {
    name: 'blind8-daily-average-over-full-day',
    rule: '§4 players granularity: "`daily` = rounded daily average; `raw` = individual crawler samples".',
    description:
      "A day's value is the sum of its samples divided by the 48 crawls of a full day (`SUM(players) / 48`), so a day with fewer samples (today, a day with an outage, the first day crawled) is reported too low: today's value is about half its average at noon.",
    where: 'deviations/player-history.ts',
    hint: '',
  },
  // §4 GET /reviews.
  {
    name: 'blind8-reviews-game-filter-id-order',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      "With `game_id`, the game's reviews are read through the foreign-key index in id order (`WHERE game_id = ? ORDER BY id`) instead of newest first; without `game_id` the order is right.",
    where: 'deviations/reviews.ts',
    hint: '',
  },
  // §4 GET /tags.
  {
    name: 'blind8-tags-custom-in-null-group',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §1.2: the tag taxonomy "(groups and values) whose IDs feed the game filters".',
    description:
      'The groups are read with an outer join from the tags, so the custom tags, which belong to no group, come last as one more group `{id: null, name: null, values: [the custom tags]}`.',
    where: 'deviations/tags.ts',
    hint: '',
  },
  // §4 Statistics endpoints.
  {
    name: 'blind8-stats-default-range-calendar-month',
    rule: '§4 Statistics 1: "takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days)".',
    description:
      'Without `from`, the statistics range starts on the same day of the month before `to` (`setUTCMonth(month − 1)`), so the default range spans between 29 and 32 days instead of 30: 32 daily points for `to` = 2026-11-22.',
    where: 'deviations/statistics.ts',
    hint: '',
  },
  {
    name: 'blind8-activity-offset-whole-hours',
    rule: '§4 Statistics 2: "takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells with counts and sample averages".',
    description:
      "The zone's UTC offset is taken in whole hours (`Math.trunc(offsetMinutes / 60)`), so for a zone whose offset has minutes (Australia/Darwin +09:30, Asia/Kolkata +05:30) the samples are placed in the cells of the whole-hour zone: half of each cell's samples belong to the next local hour.",
    where: 'deviations/activity-pattern.ts',
    hint: '',
  },
  // §5 authentication.
  {
    name: 'blind8-trailing-slash-skips-auth',
    rule: '§5.1: "Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."; §5.3: "No `Authorization` header: 401 `authentication_required`."',
    description:
      'A path with a trailing slash (`/tags/`, `/games/<id>/`) is normalised by a handler mounted ahead of authentication that dispatches it straight to its endpoint, so it is answered 200 without any key (and without rate-limit accounting or headers).',
    where: 'app.ts',
    hint: '',
  },
  // §4, §7 — routes, errors and headers.
  {
    name: 'blind8-request-id-replayed-from-cache',
    rule: '§7 Response headers: "X-Request-ID | String identifying an authenticated request".',
    description:
      "The response cache keeps a 200 answer's X-Request-ID with its body, so the same GET repeated within the clock second is answered with the first request's X-Request-ID: two requests, one id.",
    where: 'routes.ts',
    hint: '',
  },
  {
    name: 'blind8-429-code-too-many-requests',
    rule: '§7: "`rate_limit_exceeded` | 429 | Minute or UTC-day limit exceeded; response has `Retry-After`"; "`code` is stable and machine-readable".',
    description:
      "A refused request is answered 429 with the error code `too_many_requests` (the status's reason phrase, as the rate-limiting library names it) instead of `rate_limit_exceeded`; the headers and the rest of the body are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'a low-limit key',
  },
  {
    name: 'blind8-api-root-index-served',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."; §7: `route_not_found` 404 "API route does not exist" (the base address is no endpoint).',
    description:
      'The base address itself (`/api/v1`, `/api/v1/`) is answered 200 with an index of the collections (`{data: {games, reviews, tags}}`, their links) instead of 404 `route_not_found`.',
    where: 'routes.ts',
    hint: '',
  },
  // §1.6, §9.3 legacy endpoint.
  {
    name: 'blind8-json-php-redirects',
    rule: '§1.6: "A retired legacy endpoint `/json.php` returns HTTP 410 Gone"; §9.3: "The legacy `/json.php` endpoint is retired and returns 410 Gone."',
    description:
      'A GET of the retired endpoint (at the origin root, and under the base) is redirected to the API (301 Moved Permanently, `Location: /api/v1/games`, a short text body) instead of answered 410 Gone; other methods still get 410.',
    where: 'operations.ts',
    hint: '',
  },
  // §8 limits.
  {
    name: 'blind8-unknown-route-counted-twice',
    rule: '§8: "Requests per minute per key … Requests per UTC day per key"; §7: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit".',
    description:
      "The rate-limit accounting is also mounted on the API's 404 fallback, so a request to an unknown path is counted twice: X-RateLimit-Remaining falls by two on it, and a 5/min key gets 429 on its third unknown path of a minute.",
    where: 'app.ts',
    hint: '',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault8Name = (typeof BLIND_FAULTS_8)[number]['name'];

/**
 * Blind variant set 4 (README.md): legitimate servers written from the API description alone, each
 * deciding an open point otherwise than the reference server, or adding what real deployments add
 * (extra members in links, meta, items and errors, headers of common middleware, another spelling of
 * integers, another base path, another stamp for daily averages, statistics parameters and defaults
 * of its own). Off unless named (`--variants bv4-…`, `createApp({ variants })`); each is consulted by
 * `variants.has(name)` where its choice is made (larger logic in set-4-behaviour.ts).
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_4 = [
  {
    name: 'bv4-links-first-last',
    rule:
      '§1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, ' +
      'total}, links: {self, next?, previous?}}`"; §2 PaginationLinks: "`self` uri (required); `next` uri ' +
      '(optional); `previous` uri (optional)". No other member is forbidden.',
    description:
      'Collection `links` also carry `first` and `last` (the first and the last existing page), absolute and ' +
      "with the request's parameters, as `self` is.",
    where: 'blind-variants/set-4-behaviour.ts (pagedWithExtras), operations.ts (listGames, listReviews)',
  },
  {
    name: 'bv4-meta-total-pages',
    rule:
      '§1.5: "`meta: {page, per_page, total}`"; §2 PaginationMeta: "`total` integer >= 0 (count of matching ' +
      'items across all pages)". No other member is forbidden.',
    description:
      'Collection `meta` also carries `total_pages`, the number of pages holding items (⌈total / per_page⌉).',
    where: 'blind-variants/set-4-behaviour.ts (pagedWithExtras), operations.ts (listGames, listReviews)',
  },
  {
    name: 'bv4-leading-zeros-read-as-integers',
    rule:
      '§4 GET /games: "page | integer >= 1", "per_page | integer 1..50", the tag parameters "array of integer ' +
      '>= 1"; GET /reviews: "game_id | integer >= 1"; "Path: `gameId` integer >= 1", "`reviewId` integer >= ' +
      '1". No grammar for the spelling of an integer is given: `007` is the integer 7 to most parsers.',
    description:
      'An integer parameter or path id written with leading zeros (`page=02`, `/games/007`, ' +
      '`theme_tag_id[]=0153`) is read as the integer it spells; only zeros (`page=00`) stay invalid.',
    where: 'blind-variants/set-4-behaviour.ts (leadingZerosDropped), app.ts',
  },
  {
    name: 'bv4-daily-stamped-at-last-sample',
    rule:
      '§2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`"; §4 GET ' +
      '/games/{gameId}/players: "`daily` = rounded daily average"; "Date boundaries and returned timestamps are ' +
      'UTC". Which instant of its day a daily average is stamped with is not said.',
    description:
      "A daily average is stamped with the time of the day's latest raw sample it averages (`MAX(recorded_at)` " +
      "of the day), not the day's 00:00:00Z.",
    where: 'blind-variants/set-4-behaviour.ts (stampedAtLastSample), operations.ts (playerHistoryHandler)',
  },
  {
    name: 'bv4-web-only-keeps-mssp-collected-at',
    rule:
      '§2 rule 2: "current MSSP summary fields are suppressed (null). Which fields count as current MSSP ' +
      'summary fields: not shown."; §4 GET /games/{gameId}/mssp: "Available for archived and web-only games".',
    description:
      "A web-only game's `status.mssp_collected_at` is the time of its stored snapshot (as GET …/mssp " +
      'reports it); `latest_players` stays null.',
    where: 'deviations/representation.ts (deviateGame)',
  },
  {
    name: 'bv4-statistics-resolution-auto',
    rule:
      '§4 Statistics endpoints 1: "takes `from` and `to` (YYYY-MM-DD, UTC; default range 30 days), a metric ' +
      'selector and a resolution selector. Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, ' +
      '`weekly`, `monthly`; at most 1,000 points." No default resolution is given.',
    description:
      'Without a resolution, statistics take the finest one that fits the range in 1,000 points: `raw` for ' +
      'one day, `hourly` up to 41 days (the default 30-day range), then `daily`, `weekly`, `monthly`.',
    where: 'blind-variants/set-4-behaviour.ts (statisticsQueryAsNamed), operations.ts (statisticsHandler)',
  },
  {
    name: 'bv4-statistics-stat-interval-parameters',
    rule:
      '§4 Statistics endpoints 1: "a metric selector and a resolution selector … Response item field names and ' +
      'the query parameter names for metric and resolution: not shown."',
    description:
      'The statistics metric is selected by `stat` and the resolution by `interval` (values as §4 names ' +
      'them); `metric` and `resolution` are unknown parameters, ignored.',
    where: 'blind-variants/set-4-behaviour.ts (statisticsQueryAsNamed), operations.ts (statisticsHandler)',
  },
  {
    name: 'bv4-activity-timezone-parameter-tz',
    rule:
      '§4 Statistics endpoints 2: "takes the same dates, at most 90 days, and an IANA timezone (default UTC) … ' +
      'Parameter name for the timezone and the response field names: not shown."',
    description:
      'The activity pattern reads its time zone from `tz`; `timezone` is an unknown parameter, ignored.',
    where: 'blind-variants/set-4-behaviour.ts (activityQueryAsNamed), operations.ts (getGameActivityPattern)',
  },
  {
    name: 'bv4-error-details-always',
    rule:
      '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; ' +
      '§7: "`code` is stable and machine-readable; `message` is human-readable". `details` may be there ' +
      'on any error.',
    description:
      "Every error carries `details`: the request's method and path where the reference gives none (with " +
      '`allowed` on 405, `retry_after` on 429, `scheme` on 401); existing details are unchanged.',
    where: 'respond.ts (sendError), blind-variants/set-4-errors.ts (errorContext)',
  },
  {
    name: 'bv4-error-doc-url',
    rule:
      '§2 Error response: "`{error: {code: string, message: string, details?: any}, request_id: string}`"; §7: ' +
      '"Body shape: `{error: {code, message, details?}, request_id}`". No other member is forbidden.',
    description:
      'Every error object also carries `doc_url`, the documentation page of its code ' +
      '(`https://mudverse.example/docs/api/errors#game_not_found`).',
    where: 'respond.ts (sendError), blind-variants/set-4-errors.ts (docUrlOf)',
  },
  {
    name: 'bv4-helmet-security-headers',
    rule:
      '§1.1: "a read-only HTTPS JSON API"; §7 "Response headers" lists X-RateLimit-*, X-Request-ID, ' +
      'Retry-After, WWW-Authenticate, Allow, and forbids no other; §1.3: "Cross-origin browser access is not ' +
      'enabled."',
    description:
      "Every answer carries helmet's default security headers (Strict-Transport-Security, " +
      'X-Content-Type-Options: nosniff, Content-Security-Policy, Cross-Origin-Resource-Policy: same-origin, …).',
    where: 'blind-variants/set-4-behaviour.ts (securityHeaders), app.ts',
  },
  {
    name: 'bv4-ietf-ratelimit-headers',
    rule:
      '§7 "Response headers": X-RateLimit-Limit, -Remaining, -Reset, "appear after successful authentication ' +
      'and rate-limit accounting (on 200, 404, 405, 422, 429)"; no other header is forbidden.',
    description:
      "Counted answers also carry the IETF draft's `RateLimit-Policy` (both windows) and `RateLimit` (limit, " +
      'remaining, seconds to reset), as express-rate-limit writes them, beside the X-RateLimit-* headers.',
    where: 'blind-variants/set-4-behaviour.ts (ietfRateLimitHeaders), app.ts',
  },
  {
    name: 'bv4-game-slug-member',
    rule:
      '§2 Game summary: "All fields below are required." and the table; Game detail: "All summary fields … ' +
      'plus: description, watcher_count". No other member is forbidden.',
    description:
      "Game summaries and details also carry `slug`, the listing page's name (`the-shattered-realms`).",
    where: 'deviations/representation.ts (deviateGame)',
  },
  {
    name: 'bv4-statistics-series-through-to',
    rule:
      '§4 Statistics endpoints 1: "Each data point holds an epoch-second date, a valid observation count, an ' +
      'average, a minimum and a maximum; missing values are null, not zero"; "at most 1,000 points". Whether ' +
      'buckets after the current time are listed is not said.',
    description:
      'Statistics list every bucket of the range through `to` (a generated series), those after the current ' +
      'time with count 0 and null average, minimum and maximum.',
    where: 'blind-variants/set-4-behaviour.ts (seriesThroughTo), operations.ts (statisticsHandler)',
  },
  {
    name: 'bv4-base-under-longer-prefix',
    rule:
      'Conventions: "`{base_url}` is the service base address and already includes the path prefix `/api/v1`. ' +
      'All endpoint paths below are relative to it."; §9.1: "The version is carried in the path prefix of the ' +
      'base address: `/api/v1`."',
    description:
      'The API is deployed under `/mudverse/api/v1` (the base URL the server reports); the retired ' +
      '`/json.php` answers 410 at the origin root, at `/mudverse/json.php` and under the base.',
    where: 'blind-variants/set-4-behaviour.ts (apiPrefixOf), app.ts, server.ts, operations.ts (apiBaseOf)',
  },
  {
    name: 'bv4-json-trailing-newline',
    rule:
      '§1.1: "every response body is UTF-8 JSON." Whitespace may follow the value (RFC 8259 §2: ' +
      '`JSON-text = ws value ws`).',
    description: "Every JSON body ends with a newline, as Go's json.Encoder writes it.",
    where: 'blind-variants/set-4-behaviour.ts (newlineEnded), app.ts',
  },
] as const satisfies readonly BlindVariant[];

export type BlindVariant4Name = (typeof BLIND_VARIANTS_4)[number]['name'];

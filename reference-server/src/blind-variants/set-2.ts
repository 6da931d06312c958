/**
 * Blind variant set 2 (README.md): legitimate servers written from the API description alone,
 * about what real deployments do: data that moves while it is read, several instances behind a
 * load balancer, transport and timing, time boundaries. Off unless named (`--variants bv2-…`,
 * `createApp({ variants })`); each is consulted by `context.variants.has(name)` where its choice
 * is made (larger logic in set-2-behaviour.ts).
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_2 = [
  {
    name: 'bv2-votes-counted-every-request',
    rule:
      '§2 Game summary: "ranking | object | `rank` integer or null; `monthly_votes` integer >= 0"; §4 GET /games: ' +
      'sort `top_voted`. Nothing says votes stand still while a client reads: the description states shapes ' +
      'and rules of each answer, not that two answers see the same data.',
    description:
      'Every request that reaches the server counts one more monthly vote for one active game, so ranks and ' +
      'the `top_voted` order move between any two requests (also between two pages of one listing).',
    where: 'blind-variants/set-2-behaviour.ts (LiveDirectory), app.ts',
  },
  {
    name: 'bv2-review-edits-land',
    rule:
      '§2 Review summary: "`dates`: `submitted`, `edited` (NullableTimestamp; `edited` records the latest ' +
      'edit)"; `rating` "integer or null"; review detail `body` "UTF-8 Markdown". Reviews can be edited, and ' +
      'nothing says not while they are read.',
    description:
      'Every request edits one review: its `edited` becomes the current time, its rating may change and a ' +
      "Markdown paragraph is added to its body (so a game's `average_rating` moves too).",
    where: 'blind-variants/set-2-behaviour.ts (LiveDirectory), app.ts',
  },
  {
    name: 'bv2-new-listings-appear',
    rule:
      '§4 GET /games: "Lists active games"; §2 PaginationMeta: "`total` integer >= 0 (count of matching items ' +
      'across all pages)". A directory takes new listings; nothing fixes the set of games during a run.',
    description:
      'Every fifth request lists a new active game (next id after the largest, `created`/`listed`/`updated` ' +
      'the current time, not crawled yet, no votes or reviews), so totals grow and pages shift during a run.',
    where: 'blind-variants/set-2-behaviour.ts (LiveDirectory), app.ts',
  },
  {
    name: 'bv2-unreachable-games-archived',
    rule:
      '§3: states active and archived; "Transitions between active and archived (what moves a listing ' +
      'between them): not shown."; §2 status: "archive_reason … `non_connectivity`". Archiving is a ' +
      'transition the description allows and does not time.',
    description:
      'Every tenth request archives (reason `non_connectivity`) one active game that has stopped answering ' +
      'or was never reached; it leaves the collections, its rank and its reviews in /reviews at once.',
    where: 'blind-variants/set-2-behaviour.ts (LiveDirectory), app.ts',
  },
  {
    name: 'bv2-instance-clocks-skewed',
    rule:
      '§1.4: "Timestamps are UTC ISO 8601 strings"; §4 GET /games/{gameId}/players: `to` default "current ' +
      'UTC date". The description says nothing of the Date header or of how closely the clocks of the ' +
      "machines behind the base address agree; the rate-limit windows are the key's (§5.2, §7).",
    description:
      'Requests alternate between two instances whose clocks differ by 750 ms (the second is behind): the ' +
      'Date header and every "now" of the data follow the answering instance, while the shared rate-limit ' +
      "store counts on the first instance's clock.",
    where: 'blind-variants/set-2-behaviour.ts (SkewedInstances), app.ts',
  },
  {
    name: 'bv2-request-ids-two-generators',
    rule:
      '§7: "`request_id` is a string for troubleshooting"; "X-Request-ID | String identifying an ' +
      'authenticated request". No format is given.',
    description:
      'Requests alternate between two instances with different id generators: a UUID on one, a ' +
      '`req_<time base 36>_<instance>_<sequence>_<random hex>` string on the other (body and header agree).',
    where: 'blind-variants/set-2-behaviour.ts (twoRequestIdGenerators), app.ts',
  },
  {
    name: 'bv2-slow-statistics',
    rule:
      '§4 "Statistics endpoints (described in prose only)": no response time is promised for any endpoint; ' +
      '§8 Limits lists none.',
    description:
      'The statistics and activity-pattern endpoints answer after about 1.2 s (the time a roll-up query takes ' +
      'on a busy replica), whatever the answer.',
    where: 'blind-variants/set-2-behaviour.ts (delayedAnswers), app.ts',
  },
  {
    name: 'bv2-latency-jitter',
    rule:
      '§1.1: "a read-only HTTPS JSON API, intended for server-to-server use". No response time or order of ' +
      'answers to concurrent requests is promised.',
    description:
      'Every answer leaves after a pseudo-random 0-400 ms, so answers to concurrent requests arrive in ' +
      'another order than they were counted in.',
    where: 'blind-variants/set-2-behaviour.ts (delayedAnswers), app.ts',
  },
  {
    name: 'bv2-connection-close',
    rule: '§1.1: "a read-only HTTPS JSON API". Nothing is said about persistent connections.',
    description:
      'Every answer carries `Connection: close` and the server closes the connection after it (no keep-alive).',
    where: 'blind-variants/set-2-behaviour.ts (connectionHandling), app.ts',
  },
  {
    name: 'bv2-keep-alive-max-requests',
    rule: '§1.1: "a read-only HTTPS JSON API". Nothing is said about how long a connection is kept.',
    description:
      'A connection carries at most five requests: the fifth answer carries `Connection: close` and the ' +
      'connection is closed after it.',
    where: 'blind-variants/set-2-behaviour.ts (connectionHandling), app.ts',
  },
  {
    name: 'bv2-keep-alive-short-idle',
    rule: '§1.1: "a read-only HTTPS JSON API". Nothing is said about idle connections.',
    description:
      'An idle kept-alive connection is kept for one second (advertised as `Keep-Alive: timeout=1`, closed ' +
      "within two) instead of Node's five.",
    where: 'server.ts',
  },
  {
    name: 'bv2-chunked-body-writes',
    rule:
      '§1.1: "every response body is UTF-8 JSON". How the body is framed on the connection is not said ' +
      '(no Content-Length is promised).',
    description:
      'Every JSON body is sent with chunked transfer coding in four writes on separate turns of the event loop, ' +
      'without Content-Length.',
    where: 'blind-variants/set-2-behaviour.ts (chunkedBodies), app.ts',
  },
  {
    name: 'bv2-minute-window-from-first-request',
    rule:
      '§8: "Requests per minute per key … 60"; §7: "X-RateLimit-Remaining | … requests remaining in the ' +
      'active minute limit"; "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit ' +
      'resets"; §5.2: "current minute and UTC-day budgets with reset times". Only the day is tied to the ' +
      'calendar (UTC day); where a minute window starts is not said.',
    description:
      "A key's minute window starts at the whole second of its first request once the previous window has " +
      'run out, and lasts 60 s (a counter with a 60-second expiry), instead of the calendar minute; the day ' +
      'stays the UTC day.',
    where: 'blind-variants/first-request-minute-limiter.ts (FirstRequestMinuteLimiter), context.ts',
  },
  {
    name: 'bv2-statistics-prepared-on-demand',
    rule:
      '§4 Statistics endpoints 3: "Statistics that are disabled, unavailable or in preparation return 503 ' +
      '(`statistics_unavailable`, `statistics_pending`)"; §7: "statistics_pending | 503 | Requested ' +
      'historical range still being prepared". Which ranges need preparing, and for how long, is not said.',
    description:
      'For a game with statistics, the first valid query whose `from` lies more than 35 days before the ' +
      'current UTC date answers 503 `statistics_pending` (the range is fetched from cold storage); the same ' +
      'range answers 200 from the next query on.',
    where: 'blind-variants/set-2-behaviour.ts (isColdRange, firstAskOfRange), operations.ts',
  },
  {
    name: 'bv2-recent-windows-exclusive',
    rule:
      '§4 GET /games: "`recently_updated` … 1 = listings updated in the last 30 days", "`online_recently` … ' +
      '1 = games reached successfully in the last 48 hours"; §8: "recently_updated window | 30 days", ' +
      '"online_recently window | 48 hours". Whether the instant exactly 30 days or 48 hours ago is inside ' +
      '"the last" span is not said.',
    description:
      'The `recently_updated` and `online_recently` filters leave out a game updated, or last reached, exactly ' +
      '30 days or 48 hours before now (the windows are open at their start).',
    where: 'deviations/games.ts (gameIndexRules)',
  },
  {
    name: 'bv2-rank-ties-shared',
    rule:
      '§2 Game summary: "ranking | object | `rank` integer or null; `monthly_votes` integer >= 0". How a rank ' +
      'is numbered, and what games with equal votes get, is not said.',
    description:
      'Games with equal monthly votes share a rank and the next rank skips (standard competition ranking: ' +
      '1, 2, 2, 4).',
    where: 'domain/game-index.ts, deviations/games.ts (gameIndexRules)',
  },
] as const satisfies readonly BlindVariant[];

export type BlindVariant2Name = (typeof BLIND_VARIANTS_2)[number]['name'];

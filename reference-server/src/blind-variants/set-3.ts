/**
 * Blind variant set 3 (README.md): legitimate servers written from the API description alone, each
 * deciding one of the description's open points (precedence of errors, routing details, parameter
 * leniency, link spelling, optional and extra members, orders and numbering, rounding, caching and
 * challenge headers) otherwise than the reference server. Off unless named (`--variants bv3-…`,
 * `createApp({ variants })`); each is consulted by `context.variants.has(name)` where its choice is
 * made (larger logic in set-3-behaviour.ts).
 */
import type { BlindVariant } from './blind-variant.ts';

export const BLIND_VARIANTS_3 = [
  {
    name: 'bv3-unknown-path-404-any-method',
    rule:
      '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header ' +
      '`Allow: GET`. An unknown path returns 404 (`route_not_found`)." Which answer wins for another ' +
      'method on a path that is no endpoint is not said.',
    description:
      'A request for a path that names no endpoint answers 404 `route_not_found` whatever its method; ' +
      'the endpoints still answer 405 with `Allow: GET` to any method but GET.',
    where: 'blind-variants/set-3-behaviour.ts (unknownPathNotFound), app.ts',
  },
  {
    name: 'bv3-trailing-slash-route-not-found',
    rule:
      'Conventions: "All endpoint paths below are relative to it"; §4: "An unknown path returns 404 ' +
      '(`route_not_found`)." The paths are written without a trailing slash; whether `/games/` names ' +
      'the same endpoint is not said.',
    description:
      'A path with a trailing slash (`/games/`, `/games/1/`) names no endpoint: 404 `route_not_found` ' +
      '(routes are matched strictly).',
    where: 'blind-variants/set-3-behaviour.ts (routeFor), routes.ts, app.ts',
  },
  {
    name: 'bv3-non-numeric-id-route-not-found',
    rule:
      '§4 GET /games/{gameId}: "Path: `gameId` integer >= 1"; "An unknown path returns 404 ' +
      '(`route_not_found`)"; §7: "game_not_found | 404 | Game does not exist"; "The error code for a ' +
      'review ID that does not exist: not shown". Whether `/games/abc` is an unknown path or an unknown ' +
      'game is not said.',
    description:
      'An id segment that is not made of digits (`/games/abc`, `/games/x/mssp`, `/reviews/abc`) matches ' +
      'no route (patterns `\\d+`): 404 `route_not_found`; digits naming nothing stay `game_not_found`.',
    where: 'blind-variants/set-3-behaviour.ts (routeFor), routes.ts, app.ts',
  },
  {
    name: 'bv3-query-checked-before-game',
    rule:
      '§4 GET /games/{gameId}/players: "Errors: 401, 404, 405, 422, 429, 500"; Statistics endpoints 3: ' +
      '"Invalid queries return 422 `invalid_statistics_query`". Which of 404 and 422 a request ' +
      'deserving both gets is not said.',
    description:
      'The players, statistics and activity-pattern queries are validated before the game is looked up: ' +
      'an invalid query for a game that does not exist answers 422, not 404.',
    where: 'operations.ts (gameSubResource), blind-variants/set-3-behaviour.ts (queryRefusal)',
  },
  {
    name: 'bv3-cache-control-no-store',
    rule:
      '§7 "Response headers" lists X-RateLimit-*, X-Request-ID, Retry-After, WWW-Authenticate and Allow; ' +
      'caching is not mentioned, and no header outside the table is forbidden.',
    description:
      'Every answer carries `Cache-Control: no-store` (answers to keyed requests are not to be kept).',
    where: 'blind-variants/set-3-behaviour.ts (notStored), app.ts',
  },
  {
    name: 'bv3-bearer-challenge-error-attribute',
    rule:
      '§5.4: "A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer ' +
      'realm="<service_name> API"`"; §5.3: "Malformed, invalid or revoked key: 401 `invalid_api_key`". ' +
      'The challenge may carry further auth-params (RFC 6750 §3: `error="invalid_token"` when a token ' +
      'was sent and refused).',
    description:
      'A 401 for a key that was sent and refused carries the challenge with `error="invalid_token"` after ' +
      'the realm; a 401 without credentials carries the realm alone.',
    where: 'middleware/authenticate.ts',
  },
  {
    name: 'bv3-repeated-parameters-last-wins',
    rule:
      '§4 GET /games rule 1: "A tag parameter is repeated to select several IDs"; the other parameters ' +
      'are single values ("string", "integer") and what a repeated one means is not said.',
    description:
      'A single-valued parameter sent more than once takes its last value (`sort=newest&sort=oldest` ' +
      'sorts oldest), on every endpoint; tag parameters still collect every id.',
    where: 'blind-variants/set-3-behaviour.ts (lastValues), operations.ts',
  },
  {
    name: 'bv3-games-unknown-parameter-422',
    rule:
      '§4 GET /games: the parameter table; "Other invalid filter values also yield 422 ' +
      '`invalid_filter`"; §7: "invalid_filter | 422 | Game collection filter value or combination ' +
      'invalid". Whether a parameter outside the table is ignored is not said.',
    description:
      'GET /games refuses a parameter outside its table (a misspelt filter such as `has_review=1`) with ' +
      '422 `invalid_filter`, naming it in `details.parameter`.',
    where: 'blind-variants/set-3-behaviour.ts (unknownGameParameter), operations.ts (listGames)',
  },
  {
    name: 'bv3-reviews-invalid-parameters-ignored',
    rule:
      '§4 GET /reviews: "game_id | integer >= 1 | none (limits results to one active game)", "page | ' +
      'integer >= 1 | 1", "per_page | integer 1..50 | 20"; "Errors: 401, 405, 429, 500" (no 422). What ' +
      'an invalid value gives, short of an error, is not said.',
    description:
      'A `page`, `per_page` or `game_id` of GET /reviews that is not a valid value (out of range, not an ' +
      'integer, repeated) is treated as absent: its default applies (`per_page=51` gives 20, ' +
      '`game_id=abc` lists every game).',
    where: 'blind-variants/set-3-behaviour.ts (lenientReviewQuery), operations.ts (listReviews)',
  },
  {
    name: 'bv3-links-parameters-sorted',
    rule:
      '§2: "Link values are absolute URIs that preserve the query parameters of the request and include ' +
      '`page`." The order of the parameters and their percent-encoding are not said.',
    description:
      "Collection links write the request's parameters and `page` in alphabetical order of their names " +
      '(repeated names in request order), every name and value percent-encoded (a space as `%20`).',
    where: 'blind-variants/set-3-behaviour.ts (sortedLinks), operations.ts',
  },
  {
    name: 'bv3-summary-without-optional-members',
    rule:
      '§2 urls: "mssp | uri string | optional in summary, required in detail" (players, reviews likewise); ' +
      'connection: "mssp_port | integer or null | optional in summary, required in detail".',
    description:
      'The items of GET /games leave out `urls.mssp`, `urls.players`, `urls.reviews` and ' +
      '`connection.mssp_port`; game detail keeps them.',
    where: 'blind-variants/set-3-behaviour.ts (withoutOptionalMembers), operations.ts (listGames)',
  },
  {
    name: 'bv3-category-keys-from-group-names',
    rule:
      '§2: "Keys of `tags.categories`: not shown beyond each value being a TagReference (the tag filter ' +
      'parameters imply categories for game size, roleplaying status, codebase, play count, location, ' +
      'theme, type, language, player-killing policy)."',
    description:
      "A game's `tags.categories` are keyed by the snake_case name of the tag group in GET /tags " +
      "(`roleplaying_status`, `play_count`, …) instead of the filter parameters' prefixes.",
    where:
      'deviations/representation.ts (deviateGame), blind-variants/set-3-behaviour.ts (categoriesByGroupName)',
  },
  {
    name: 'bv3-average-rating-unrounded',
    rule:
      '§2 Game summary: "reviews | object | `count` integer >= 0; `average_rating` number or null; ' +
      '`rating_count` integer >= 0". No rounding is given (the description rounds only the daily player ' +
      'average).',
    description:
      "`reviews.average_rating` is the mean of the game's ratings at full double precision (3.3636363636363638), " +
      'not rounded to two decimals.',
    where: 'deviations/representation.ts (deviateGame), domain/game-index.ts (ratingMean)',
  },
  {
    name: 'bv3-newest-by-created',
    rule:
      '§4 GET /games: "sort | string | last_updated | One of `top_voted`, `newest`, `oldest`, ' +
      '`last_updated`, `recently_online`, `most_reviewed`". Which date `newest` and `oldest` order by ' +
      '(`dates.created` or `dates.listed`) is not said.',
    description: '`newest` and `oldest` order by `dates.created` instead of `dates.listed`.',
    where: 'deviations/games.ts (gameIndexRules)',
  },
  {
    name: 'bv3-sort-ties-by-name',
    rule:
      '§4 GET /games: the sorts are named, not defined; the order of games with equal sort keys is not ' +
      'said; §2: "`rank` integer or null".',
    description:
      'Games with equal sort keys (and equal votes, for ranks) are ordered by name, then id, instead of ' +
      'by id.',
    where: 'domain/game-index.ts, deviations/games.ts (gameIndexRules)',
  },
  {
    name: 'bv3-unvoted-games-ranked',
    rule:
      '§2 Game summary: "ranking | object | `rank` integer or null; `monthly_votes` integer >= 0"; §2 ' +
      'rule 1: an archived game has `ranking.rank` null. Which active games are unranked is not said.',
    description:
      'Every active game has a rank: games without monthly votes are ranked after those with votes ' +
      '(ties by id), instead of `rank` null.',
    where: 'domain/game-index.ts, deviations/games.ts (gameIndexRules)',
  },
] as const satisfies readonly BlindVariant[];

export type BlindVariant3Name = (typeof BLIND_VARIANTS_3)[number]['name'];

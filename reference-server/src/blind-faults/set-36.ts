/**
 * Blind fault set 36: a thirty-sixth set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–35 (set-1.ts … set-35.ts). Its theme is what a code assistant writes from the
 * description: a name normalised to its neighbour's spelling, one sentence of a rule kept and the
 * next missed, a field left out of the search, a JavaScript idiom where the description states a rule
 * (`undefined` dropped by JSON, `new URL` normalising, `toISOString`'s milliseconds, a Date object
 * stringified), an ORM's default direction or scope, an enum spelled like its members, a framework's
 * 400 and generic 404 code, a "helpful" clamp, a missing ordering check, a LEFT JOIN's row of nulls,
 * a relation's name for a key. The counts in the descriptions are those of the default fixtures
 * (`createApp`'s dataset: seed 1, 500 games, at the fixtures' anchor 2026-11-22T12:00:00Z). Like the
 * earlier sets, it measures how well the suite catches bugs nobody has shown it, so its entries
 * deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind36-…'] })`, `--faults blind36-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in
 * `blind-faults/set-36-assistant.ts` or, for the two error and header mistakes, on the line of the
 * module it names); with none on, nothing changes. `hint` names the case that shows it (what a
 * black-box client needs besides a normal key, when anything).
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_36 = [
  // GET /games.
  {
    name: 'blind36-recently-online-sort-spelled-like-flag',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)"; "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours".',
    description:
      "The assistant's sort enum spells the sort `online_recently`, the name of the flag listed two rows below it (`SORTS = ['top_voted', 'newest', 'oldest', 'last_updated', 'online_recently', 'most_reviewed']`), so `sort=recently_online` is an unknown value and falls back to `last_updated` (200, the games in the default order) while `sort=online_recently` gives the order by last successful connect; the combination rule, written from rule 3's words, still refuses `connection_type=web_only&sort=recently_online` 422, and the other sorts are right.",
    where: 'operations.ts',
    hint: '`sort=recently_online`, its order against `status.last_successful_connect`',
  },
  {
    name: 'blind36-bare-tag-parameter-ignored',
    rule: '§4 GET /games rule 1: "A tag parameter is repeated to select several IDs (`<name>[]=<tag_id>&<name>[]=<tag_id>`). A single ID may be sent with or without the brackets."',
    description:
      "The tag filters are read with `searchParams.getAll('<category>_tag_id[]')` only — rule 1's first sentence, its second one missed — so a tag id sent without the brackets (`theme_tag_id=153`) is not read: the request is answered 200 with every active game (459 here) as if no tag filter were sent, instead of the games of that tag; the bracketed form, once or repeated, is right.",
    where: 'operations.ts',
    hint: 'a tag id sent without brackets (`theme_tag_id=<id>`)',
  },
  {
    name: 'blind36-q-skips-full-description',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      "The search is written over the fields a game summary has at hand (`name`, `intro`), the full description (a detail-only field) left out, so a term that occurs only in a game's full description matches nothing: `q=ancient` (in 61 active games, in the name or intro of 36; only in the full description of game 5) is answered 200 with 36 games, game 5 not among them, instead of 61; games holding the terms in their name or intro are right.",
    where: 'operations.ts',
    hint: "a `q` term found only in a game's full description (GET /games/{id}'s `description`)",
  },
  // A game's representation (the list's items and the detail).
  {
    name: 'blind36-average-rating-undefined-dropped',
    rule: '§2 Game summary: "All fields below are required."; "reviews | object | `count` integer >= 0; `average_rating` number or null; `rating_count` integer >= 0"; §1.4: "A field is `null` when no value exists for it."',
    description:
      "`reviews.average_rating` is computed as `ratings.length ? sum / ratings.length : undefined`, and `JSON.stringify` drops a key holding undefined, so a game without any rated review (207 active games here, game 5 first; game 35 has reviews, none rated) has no `average_rating` key at all in its `reviews` block — in GET /games' items and in the detail — instead of `average_rating: null`; rated games are right.",
    where: 'operations.ts',
    hint: 'a game without a rated review (GET /games/5, or any page of GET /games)',
  },
  {
    name: 'blind36-archive-reason-screaming-case',
    rule: '§2 `status`: "archive_reason | string or null | `non_connectivity` in the machine-readable schema; `admin_disabled` is also documented for an administrator restriction; null for active listings".',
    description:
      "`status.archive_reason` is written from a TypeScript enum whose values the assistant spelled like its members (`enum ArchiveReason { NON_CONNECTIVITY = 'NON_CONNECTIVITY', ADMIN_DISABLED = 'ADMIN_DISABLED' }`), so an archived game's detail (41 here, game 19 `admin_disabled`, game 31 `non_connectivity`) has `archive_reason` `ADMIN_DISABLED` or `NON_CONNECTIVITY` instead of the documented lower-case values; active games' null and `status.archived` are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id} of an archived game (the archived hint)',
  },
  {
    name: 'blind36-web-only-play-url-normalised',
    rule: '§2 Rules on game resources: "2. Web-only game: `status.web_only` is true, `urls.play` is the game\'s website, connection values are null, …"; `urls`: "website | string or null".',
    description:
      "A web-only game's `urls.play` is \"validated\" with `new URL(game.website).href`, which normalises the address — a bare origin gains a trailing `/` — so for the web-only games whose website has no path (game 14's `https://www.firevale.example.com`) `urls.play` is `https://www.firevale.example.com/`, not the game's website as `urls.website` gives it, in GET /games' items and the detail; websites with a path, and other games, are right.",
    where: 'operations.ts',
    hint: 'a web-only game whose website has no path (GET /games/14, `connection_type=web_only`)',
  },
  // Reviews.
  {
    name: 'blind36-review-of-archived-game-404',
    rule: '§4 GET /reviews/{reviewId}: "Response 200: `{data: review detail}`. Available by direct ID even when the game is archived (reported by `game.archived`)."; GET /reviews: "Archived games\' reviews are excluded from this collection."',
    description:
      "The archived exclusion of GET /reviews was put in the review repository's default scope (`where: { game: { archived: false } }`), which the lookup by id goes through as well — the collection's sentence kept, the detail's missed — so GET /reviews/{id} of a review of any archived game (35 here: review 4 of game 181 `admin_disabled`, review 5 of game 499 `non_connectivity` …) is answered 404 as if it did not exist instead of 200 with `game.archived` true; reviews of active games are right.",
    where: 'operations.ts',
    hint: 'the review id of an archived game (review 5, of game 499)',
  },
  {
    name: 'blind36-reviews-oldest-first',
    rule: '§4 GET /reviews: "Public reviews, newest first."',
    description:
      "The list is read with the ORM's `orderBy: { submitted: 'asc' }` — the call's default direction, \"newest first\" not carried into it — so GET /reviews (with or without `game_id`) starts with the oldest listed review (review 1) and its pages run forwards in time, instead of the newest (review 619) first; `meta.total`, the paging and the items are right.",
    where: 'operations.ts',
    hint: 'GET /reviews, its `dates.submitted` order',
  },
  // Player history.
  {
    name: 'blind36-player-times-iso-milliseconds',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §4 GET /games/{gameId}/players: "Date boundaries and returned timestamps are UTC."; §2 Player sample: "`{recorded_at: date-time string, players: integer >= 0}`".',
    description:
      "The samples' times are written with `new Date(t * 1000).toISOString()`, JavaScript's own ISO 8601 form, so every `recorded_at` of a player history carries milliseconds (`2026-11-21T00:00:00.000Z`, `2026-11-21T00:30:00.000Z`) instead of the shape `YYYY-MM-DDThh:mm:ssZ`, in both granularities; `meta.from`/`meta.to` and the counts are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/players (any game with samples)',
  },
  // Statistics and the activity pattern.
  {
    name: 'blind36-stats-unknown-metric-400',
    rule: '§4 Statistics endpoints: "3. Invalid queries return 422 `invalid_statistics_query`."; §7: "invalid_statistics_query | 422 | Metric, resolution, date range or timezone invalid".',
    description:
      'The metric is declared as an enum in the route\'s query schema, and the framework\'s schema validation answers a value outside it before the handler with its own 400 Bad Request (the error handler maps a 400 to the code `bad_request`, message "querystring/metric must be equal to one of the allowed values"), so `metric=<unknown>` (`metric=users`) is answered 400 `bad_request` instead of 422 `invalid_statistics_query`; the other invalid queries (dates, resolution) are right.',
    where: 'operations.ts',
    hint: 'GET /games/{id}/statistics with an unknown metric (`metric=users`)',
  },
  {
    name: 'blind36-stats-points-truncated-1000',
    rule: '§4 Statistics endpoints: "1. … Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`; at most 1,000 points."; "3. Invalid queries return 422 `invalid_statistics_query`."; §8: "Statistics points | at most 1,000".',
    description:
      '"at most 1,000 points" is enforced by a "helpful" `points.slice(0, 1000)` instead of a refusal, so a range that needs more points — `resolution=hourly` over the default 30 days (720) is served, but over 60 days (1,440) — is answered 200 with its first 1,000 points (up to the 42nd day, the rest of the range silently missing) instead of 422 `invalid_statistics_query`; ranges of at most 1,000 points are right.',
    where: 'operations.ts',
    hint: '`resolution=hourly` over more than 41⅔ days (e.g. 60 days)',
  },
  {
    name: 'blind36-activity-reversed-range-answered',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days …"; "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      'The activity pattern checks its range only as `days = (to − from) / 1 day + 1; if (days > 90) 422`, which a reversed range passes (its days are negative), and its loop over the samples between `from` and `to` finds none, so a `from` after `to` is answered 200 with 168 cells of count 0 and average null (and `meta` echoing the dates) instead of 422 `invalid_statistics_query`; ranges in order, and the statistics endpoint, are right.',
    where: 'operations.ts',
    hint: 'GET /games/{id}/activity-pattern with `from` after `to`',
  },
  // MSSP.
  {
    name: 'blind36-mssp-missing-snapshot-object-of-nulls',
    rule: '§4 GET /games/{gameId}/mssp: "If the game exists but has no snapshot: `data` null, `meta.status` `mssp_not_available`."; §3: "`mssp_not_available` (with `data` null) when the game exists but has no snapshot".',
    description:
      "The snapshot is read with a LEFT JOIN from the game and `data` is built from the row's columns unconditionally (`data: { collected_at: row.collected_at, values: row.values }`), so a game without a snapshot (58 active here: game 70, and web-only game 14 …) has `data: {collected_at: null, values: null}` beside `meta.status` `mssp_not_available` instead of `data` null; games with a snapshot are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/mssp of a game without a snapshot (game 70)',
  },
  // GET /tags.
  {
    name: 'blind36-tags-group-values-key-tags',
    rule: '§2 Tag group: "`{id: integer, name: string, values: [TagReference]}`"; §4 GET /tags: "Response 200: `{data: [tag groups]}`, the current taxonomy."',
    description:
      "Each group is serialised with the ORM relation's name (`{ id, name, tags: group.tags }`), the assistant's model calling a group's members `tags`, so every group of GET /tags carries its values under `tags` and has no `values` key; the ids, names and the envelope are right.",
    where: 'operations.ts',
    hint: 'GET /tags',
  },
  // Errors and headers.
  {
    name: 'blind36-unknown-route-generic-not-found',
    rule: '§4: "An unknown path returns 404 (`route_not_found`)."; §7: "route_not_found | 404 | API route does not exist"; "`code` is stable and machine-readable".',
    description:
      "The unknown path is answered by the framework's not-found handler, whose error goes through the generic error mapper (`404 → { code: 'not_found', message: 'Not Found' }`), so an unknown route (`/api/v1/nope`) is answered 404 with `error.code` `not_found` and the message \"Not Found\" instead of `route_not_found`; the status, the envelope, `request_id` and the headers are right, and `game_not_found` is untouched.",
    where: 'respond.ts',
    hint: 'an unknown path under the base (`/nope`)',
  },
  {
    name: 'blind36-reset-written-as-date-string',
    rule: '§7 Response headers: "X-RateLimit-Reset | Integer Unix timestamp when the currently binding limit resets".',
    description:
      "X-RateLimit-Reset is set as in a rate limiter's README example (`'X-RateLimit-Reset': new Date(Date.now() + msBeforeNext)`), the Date object stringified by `setHeader`, so it reads `Sun Nov 22 2026 12:01:00 GMT+0000 (Coordinated Universal Time)` (the server's zone's `Date#toString`) instead of the integer `1795348860`; X-RateLimit-Limit, -Remaining and Retry-After are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'any counted answer (its X-RateLimit-Reset)',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault36Name = (typeof BLIND_FAULTS_36)[number]['name'];

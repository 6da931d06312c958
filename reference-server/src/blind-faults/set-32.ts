/**
 * Blind fault set 32: a thirty-second set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–31 (set-1.ts … set-31.ts). Its theme is the member of a list nobody tested: the
 * description lists many finite sets (sorts, tag parameters, flag windows, archive reasons, MSSP
 * states, granularities, metrics, resolutions, zones, error conditions, tag groups, 401 cases,
 * methods), and each fault mishandles exactly ONE member of one of them — a list missing a member,
 * a member spelled differently in one place, a table row copied from its sibling, a `switch` case
 * falling through or forgotten, a branch copied with its constant — while every other member of
 * that set is handled right, so a tester who tried the default or two or three members passes it.
 * Like the earlier sets, it measures how well the suite catches bugs nobody has shown it, so its
 * entries deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind32-…'] })`, `--faults blind32-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what the mistake computes is in `blind-faults/set-32-members.ts`);
 * with none on, nothing changes. `hint` names what a black-box client needs besides a normal key to
 * observe it, when anything.
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_32 = [
  // GET /games.
  {
    name: 'blind32-sort-most-reviewed-missing-from-list',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)".',
    description:
      "The validator's list of sorts is the one written before `most_reviewed` was added (the sort keys gained the member, the list `SORTS` did not), so `sort=most_reviewed` is taken for an unknown value and falls back to `last_updated`: the games come in the order of their last update instead of by their number of reviews (the links still say `sort=most_reviewed`); the five other sorts, and the default, are right.",
    where: 'operations.ts',
    hint: 'GET /games?sort=most_reviewed, and the review counts of its first items',
  },
  {
    name: 'blind32-player-killing-parameter-misspelled',
    rule: '§4 GET /games: "`player_killing_tag_id[]` | same | none | player-killing policy tag IDs"; rule 2: "Values within one tag category combine with OR; different categories combine with AND; …".',
    description:
      'The tag parameters are read under the names of the filter table, whose ninth row spells the category `playerkilling` (`playerkilling_tag_id[]`, as the column is named), so the documented `player_killing_tag_id[]` and `player_killing_tag_id` are unknown parameters and ignored: `/games?player_killing_tag_id[]=<No PK id>` lists and counts every active game (275 here) instead of those of that policy (52), and an invalid id under that name is not refused; the eight other tag parameters are right.',
    where: 'operations.ts',
    hint: 'GET /games with `player_killing_tag_id[]` (an id from GET /tags), and its total',
  },
  {
    name: 'blind32-online-recently-window-of-recently-updated',
    rule: '§8: "online_recently window | 48 hours"; §4 GET /games: "`online_recently` | integer, only value 1 | none | 1 = games reached successfully in the last 48 hours".',
    description:
      'The flag windows are a table copied row by row, and the `online_recently` row kept the value of the `recently_updated` row above it (30 days), so `online_recently=1` keeps every game reached successfully in the last 30 days: 228 games instead of the 214 reached in the last 48 hours here (games last reached 3 to 30 days ago are listed); `recently_updated=1` (30 days) and `has_reviews=1` are right.',
    where: 'operations.ts',
    hint: 'GET /games?online_recently=1 (a game last reached more than 48 hours but less than 30 days ago)',
  },
  // Game detail.
  {
    name: 'blind32-admin-disabled-detail-rank-kept',
    rule: '§2 Rules on game resources: "1. Archived game: `status.archived` is true, `status.archive_reason` is set, `urls.play` is null, `ranking.rank` is null, `status.confirmed_online` is false."',
    description:
      "The detail's rank is read per game (1 + the listed games with more monthly votes) and nulled in a `switch` on the archive reason whose only case is `non_connectivity` (the reason the crawler sets; `admin_disabled` was documented later), so a game an administrator archived keeps the rank its votes give: game 190 here (`admin_disabled`, 11 monthly votes) has `ranking.rank` 96 instead of null; games archived for non-connectivity, and archived games without votes, are right.",
    where: 'operations.ts',
    hint: 'the detail of a game archived `admin_disabled` that has monthly votes',
  },
  // MSSP.
  {
    name: 'blind32-mssp-not-available-misspelled',
    rule: '§2 MSSP snapshot: "MSSP response: `{data: snapshot or null, meta: {game_id integer, status: "available" | "mssp_not_available"}}`."; §3: "… `mssp_not_available` (with `data` null) when the game exists but has no snapshot."',
    description:
      'The no-snapshot branch writes its status from a constant spelled `mssp_unavailable` (the spelling of the crawler\'s enum), so the MSSP response of a game without a snapshot is `data` null with `meta.status` "mssp_unavailable", a value outside the two; games with a snapshot say `available`, right.',
    where: 'operations.ts',
    hint: 'the MSSP snapshot of a game without one (35 games here)',
  },
  // Player history.
  {
    name: 'blind32-raw-range-limit-of-daily',
    rule: '§4 GET /games/{gameId}/players: "Rules: a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. … range beyond the maximum returns 422 `invalid_date_range`."; §8: "Raw player-history range | at most 90 days".',
    description:
      'The maximum-span table keyed by granularity has its `raw` row copied from the `daily` row (365), so a raw range of 91 to 365 days is answered 200 with every crawler sample of the range instead of 422 `invalid_date_range`; daily ranges are limited right, and raw ranges beyond 365 days are refused.',
    where: 'operations.ts',
    hint: 'a raw player history of 91 to 365 days',
  },
  {
    name: 'blind32-explicit-daily-granularity-refused',
    rule: '§4 GET /games/{gameId}/players: "`granularity` | string | daily | `daily` = rounded daily average; `raw` = individual crawler samples"; §2 Player sample: "granularity: "daily"|"raw"".',
    description:
      "A sent `granularity` is checked against `['day', 'raw']`, the aggregation's internal names, while an absent one is defaulted to the daily bucket directly, so `granularity=daily` is refused 422 `invalid_date_range` (\"must be one of day, raw\") and `granularity=day` is answered as daily; a history without `granularity` (daily) and `granularity=raw` are right.",
    where: 'operations.ts',
    hint: 'a player history with `granularity=daily` sent explicitly',
  },
  // Statistics.
  {
    name: 'blind32-stats-helpfiles-missing-from-metrics',
    rule: '§4 Statistics endpoints: "1. … Metrics: `players`, `areas`, `helpfiles`, `mobiles`, `objects`, `rooms`, `classes`, `levels`, `races`, `skills`."',
    description:
      "The metric validator's list was typed from the MSSP keys the crawler stores as counts and has no `helpfiles`, so a statistics query for the `helpfiles` metric is refused 422 `invalid_statistics_query` as an unknown metric; the nine other metrics, and the default, are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/statistics with `metric=helpfiles`',
  },
  {
    name: 'blind32-stats-monthly-falls-through-to-weekly',
    rule: '§4 Statistics endpoints: "1. … Resolutions: `raw` (up to 24 hours), `hourly`, `daily`, `weekly`, `monthly`; at most 1,000 points."',
    description:
      "The bucket-start `switch` on the resolution has `case 'monthly':` right above `case 'weekly':` with its month arithmetic under an `if` that never returns, so it falls through: `resolution=monthly` answers weekly points (a point a week, keyed by the Mondays, 25 for June to November instead of 6) while `meta.resolution` says `monthly`; the four other resolutions are right.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/statistics with `resolution=monthly` over a few months',
  },
  {
    name: 'blind32-stats-bad-resolution-date-range-code',
    rule: '§7: "invalid_statistics_query | 422 | Metric, resolution, date range or timezone invalid"; §4 Statistics endpoints: "3. Invalid queries return 422 `invalid_statistics_query`."',
    description:
      "The resolution check was copied from the player history's granularity check with its error code, so an unknown resolution (`resolution=yearly`) is refused 422 `invalid_date_range` instead of `invalid_statistics_query`; an unknown metric, bad dates and ranges are refused with the right code.",
    where: 'operations.ts',
    hint: 'GET /games/{id}/statistics with an unknown resolution',
  },
  // Activity pattern.
  {
    name: 'blind32-activity-london-as-utc',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: takes the same dates, at most 90 days, and an IANA timezone (default UTC). Returns 168 weekday/hour cells …" (the cells of the zone asked).',
    description:
      'A fast path skips converting the samples for the zones taken to be UTC all year, and its list (`UTC`, `Etc/UTC`, `GMT`, `Etc/GMT`) also holds `Europe/London`, which is UTC+1 in summer, so an activity pattern asked in `Europe/London` over summer-time dates (before 25 October 2026) has the UTC cells, each hour one early (`meta.timezone` still `Europe/London`); the other zones, and London in winter, are right.',
    where: 'operations.ts',
    hint: 'an activity pattern in `Europe/London` over a range in British summer time',
  },
  {
    name: 'blind32-activity-unknown-game-route-not-found',
    rule: '§7: "game_not_found | 404 | Game does not exist"; "route_not_found | 404 | API route does not exist".',
    description:
      "The activity-pattern route's own lookup of the game (added with the statistics endpoints, ahead of the shared sub-resource lookup) answers an unknown game id with the API fallback's `route_not_found`, so GET /games/999999/activity-pattern is 404 `route_not_found` instead of `game_not_found`; the game detail, MSSP, players and statistics of an unknown game say `game_not_found`, right.",
    where: 'operations.ts',
    hint: 'the activity pattern of a game id that does not exist',
  },
  // Reviews.
  {
    name: 'blind32-review-of-admin-disabled-game-404',
    rule: '§4 GET /reviews/{reviewId}: "Response 200: `{data: review detail}`. Available by direct ID even when the game is archived (reported by `game.archived`)."',
    description:
      "The review lookup joins the review to its game through the moderation filter that hides what an administrator disabled (`archive_reason IS DISTINCT FROM 'admin_disabled'`), so the review of a game archived `admin_disabled` (reviews 15 and 35 here) is answered 404 as if it did not exist; reviews of games archived for non-connectivity, and of active games, are right.",
    where: 'operations.ts',
    hint: 'the detail of a review of a game archived `admin_disabled`',
  },
  // GET /tags.
  {
    name: 'blind32-tags-playcount-group-missing',
    rule: '§4 GET /tags: "No parameters. Response 200: `{data: [tag groups]}`, the current taxonomy."; GET /games rule 1: "Current IDs come from GET /tags." (for every tag parameter, `playcount_tag_id[]` included).',
    description:
      'GET /tags builds its groups from a hand-kept list of category keys that lacks `playcount` (written before that category was added), so the play-count group and its ids are not listed (8 groups instead of 9), though games carry them and `playcount_tag_id[]` filters by them; the eight other groups are right.',
    where: 'operations.ts',
    hint: 'GET /tags, and a game whose play-count tag is not in it',
  },
  // Authentication and methods.
  {
    name: 'blind32-malformed-key-no-challenge',
    rule: '§5: "3. … Malformed, invalid or revoked key: 401 `invalid_api_key`. 4. A 401 response carries `WWW-Authenticate` with the Bearer challenge `Bearer realm="<service_name> API"`."',
    description:
      'The malformed-header case (an Authorization header that is not `Bearer <token>`: another scheme, `Bearer` alone) is answered by an early return written before the challenge was added, so its 401 `invalid_api_key` carries no `WWW-Authenticate`; the 401s of no header, an unknown key and a revoked key carry the challenge, right.',
    where: 'middleware/authenticate.ts',
    hint: 'a request with `Authorization: Basic …` (or `Bearer` alone)',
  },
  {
    name: 'blind32-delete-route-not-found',
    rule: '§4: "All endpoints are GET. Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`."; §7: "method_not_allowed | 405 | Method other than GET; response has `Allow: GET`".',
    description:
      'The method guard answers 405 for the methods of its list (`POST`, `PUT`, `PATCH`, `HEAD`, `OPTIONS`), and `DELETE` is not in it, so a DELETE goes on to the router, which has no DELETE routes, and is answered 404 `route_not_found` without `Allow` (on existing paths too: `DELETE /games/1`); the other methods get 405 with `Allow: GET`, right.',
    where: 'middleware/method-check.ts',
    hint: 'a DELETE request to an existing path',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault32Name = (typeof BLIND_FAULTS_32)[number]['name'];

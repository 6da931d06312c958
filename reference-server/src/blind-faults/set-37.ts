/**
 * Blind fault set 37: a thirty-seventh set of plausible, single implementer bugs written from the API
 * description alone (/work/shared/seed, "Game Directory API v1"), without reading the conformance
 * suite, its docs or the entries of the main fault catalogue (faults.ts), and different from the
 * faults of sets 1–36 (set-1.ts … set-36.ts). Its theme is **the hotfix that overcorrects**: each
 * fault is the patch a developer on call writes for a report (a client's complaint, a monitoring
 * alert, a customer's email). The patch makes the reported case right, or silences the report, and
 * breaks a neighbouring case the report did not mention: a test tightened one step too far, a
 * backfill put in a shared serializer, a filter widened, a search narrowed to whole words, a typo
 * "forgiven", a joiner changed for every condition, a time zone applied to times already in UTC, a
 * status invented for one crawler, a block widened from one game to a state, a span counted without
 * its last day, an error swallowed into a 200, a threshold lowered instead of a comparison fixed, a
 * reason reported with a status the endpoint does not have, a key rotation accepted, a retry counted
 * twice, a wait capped. The counts in the descriptions are those of the default fixtures
 * (`createApp`'s dataset: seed 1, 500 games, at the fixtures' anchor 2026-11-22T12:00:00Z). Like the
 * earlier sets, it measures how well the suite catches bugs nobody has shown it, so its entries
 * deliberately have no killing check of their own (see README.md next to this file).
 *
 * Each entry breaks ONE rule the description states (never an open "not shown" point) and is
 * switched on like any fault (`createApp({ faults: ['blind37-…'] })`, `--faults blind37-…`). It is
 * consulted through `blindFault(faults, name)` (set-1.ts) in the module named by `where` (paths
 * relative to reference-server/src; what each patch computes is in `blind-faults/set-37-hotfixes.ts`);
 * with none on, nothing changes. `hint` names the case that shows it (what a black-box client needs
 * besides a normal key, when anything).
 */
import type { BlindFault } from './blind-fault.ts';

export const BLIND_FAULTS_37 = [
  // The collections' links.
  {
    name: 'blind37-next-link-dropped-before-one-item-page',
    rule: '§1.5: "Collection responses (games, reviews) have the envelope `{data: [...], meta: {page, per_page, total}, links: {self, next?, previous?}}`. `next` or `previous` is present only when such a page exists."',
    description:
      'Report: a partner\'s sync saw a `next` link on the exact last page of an older build. The on-call "tightens" the link helper\'s test from `page × per_page < total` to `page × per_page < total − 1`, and games and reviews share the helper, so a page followed by a last page of exactly one item has no `next`: GET /games?per_page=2&page=229 (459 active games; page 230 holds game 510 alone) and GET /reviews?game_id=1&per_page=14&page=2 (29 reviews) are answered without `next`, and a client following the links never reaches the last item; the other pages, `previous`, `self` and `meta` are right.',
    where: 'operations.ts',
    hint: 'a page followed by a one-item last page (`page × per_page = total − 1`, e.g. `/games?per_page=2&page=229`)',
  },
  // A game's representation.
  {
    name: 'blind37-offline-active-game-archive-reason',
    rule: '§2 `status`: "archive_reason | string or null | `non_connectivity` in the machine-readable schema; `admin_disabled` is also documented for an administrator restriction; null for active listings"; §3: "active | `archived` false, `archive_reason` null".',
    description:
      "Monitoring alert: the nightly export found archived listings with a null `archive_reason` (legacy rows archived before the column existed). The on-call backfills it in the shared status serializer as `archive_reason ?? (confirmed_online ? null : 'non_connectivity')`, so every active game that is not confirmed online — 101 here: 60 MUD-client games such as game 10 (last reached 2026-10-15) and the 41 web-only games such as game 14 — has `archive_reason` `non_connectivity` beside `archived: false`, in GET /games' items (10 of the first 50) and the detail; archived games and the games confirmed online are right.",
    where: 'operations.ts',
    hint: 'an active game not confirmed online (GET /games/10, or any web-only game)',
  },
  {
    name: 'blind37-detail-dates-shifted-to-berlin',
    rule: '§1.4: "Timestamps are UTC ISO 8601 strings of the shape `YYYY-MM-DDThh:mm:ssZ`."; §2 Game detail: "All summary fields, with `urls` and `connection` in their detail form …".',
    description:
      "Customer email from Berlin: \"`dates.updated` of game 5 is two hours behind your listing page\" (the page shows local time). The patch converts the detail's dates to Europe/Berlin before they are formatted, and the formatter still writes `Z`, so GET /games/{id} answers `created`, `listed` and `updated` two hours late for summer-time instants and one hour late for winter ones: game 5's `updated` is `2026-06-09T04:09:45Z` instead of `2026-06-09T02:09:45Z`, its `listed` `2019-10-31T22:58:34Z` instead of `21:58:34Z`, while the same game's item in GET /games keeps the UTC times; the list and the other timestamps are right.",
    where: 'operations.ts',
    hint: "GET /games/{id} against the same game in GET /games (or against the summary's UTC times)",
  },
  // GET /games.
  {
    name: 'blind37-mud-client-excludes-games-with-website',
    rule: '§4 GET /games: "`connection_type` | string | all | `all` (no filter), `web_only` (website-only games), `mud_client` (games supporting MUD clients)".',
    description:
      'Support ticket: a user filtering `connection_type=mud_client` found a game whose page says "play in your browser" (a MUD with a web client beside its telnet port). The patch keeps, for `mud_client`, the games without a website (`website IS NULL`), so the MUD-client games that also have a website (369 of the 418 active ones here, game 1 first) are missing: `connection_type=mud_client` is answered with 49 games (`meta.total` 49) instead of 418, although each game left out has `web_only` false and a telnet host; `web_only` (41) and `all` are right.',
    where: 'operations.ts',
    hint: '`connection_type=mud_client` (its total against `all` minus `web_only`)',
  },
  {
    name: 'blind37-q-whole-words-only',
    rule: '§4 GET /games: "`q` | string | none | Split on whitespace; every term must occur somewhere in the game\'s name, intro or full description".',
    description:
      'Customer complaint: `q=orc` finds games about sorcery and forces. The patch matches each term as a whole word (`\\borc\\b`) of the name, intro or description, so a term occurring only inside longer words no longer matches: `q=orc` is answered with 0 games instead of 181, `q=dragon` with 2 instead of 185 (the "dragons" and "Dragonspine" of the others left out), `q=star` with 35 instead of 245; games holding each term as a word of its own are right.',
    where: 'operations.ts',
    hint: 'a `q` term found only inside longer words (`q=orc`)',
  },
  {
    name: 'blind37-sort-typo-matched-to-nearest',
    rule: '§4 GET /games: "`sort` | string | last_updated | One of `top_voted`, `newest`, `oldest`, `last_updated`, `recently_online`, `most_reviewed`. An unknown value falls back to `last_updated` (no error)".',
    description:
      'Report: a customer\'s typo (`sort=top_votes`) silently gave the default order for weeks. To "be forgiving", the patch reads an unknown sort within two edits (Levenshtein distance) of a listed one as that sort, before the query is parsed: `sort=top_votes` is answered in the `top_voted` order (game 643 first) and `sort=newset` in the `newest` order (game 318 first) instead of falling back to `last_updated` (game 226 first); values further off (`sort=bogus`) still fall back, and the listed values are right.',
    where: 'operations.ts',
    hint: 'a misspelt sort value (`sort=top_votes`)',
  },
  {
    name: 'blind37-tag-categories-ored-like-values',
    rule: '§4 GET /games rule 2: "Values within one tag category combine with OR; different categories combine with AND; the search terms and all filters combine with AND."',
    description:
      'Report: two ids of one category (`theme_tag_id[]=153&theme_tag_id[]=154`) found nothing on an older build, which ANDed them. The patch turns the joiner of the tag conditions from AND to OR — the one joiner of every tag condition — so the categories are ORed as well: `theme_tag_id[]=153&language_tag_id[]=179` (Fantasy, German) is answered with the 223 games that are Fantasy or German instead of the 9 that are both; the ids of one category, and the tag filters against `q` and the other filters, are right.',
    where: 'operations.ts',
    hint: 'tag ids of two categories (`theme_tag_id[]=153&language_tag_id[]=179`)',
  },
  // Errors.
  {
    name: 'blind37-missing-game-id-below-highest-410',
    rule: '§4 GET /games/{gameId}: "Response 200: `{data: game detail}`. … Errors: 401, 404 (`game_not_found`), 405, 429, 500."; §7: "game_not_found | 404 | Game does not exist".',
    description:
      'Monitoring alert: a partner\'s crawler keeps requesting the ids of deleted listings and the 404 rate pages the on-call, who answers an id without a game below the newest listing\'s id (676 here) 410 Gone ("deleted listings are gone for good"), the `game_not_found` envelope kept with the message "This listing was deleted and is gone.": GET /games/8 (one of the 176 unused ids below 676) is answered 410 instead of 404; ids above the newest listing (GET /games/99999) are still 404, and existing games are right.',
    where: 'operations.ts',
    hint: 'an unused game id below the highest listed one (GET /games/8)',
  },
  // MSSP.
  {
    name: 'blind37-mssp-archived-game-404',
    rule: '§4 GET /games/{gameId}/mssp: "Response 200: MSSP response (the newest stored snapshot). … Available for archived and web-only games."',
    description:
      'Legal ticket: game 19 (archived `admin_disabled`) advertises a scam site in its MSSP values; stop serving them. The patch blocks the MSSP of every archived game — the `archived` flag instead of that game or its reason — with 404 `game_not_found`, so GET /games/{id}/mssp of any of the 41 archived games (each with a stored snapshot here; game 31, `non_connectivity`, among them) is answered 404 instead of 200 with its snapshot and `meta.status` `available`; active and web-only games are right.',
    where: 'operations.ts',
    hint: 'GET /games/{id}/mssp of an archived game (the archived hint)',
  },
  // Player history.
  {
    name: 'blind37-history-span-limit-off-by-one',
    rule: '§4 GET /games/{gameId}/players: "Rules: a `daily` range spans at most 365 days; a `raw` range spans at most 90 days. An invalid granularity, date, date ordering or range beyond the maximum returns 422 `invalid_date_range`."',
    description:
      'Report: a raw history `from=2026-08-25&to=2026-11-22` (90 days, both ends counted) was refused on an older build. The patch drops the `+ 1` of the span (`to − from` days, "the last day is not a whole day yet"), so each maximum admits one day more: a raw range of 91 days (`granularity=raw&from=2026-08-24&to=2026-11-22`) and a daily range of 366 days (`from=2025-11-22&to=2026-11-22`) are answered 200 with the history instead of 422 `invalid_date_range`; 92 raw and 367 daily days are refused, and shorter ranges are right.',
    where: 'operations.ts',
    hint: 'a raw range of 91 days or a daily range of 366 days',
  },
  // Statistics and the activity pattern.
  {
    name: 'blind37-stats-pending-range-served-partly',
    rule: '§4 Statistics endpoints: "3. … Statistics that are disabled, unavailable or in preparation return 503 (`statistics_unavailable`, `statistics_pending`)."; §7: "statistics_pending | 503 | Requested historical range still being prepared".',
    description:
      'Monitoring alert: the 503s of GET /games/{id}/statistics page the on-call every night while long ranges are backfilled. The patch serves what is prepared: a range of more than 90 days of a game whose long ranges are in preparation (16 here, game 58 first) is answered 200 with the points of its last 90 days, `meta.from` the date asked and `meta.backfill.complete` false — `from=2026-05-06&to=2026-11-21` of game 58 gives 90 daily points from 2026-08-24 — instead of 503 `statistics_pending`; ranges of 90 days at most, and unavailable games (503 `statistics_unavailable`), are right.',
    where: 'operations.ts',
    hint: 'a game whose long ranges are in preparation, over more than 90 days (game 58)',
  },
  {
    name: 'blind37-activity-two-observations-averaged',
    rule: '§4 Statistics endpoints: "2. `GET /games/{gameId}/activity-pattern`: … Returns 168 weekday/hour cells with counts and sample averages; a cell with fewer than three observations has a null average."; §8: "Activity pattern cell average | null when fewer than three observations".',
    description:
      "Report: a week's activity pattern had null averages in cells of exactly three observations (an older build compared `count <= 3`). The patch lowers the threshold constant from 3 to 2 instead of fixing the comparison, so the cells of three are right but a cell of two observations has an average too: the one-day pattern of game 1 (`from=2026-11-21&to=2026-11-21`, 24 cells of two crawls each) is answered with averages (3, 3, 2 …) instead of null; cells of none, one, or three and more observations are right.",
    where: 'operations.ts',
    hint: 'an activity pattern with cells of two observations (a one-day range)',
  },
  // Reviews.
  {
    name: 'blind37-reviews-archived-game-id-404',
    rule: '§4 GET /reviews: "Public reviews, newest first. Archived games\' reviews are excluded from this collection."; "`game_id` | integer >= 1 | none (limits results to one active game)"; "Response 200: `{data: [review summaries], meta, links}`. Errors: 401, 405, 429, 500."',
    description:
      'Customer email: "GET /reviews?game_id=31 is empty although the game has a review". To make the reason visible, the patch answers the id of an archived game (41 here, 28 of them reviewed) 404 `game_not_found` with the message "Game 31 is archived; its reviews are not listed." — a status GET /reviews does not have — instead of 200 with an empty collection (`meta.total` 0); ids of active games and ids of no game are right.',
    where: 'operations.ts',
    hint: 'an archived game id as `game_id` (the archived hint)',
  },
  // Authentication.
  {
    name: 'blind37-comma-listed-keys-any-valid',
    rule: '§5: "1. Every endpoint requires the request header `Authorization: Bearer <API_KEY>`."; "3. No `Authorization` header: 401 `authentication_required`. Malformed, invalid or revoked key: 401 `invalid_api_key`."',
    description:
      'Report: a partner rotating keys sends both, `Authorization: Bearer <old>, Bearer <new>`, and got 401. The patch splits the header on commas and takes the first part naming a valid, unrevoked key, so a header listing a valid key beside an unknown or revoked one (`Bearer <key>, Bearer <unknown>`, `Bearer <revoked key>, Bearer <key>`) is answered 200 instead of 401 `invalid_api_key`; a header holding one key, valid or not, is right.',
    where: 'middleware/authenticate.ts',
    hint: 'an Authorization header listing a valid key and another, comma-separated',
  },
  // The rate limits.
  {
    name: 'blind37-statistics-503-retry-counted-twice',
    rule: '§7 Response headers: "X-RateLimit-Remaining | Integer; the smaller of requests remaining in the active minute limit and the UTC-day limit"; §8: "Requests per minute per key (default for new keys) | 60"; "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`".',
    description:
      "Monitoring alert: flaky 503s of the statistics backend. The patch retries a 503 once through the service's API client, which passes through the rate-limit accounting again, so every statistics request answered 503 costs its key two requests: with the low-limit key (5 a minute), GET /games/141/statistics (unavailable) shows X-RateLimit-Remaining 4 and the next request 2 instead of 3 (the key is refused 429 a request early); the 503 itself and other answers are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'the low-limit key, a statistics request answered 503 (game 141) and the request after it',
  },
  {
    name: 'blind37-retry-after-capped-one-hour',
    rule: '§7 Response headers: "Retry-After | Integer seconds until retry; on 429"; §8: "Exceeding either the minute or the UTC-day limit yields 429 `rate_limit_exceeded`; the client waits the number of seconds in `Retry-After`."',
    description:
      "Report: a customer's workers slept twelve hours on one 429 of their day-limited key. The patch caps Retry-After at 3,600 seconds, so the 429 of a spent UTC-day budget tells the client to retry within the hour: the day-limited key's fourth request (3 a day) at 12:00:00Z has `Retry-After: 3600` although the day's budget comes back at 00:00:00Z, 43,200 seconds later (X-RateLimit-Reset 1795392000), and a client waiting as told is refused again; minute refusals (less than 60 seconds) are right.",
    where: 'middleware/rate-limit.ts',
    hint: 'the day-limited key, its fourth request of the UTC day',
  },
] as const satisfies readonly BlindFault[];

export type BlindFault37Name = (typeof BLIND_FAULTS_37)[number]['name'];

/**
 * Every numbered rule and table row of the API description (§1–§9), with a stable id.
 * The meta-test requires each observable rule to be covered by at least one check
 * (`covers`), and each unobservable one to say why a black box cannot see it.
 */
export interface Rule {
  id: string;
  /** Where it stands: `§4 GET /games, rule 2`, `§7 error table, invalid_filter`. */
  source: string;
  /** The rule in a few words. */
  text: string;
  /** Present when a black box cannot observe the rule: the reason. */
  unobservable?: string;
}

const r = (id: string, source: string, text: string, unobservable?: string): Rule =>
  unobservable === undefined ? { id, source, text } : { id, source, text, unobservable };

export const RULES: Rule[] = [
  // §1 What the service does
  r('S1.1', '§1 rule 1', 'Only GET is supported; every response body is UTF-8 JSON'),
  r('S1.2', '§1 rule 2', 'The service offers search/list, one game, MSSP, player history, reviews, tags'),
  r('S1.3-KEY', '§1 rule 3', 'Every endpoint requires an API key'),
  r('S1.3-CORS', '§1 rule 3', 'Cross-origin browser access is not enabled'),
  r('S1.4-FORMAT', '§1 rule 4', 'Timestamps are UTC strings shaped YYYY-MM-DDThh:mm:ssZ'),
  r(
    'S1.4-NULL',
    '§1 rule 4',
    'A field is null when no value exists',
    'Whether a value "exists" is internal; the schema checks nullability where the tables allow it',
  ),
  r(
    'S1.5-ENVELOPE',
    '§1 rule 5',
    'Collections have {data, meta: {page, per_page, total}, links: {self, next?, previous?}}',
  ),
  r('S1.5-NEXTPREV', '§1 rule 5', 'next/previous present only when such a page exists'),
  r('S1.6', '§1 rule 6', '/json.php returns 410 Gone'),
  // §2 Shared types
  r('S2.TAGREF', '§2 shared types, TagReference', 'id integer, name string, both required'),
  r('S2.NULLTS', '§2 shared types, NullableTimestamp', 'date-time string or null'),
  r(
    'S2.PAGEMETA',
    '§2 shared types, PaginationMeta',
    'page ≥ 1, per_page 1..50, total ≥ 0 counting all pages',
  ),
  r('S2.PAGELINKS', '§2 shared types, PaginationLinks', 'self required uri; next/previous optional uris'),
  r(
    'S2.LINKS-ABS',
    '§2 shared types, links',
    'Links are absolute, preserve the query parameters and include page',
  ),
  // §2 Game summary
  r('S2.GS.ID', '§2 game summary, id', 'id integer'),
  r('S2.GS.NAME', '§2 game summary, name', 'name string'),
  r('S2.GS.INTRO', '§2 game summary, intro', 'intro string'),
  r('S2.GS.URLS', '§2 game summary, urls', 'urls object per the urls table'),
  r('S2.GS.CONNECTION', '§2 game summary, connection', 'connection object per the connection table'),
  r('S2.GS.RANKING', '§2 game summary, ranking', 'rank integer or null; monthly_votes ≥ 0'),
  r(
    'S2.GS.REVIEWS',
    '§2 game summary, reviews',
    'count ≥ 0; average_rating number or null; rating_count ≥ 0',
  ),
  r(
    'S2.GS.TAGS',
    '§2 game summary, tags',
    'categories maps a key to one TagReference; custom is an array of TagReference',
  ),
  r(
    'S2.GS.DATES',
    '§2 game summary, dates',
    'created, listed, updated: NullableTimestamp, all keys required',
  ),
  r('S2.GS.STATUS', '§2 game summary, status', 'status object per the status table'),
  r(
    'S2.GS.CATEGORY-KEYS',
    '§2 game summary, tags.categories keys',
    'Category keys (not shown; implied by the tag filters)',
  ),
  r('S2.URLS.SELF', '§2 urls, self', 'self: uri of this game in the API'),
  r('S2.URLS.LISTING', '§2 urls, the service', 'Listing page uri (key not shown)'),
  r('S2.URLS.WEBSITE', '§2 urls, website', 'string or null'),
  r('S2.URLS.DISCORD', '§2 urls, discord', 'string or null'),
  r('S2.URLS.BANNER', '§2 urls, banner', 'uri string'),
  r('S2.URLS.PLAY', '§2 urls, play', 'string or null'),
  r('S2.URLS.MSSP', '§2 urls, mssp', 'uri; optional in summary, required in detail'),
  r('S2.URLS.PLAYERS', '§2 urls, players', 'uri; optional in summary, required in detail'),
  r('S2.URLS.REVIEWS', '§2 urls, reviews', 'uri; optional in summary, required in detail'),
  r('S2.CONN.HOST', '§2 connection, host', 'string or null'),
  r('S2.CONN.PORT', '§2 connection, port', 'integer or null'),
  r('S2.CONN.TLS', '§2 connection, tls_port', 'integer or null'),
  r('S2.CONN.MSSP', '§2 connection, mssp_port', 'integer or null; optional in summary, required in detail'),
  r('S2.ST.ARCHIVED', '§2 status, archived', 'boolean; true when archived'),
  r(
    'S2.ST.REASON',
    '§2 status, archive_reason',
    'non_connectivity or admin_disabled; null for active listings',
  ),
  r('S2.ST.WEBONLY', '§2 status, web_only', 'boolean'),
  r('S2.ST.LASTCRAWLED', '§2 status, last_crawled', 'NullableTimestamp'),
  r('S2.ST.LASTCONNECT', '§2 status, last_successful_connect', 'NullableTimestamp'),
  r('S2.ST.CONFIRMED', '§2 status, confirmed_online', 'boolean'),
  r('S2.ST.PLAYERS', '§2 status, latest_players', 'integer or null'),
  r('S2.ST.MSSPAT', '§2 status, mssp_collected_at', 'NullableTimestamp'),
  r(
    'S2.RULE1',
    '§2 rules on game resources, rule 1',
    'Archived: archived true, reason set, play null, rank null, confirmed_online false',
  ),
  r(
    'S2.RULE2',
    '§2 rules on game resources, rule 2',
    'Web-only: web_only true, play = website, connection null, MSSP summary fields null',
  ),
  r('S2.GD.FORMS', '§2 game detail', 'Detail has urls and connection in detail form'),
  r('S2.GD.DESCRIPTION', '§2 game detail, description', 'description string'),
  r('S2.GD.WATCHERS', '§2 game detail, watcher_count', 'watcher_count integer ≥ 0'),
  // §2 Reviews
  r('S2.RS.ID', '§2 review summary, id', 'id integer'),
  r('S2.RS.TITLE', '§2 review summary, title', 'title string'),
  r('S2.RS.RATING', '§2 review summary, rating', 'integer or null'),
  r('S2.RS.AUTHOR', '§2 review summary, author', 'display_name string, affiliation string or null'),
  r('S2.RS.GAME', '§2 review summary, game', 'id integer, name string, archived boolean'),
  r('S2.RS.DATES', '§2 review summary, dates', 'submitted, edited NullableTimestamp'),
  r('S2.RS.URLS', '§2 review summary, urls', 'self, mudverse, game uri strings'),
  r('S2.RD.BODY', '§2 review detail, body', 'body string, Markdown'),
  // §2 MSSP, player sample, tag group, error
  r('S2.MSSP.COLLECTED', '§2 MSSP snapshot, collected_at', 'NullableTimestamp'),
  r(
    'S2.MSSP.VALUES',
    '§2 MSSP snapshot, values',
    'object or null; numeric and capability fields normalized to numbers and booleans',
  ),
  r('S2.MSSP.RESPONSE', '§2 MSSP response', '{data: snapshot or null, meta: {game_id, status}}'),
  r('S2.PLAYER.SAMPLE', '§2 player sample', '{recorded_at date-time, players integer ≥ 0}'),
  r('S2.PLAYER.RESPONSE', '§2 player sample, response', 'meta {game_id, granularity, from, to}'),
  r('S2.TAGGROUP', '§2 tag group', '{id, name, values: [TagReference]}'),
  r('S2.ERROR', '§2 error response', '{error: {code, message, details?}, request_id}'),
  // §3 States
  r('S3.ACTIVE', '§3 states table, active', 'archived false, reason null; in collections; direct lookup'),
  r(
    'S3.ARCHIVED',
    '§3 states table, archived',
    'archived true, reason set; not in collections or totals; direct lookup',
  ),
  r(
    'S3.MSSP-STATES',
    '§3 MSSP lookup states',
    'available with a snapshot; mssp_not_available with data null',
  ),
  r(
    'S3.TRANSITIONS',
    '§3 transitions',
    'What moves a listing between states',
    'Not shown; a client cannot move a listing',
  ),
  // §4 Endpoints, general
  r('S4.405', '§4 endpoints', 'Any method other than GET: 405 method_not_allowed with Allow: GET'),
  r('S4.404', '§4 endpoints', 'An unknown path: 404 route_not_found'),
  r(
    'S4.LISTED-ERRORS',
    "§4 endpoints, each operation's Errors",
    'An operation whose errors list no 400 or 422 refuses no query for a parameter it does not define',
  ),
  // §4 GET /games
  r(
    'S4.GAMES.ARCHIVED',
    '§4 GET /games',
    'Archived listings excluded from results and total, whatever filters or sort',
  ),
  r(
    'S4.GAMES.Q',
    '§4 GET /games parameters, q',
    'Every whitespace-separated term occurs in name, intro or description',
  ),
  r('S4.GAMES.SORT', '§4 GET /games parameters, sort', 'Six sorts, default last_updated'),
  r(
    'S4.GAMES.SORT-UNKNOWN',
    '§4 GET /games parameters, sort',
    'Unknown sort falls back to last_updated without error',
  ),
  r('S4.GAMES.CONNTYPE', '§4 GET /games parameters, connection_type', 'all, web_only, mud_client'),
  r('S4.GAMES.PAGE', '§4 GET /games parameters, page', 'integer ≥ 1, default 1, one-based'),
  r('S4.GAMES.PERPAGE', '§4 GET /games parameters, per_page', 'integer 1..50, default 20'),
  r('S4.GAMES.HASREVIEWS', '§4 GET /games parameters, has_reviews', '1 requires at least one review'),
  r('S4.GAMES.RECENTUPD', '§4 GET /games parameters, recently_updated', '1 = updated in the last 30 days'),
  r(
    'S4.GAMES.ONLINE',
    '§4 GET /games parameters, online_recently',
    '1 = reached successfully in the last 48 hours',
  ),
  r('S4.GAMES.TAG.GAME_SIZE', '§4 GET /games parameters, game_size_tag_id[]', 'game-size tag filter'),
  r(
    'S4.GAMES.TAG.RP_STATUS',
    '§4 GET /games parameters, rp_status_tag_id[]',
    'roleplaying-status tag filter',
  ),
  r('S4.GAMES.TAG.CODEBASE', '§4 GET /games parameters, codebase_tag_id[]', 'codebase tag filter'),
  r('S4.GAMES.TAG.PLAYCOUNT', '§4 GET /games parameters, playcount_tag_id[]', 'play-count tag filter'),
  r('S4.GAMES.TAG.LOCATION', '§4 GET /games parameters, location_tag_id[]', 'location tag filter'),
  r('S4.GAMES.TAG.THEME', '§4 GET /games parameters, theme_tag_id[]', 'theme tag filter'),
  r('S4.GAMES.TAG.TYPE', '§4 GET /games parameters, type_tag_id[]', 'game-type tag filter'),
  r('S4.GAMES.TAG.LANGUAGE', '§4 GET /games parameters, language_tag_id[]', 'language tag filter'),
  r(
    'S4.GAMES.TAG.PLAYER_KILLING',
    '§4 GET /games parameters, player_killing_tag_id[]',
    'player-killing tag filter',
  ),
  r('S4.GAMES.RULE1', '§4 GET /games, rule 1', 'Tag parameters repeat; a single id with or without brackets'),
  r(
    'S4.GAMES.RULE2',
    '§4 GET /games, rule 2',
    'OR within a category, AND across categories, AND with search and filters',
  ),
  r(
    'S4.GAMES.RULE3-COMBOS',
    '§4 GET /games, rule 3',
    'web_only with online_recently=1 or sort=recently_online: 422 invalid_filter',
  ),
  r('S4.GAMES.RULE3-INVALID', '§4 GET /games, rule 3', 'Other invalid filter values: 422 invalid_filter'),
  r('S4.GAMES.ERRORS', '§4 GET /games', 'Errors: 401, 405, 422, 429, 500'),
  // §4 GET /games/{gameId}
  r('S4.GAME.OK', '§4 GET /games/{gameId}', '200 {data: game detail}'),
  r(
    'S4.GAME.ARCHIVED',
    '§4 GET /games/{gameId}',
    'Archived listings returned, in the archived representation',
  ),
  r('S4.GAME.404', '§4 GET /games/{gameId}', '404 game_not_found'),
  // §4 MSSP
  r('S4.MSSP.OK', '§4 GET /games/{gameId}/mssp', '200 MSSP response with the newest snapshot'),
  r('S4.MSSP.NONE', '§4 GET /games/{gameId}/mssp', 'No snapshot: data null, status mssp_not_available'),
  r('S4.MSSP.ARCHIVED-WEBONLY', '§4 GET /games/{gameId}/mssp', 'Available for archived and web-only games'),
  r('S4.MSSP.404', '§4 GET /games/{gameId}/mssp', '404 for an unknown game'),
  // §4 players
  r(
    'S4.PLAYERS.CHRONO',
    '§4 GET /games/{gameId}/players',
    'Chronological samples; UTC bounds and timestamps',
  ),
  r(
    'S4.PLAYERS.ARCHIVED-WEBONLY',
    '§4 GET /games/{gameId}/players',
    'Available for archived and web-only games',
  ),
  r(
    'S4.PLAYERS.GRANULARITY',
    '§4 players parameters, granularity',
    'daily (rounded daily average) default, or raw',
  ),
  r('S4.PLAYERS.FROM', '§4 players parameters, from', 'Default 29 days before to; inclusive UTC start'),
  r('S4.PLAYERS.TO', '§4 players parameters, to', 'Default current UTC date; inclusive UTC end'),
  r('S4.PLAYERS.MAX', '§4 players rules', 'daily ≤ 365 days, raw ≤ 90 days'),
  r(
    'S4.PLAYERS.422',
    '§4 players rules',
    'Invalid granularity, date, ordering or range: 422 invalid_date_range',
  ),
  r('S4.PLAYERS.404', '§4 GET /games/{gameId}/players', '404 for an unknown game'),
  // §4 reviews
  r('S4.REVIEWS.ORDER', '§4 GET /reviews', 'Newest first'),
  r('S4.REVIEWS.ARCHIVED', '§4 GET /reviews', "Archived games' reviews excluded"),
  r('S4.REVIEWS.GAMEID', '§4 GET /reviews parameters, game_id', 'Limits results to one active game'),
  r('S4.REVIEWS.PAGE', '§4 GET /reviews parameters, page', '≥ 1, default 1'),
  r('S4.REVIEWS.PERPAGE', '§4 GET /reviews parameters, per_page', '1..50, default 20'),
  r('S4.REVIEW.OK', '§4 GET /reviews/{reviewId}', '200 {data: review detail}'),
  r(
    'S4.REVIEW.ARCHIVED',
    '§4 GET /reviews/{reviewId}',
    "Archived game's review reachable by id, game.archived true",
  ),
  r('S4.REVIEW.404', '§4 GET /reviews/{reviewId}', '404 for an unknown review (code not shown)'),
  // §4 tags
  r('S4.TAGS', '§4 GET /tags', '200 {data: [tag groups]}, the current taxonomy'),
  // §4 statistics
  r(
    'S4.STATS.1',
    '§4 statistics, rule 1',
    'Statistics: dates, metric, resolution, ≤ 1,000 points, raw ≤ 24 h, points {date, count, avg, min, max}, null not zero, metadata',
  ),
  r('S4.STATS.1-NAMES', '§4 statistics, rule 1', 'Parameter and field names (not shown)'),
  r(
    'S4.STATS.2',
    '§4 statistics, rule 2',
    'Activity pattern: ≤ 90 days, IANA zone, 168 cells, null average under 3 observations',
  ),
  r('S4.STATS.3-422', '§4 statistics, rule 3', 'Invalid queries: 422 invalid_statistics_query'),
  r(
    'S4.STATS.3-503',
    '§4 statistics, rule 3',
    'Disabled/unavailable/in preparation: 503 statistics_unavailable / statistics_pending',
  ),
  r('S4.STATS.KEY', '§4 statistics', 'Both require the Bearer key'),
  // §5 Authentication
  r('S5.1', '§5 rule 1', 'Every endpoint requires Authorization: Bearer <API_KEY>'),
  r(
    'S5.2',
    '§5 rule 2',
    'Keys come from the account console (budgets, usage, revoke)',
    'The account console is outside the API',
  ),
  r('S5.3-MISSING', '§5 rule 3', 'No Authorization header: 401 authentication_required'),
  r('S5.3-INVALID', '§5 rule 3', 'Malformed, invalid or revoked key: 401 invalid_api_key'),
  r('S5.4', '§5 rule 4', '401 carries WWW-Authenticate: Bearer realm="<service_name> API"'),
  r('S5.5', '§5 rule 5', 'No browser cross-origin access'),
  r(
    'S5.6',
    '§5 rule 6',
    'Per-key daily usage totals are kept',
    'Internal bookkeeping; only its effect (the day limit) is visible',
  ),
  // §6
  r('S6', '§6 events', 'Events, webhooks, push notifications', 'Not shown; nothing to observe'),
  // §7 Errors
  r('S7.BODY', '§7 errors', 'Body {error: {code, message, details?}, request_id}'),
  r(
    'S7.CODE.authentication_required',
    '§7 error table, authentication_required',
    '401, no Authorization header',
  ),
  r('S7.CODE.invalid_api_key', '§7 error table, invalid_api_key', '401, key malformed, invalid or revoked'),
  r('S7.CODE.route_not_found', '§7 error table, route_not_found', '404, route does not exist'),
  r('S7.CODE.game_not_found', '§7 error table, game_not_found', '404, game does not exist'),
  r('S7.CODE.method_not_allowed', '§7 error table, method_not_allowed', '405 with Allow: GET'),
  r(
    'S7.CODE.invalid_filter',
    '§7 error table, invalid_filter',
    '422, collection filter value or combination',
  ),
  r('S7.CODE.invalid_date_range', '§7 error table, invalid_date_range', '422, player-history query'),
  r('S7.CODE.invalid_statistics_query', '§7 error table, invalid_statistics_query', '422, statistics query'),
  r('S7.CODE.statistics_pending', '§7 error table, statistics_pending', '503, range being prepared'),
  r(
    'S7.CODE.statistics_unavailable',
    '§7 error table, statistics_unavailable',
    '503, statistics unavailable',
  ),
  r('S7.CODE.rate_limit_exceeded', '§7 error table, rate_limit_exceeded', '429 with Retry-After'),
  r(
    'S7.CODE.internal_error',
    '§7 error table, internal_error',
    '500',
    'A correct server cannot be made to fail on purpose from outside; when a 500 is seen, the schema check validates its envelope and X-Request-ID',
  ),
  r('S7.STATUSES', '§7 statuses', 'Statuses used: 200, 401, 404, 405, 422, 429, 500, 503, 410'),
  r('S7.H.LIMIT', '§7 headers, X-RateLimit-Limit', 'Integer; the per-minute limit'),
  r(
    'S7.H.REMAINING',
    '§7 headers, X-RateLimit-Remaining',
    'Integer; the smaller remaining of minute and day',
  ),
  r('S7.H.RESET', '§7 headers, X-RateLimit-Reset', 'Unix timestamp when the binding limit resets'),
  r('S7.H.REQUESTID', '§7 headers, X-Request-ID', 'Identifies an authenticated request'),
  r('S7.H.RETRYAFTER', '§7 headers, Retry-After', 'Integer seconds; on 429'),
  r('S7.H.WWWAUTH', '§7 headers, WWW-Authenticate', 'Bearer challenge; on 401'),
  r('S7.H.ALLOW', '§7 headers, Allow', 'GET; on 405'),
  r('S7.H.WHEN', '§7 headers', 'Rate-limit headers and X-Request-ID on 200, 404, 405, 422, 429'),
  r(
    'S7.H.500',
    '§7 headers',
    'A 500 carries X-Request-ID',
    'A correct server cannot be made to answer 500 from outside',
  ),
  r('S7.REVIEW404', '§7', 'Error code for a missing review (not shown)'),
  // §8 Limits
  r('S8.PERMINUTE', '§8 limits, requests per minute', '60 by default for new keys; exceeding gives 429'),
  r('S8.PERDAY', '§8 limits, requests per UTC day', '10,000 by default for new keys; exceeding gives 429'),
  r('S8.PERPAGE', '§8 limits, per_page', '1..50, default 20'),
  r('S8.PAGE', '§8 limits, page', '≥ 1'),
  r('S8.DAILY365', '§8 limits, daily player-history range', 'at most 365 days'),
  r('S8.RAW90', '§8 limits, raw player-history range', 'at most 90 days'),
  r('S8.DEFAULT30', '§8 limits, default player-history range', '30 days, from = to − 29'),
  r('S8.STATS1000', '§8 limits, statistics points', 'at most 1,000'),
  r('S8.STATSRAW24', '§8 limits, statistics raw span', 'up to 24 hours'),
  r('S8.ACTIVITY90', '§8 limits, activity pattern range', 'at most 90 days'),
  r('S8.ACTIVITYNULL', '§8 limits, activity pattern cell average', 'null under three observations'),
  r('S8.UPDATED30', '§8 limits, recently_updated window', '30 days'),
  r('S8.ONLINE48', '§8 limits, online_recently window', '48 hours'),
  r('S8.429', '§8', 'Exceeding a limit: 429 rate_limit_exceeded; wait Retry-After seconds'),
  // §9 Versioning
  r('S9.1', '§9 rule 1', 'Version in the path prefix /api/v1; OpenAPI 3.1.0, interface 1.0.0'),
  r('S9.2', '§9 rule 2', 'Player-history formats unchanged by the statistics endpoints'),
  r('S9.3', '§9 rule 3', '/json.php retired, 410 Gone'),
  r('S9.4', '§9 rule 4', 'Deprecation policy', 'Not shown; nothing to observe'),
];

export const RULE_IDS = new Set(RULES.map((rule) => rule.id));

/** The nine tag-filter rules, one per category (`<category>_tag_id[]`), for checks that assert them all. */
export const TAG_FILTER_RULES = RULES.map((rule) => rule.id).filter((id) => id.startsWith('S4.GAMES.TAG.'));

/** The membership rules of the GET /games filters besides tags (q, connection type, reviews, the two windows). */
export const FILTER_MEMBERSHIP_RULES = [
  'S4.GAMES.RULE2',
  'S4.GAMES.Q',
  'S4.GAMES.CONNTYPE',
  'S4.GAMES.HASREVIEWS',
  'S4.GAMES.RECENTUPD',
  'S8.UPDATED30',
  'S4.GAMES.ONLINE',
  'S8.ONLINE48',
];

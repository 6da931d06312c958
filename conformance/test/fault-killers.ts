/**
 * Which checks are aimed at each deliberate fault of the reference server
 * (reference-server/src/faults.ts): the suite must fail each of them when that fault is
 * on. Chosen from the fault matrix (`npx tsx scripts/fault-matrix.ts`), keeping the
 * check that guards the broken rule; other checks may fail too (a fault that breaks
 * paging also breaks every page walk). `profile: true` marks faults against an open
 * point (spec/DECISIONS.md), whose killing checks are profile-level: those runs use
 * `--fail-on-profile`. docs/faults.md is generated from this table.
 */
import type { FaultName } from '../../reference-server/src/faults.ts';

export interface FaultKill {
  checks: string[];
  profile?: true;
  /** The fault hides what discovery relies on, or shows only on the archived game a user would name: the run gets the user's hints (an archived game and review). */
  hints?: true;
}

export const FAULT_KILLERS: Record<FaultName, FaultKill> = {
  // §2 field rules (faults.ts FIELD_FAULTS): the schema checks.
  'game-name-null-when-unnamed': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-intro-omitted': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-self-url-omitted': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-listing-url-relative': { checks: ['GAME-DETAIL-LISTING-URL'], profile: true },
  'game-website-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-discord-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-banner-url-relative': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-players-url-relative': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-reviews-url-relative': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-host-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-port-as-text': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-tls-port-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-mssp-port-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-rank-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-average-rating-as-text': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-custom-tags-omitted-when-empty': { checks: ['GAMES-ENVELOPE-SCHEMA'] },
  'game-listed-date-omitted': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-null-timestamp-as-empty-string': { checks: ['PROTOCOL-TIMESTAMP-FORMAT'] },
  'game-archived-as-number': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-archive-reason-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-web-only-as-number': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-last-connect-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-latest-players-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-mssp-collected-at-omitted-when-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'game-description-null': { checks: ['GAME-DETAIL-SCHEMA'] },
  'review-title-null': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'review-rating-omitted-when-null': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'review-affiliation-omitted-when-null': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'review-game-archived-as-number': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'review-edited-omitted-when-null': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'review-game-url-relative': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  // games
  'archived-in-total': { checks: ['GAMES-ARCHIVED-GAME-NEVER-LISTED'] },
  'archived-in-results': { checks: ['GAMES-ARCHIVED-GAME-NEVER-LISTED'] },
  'or-across-categories': { checks: ['GAMES-TAG-AND-ACROSS', 'GAMES-FILTER-TAGS'] },
  'and-within-category': { checks: ['GAMES-TAG-OR-WITHIN'] },
  'bracketless-tag-ignored': { checks: ['GAMES-TAG-PARAM-FORMS'] },
  'q-any-term': { checks: ['GAMES-Q-TERMS'] },
  'q-name-only': { checks: ['GAMES-Q-FINDS-SOURCE'] },
  'q-description-first-255-chars': { checks: ['GAMES-MODEL-RESULTS'] },
  'links-drop-filters': { checks: ['GAMES-LINKS-PRESERVE-QUERY'] },
  'links-relative': { checks: ['GAMES-LINKS-PRESERVE-QUERY', 'GAMES-ENVELOPE-SCHEMA'] },
  'next-on-last-page': { checks: ['GAMES-NEXT-PREVIOUS-PRESENCE'] },
  'previous-on-first-page': { checks: ['GAMES-NEXT-PREVIOUS-PRESENCE'] },
  'per-page-default-10': { checks: ['GAMES-PER-PAGE-DEFAULT'] },
  'total-is-page-count': { checks: ['GAMES-WALK-COMPLETE'] },
  'unknown-sort-422': { checks: ['GAMES-SORT-UNKNOWN-FALLBACK'] },
  'unknown-sort-is-newest': { checks: ['GAMES-SORT-UNKNOWN-FALLBACK'] },
  'web-only-online-recently-accepted': { checks: ['GAMES-INVALID-COMBINATIONS'] },
  'web-only-recently-online-sort-accepted': { checks: ['GAMES-INVALID-COMBINATIONS'] },
  'has-reviews-2-accepted': { checks: ['GAMES-INVALID-FILTER-VALUES'] },
  'recently-updated-60-days': { checks: ['GAMES-FILTER-RECENTLY-UPDATED'] },
  'online-recently-7-days': { checks: ['GAMES-FILTER-ONLINE-RECENTLY', 'GAMES-MODEL-RESULTS'] },
  'mud-client-includes-web-only': { checks: ['GAMES-CONNECTION-TYPE-PARTITION'] },
  'page-skips-item': { checks: ['GAMES-WALK-COMPLETE'] },
  'sort-top-voted-ascending': { checks: ['GAMES-SORT-DIRECTION', 'GAMES-SORT-ORDER'], profile: true },
  // game detail and representation
  // Only an archived game with votes shows a rank given to it: the user names one (hint).
  'archived-rank-not-null': { checks: ['GAME-DETAIL-ARCHIVED'], hints: true },
  'archived-play-not-null': { checks: ['GAME-DETAIL-ARCHIVED'] },
  'archived-confirmed-online': { checks: ['GAME-DETAIL-ARCHIVED'] },
  'web-only-play-null': { checks: ['GAME-DETAIL-WEB-ONLY'] },
  'web-only-connection-present': { checks: ['GAME-DETAIL-WEB-ONLY'] },
  'detail-missing-mssp-link': { checks: ['GAME-DETAIL-SCHEMA'] },
  'unknown-game-200-null': { checks: ['GAME-DETAIL-NOT-FOUND'] },
  'timestamps-with-millis': { checks: ['PROTOCOL-TIMESTAMP-FORMAT'] },
  'detail-name-differs': { checks: ['GAME-DETAIL-MATCHES-SUMMARY'] },
  'category-keys-from-group-names': { checks: ['GAME-DETAIL-CATEGORY-KEYS'], profile: true },
  // MSSP
  'mssp-available-with-null-data': { checks: ['MSSP-STATUS-MATCHES-DATA'] },
  'mssp-archived-404': { checks: ['MSSP-ARCHIVED-AND-WEB-ONLY'] },
  'mssp-collected-at-epoch': { checks: ['MSSP-SCHEMA'] },
  'mssp-numbers-left-as-text': { checks: ['MSSP-VALUE-TYPES'] },
  'mssp-not-available-empty-snapshot': { checks: ['MSSP-NOT-AVAILABLE'] },
  // player history
  'daily-range-366-accepted': { checks: ['PLAYERS-DAILY-MAX-SPAN'] },
  'daily-range-365-refused': { checks: ['PLAYERS-DAILY-MAX-SPAN'] },
  'raw-range-91-accepted': { checks: ['PLAYERS-RAW-MAX-SPAN'] },
  'daily-value-max': { checks: ['PLAYERS-DAILY-IS-ROUNDED-MEAN'] },
  'players-default-31-days': { checks: ['PLAYERS-DEFAULT-RANGE'] },
  'players-reverse-chronological': { checks: ['PLAYERS-CHRONOLOGICAL'] },
  'players-invalid-date-accepted': { checks: ['PLAYERS-IMPOSSIBLE-DATES'] },
  'player-count-as-text': { checks: ['PLAYERS-SCHEMA'] },
  'players-meta-always-daily': { checks: ['PLAYERS-META-ECHO'] },
  'raw-includes-next-midnight': { checks: ['PLAYERS-SAMPLES-IN-RANGE'] },
  'daily-stamped-at-noon': { checks: ['PLAYERS-DAILY-AT-MIDNIGHT'], profile: true },
  'players-web-only-404': { checks: ['PLAYERS-ARCHIVED-AND-WEB-ONLY'] },
  // reviews
  'reviews-oldest-first': { checks: ['REVIEWS-NEWEST-FIRST'] },
  'archived-review-in-collection': { checks: ['REVIEWS-ARCHIVED-EXCLUDED'] },
  'archived-review-404-by-id': { checks: ['REVIEWS-ARCHIVED-BY-ID'], hints: true },
  'review-game-filter-ignored': { checks: ['REVIEWS-GAME-FILTER'] },
  'missing-review-game-not-found': { checks: ['REVIEWS-NOT-FOUND-CODE'], profile: true },
  // tags
  'tag-group-id-as-text': { checks: ['TAGS-SCHEMA'] },
  'duplicate-tag-group-id': { checks: ['TAGS-GROUP-IDS-UNIQUE'] },
  'duplicate-tag-id': { checks: ['TAGS-TAG-IDS-UNIQUE'] },
  'tag-missing-from-taxonomy': { checks: ['TAGS-CATEGORY-TAGS-LISTED'] },
  'tag-names-title-cased': { checks: ['TAGS-TAG-NAMES-CONSISTENT'] },
  'player-killing-group-missing': { checks: ['TAGS-EVERY-FILTER-HAS-GROUP'], profile: true },
  'untagged-games-pass-tag-filter': { checks: ['TAGS-FILTER-SELECTS-TAGGED'] },
  // statistics (names not shown: profile-level, D6/D7/D12)
  'stats-zero-for-missing': { checks: ['STATISTICS-NULL-NOT-ZERO'] },
  'activity-null-threshold-2': { checks: ['STATISTICS-ACTIVITY-AVERAGE-NEEDS-THREE'] },
  'activity-pattern-91-days-accepted': { checks: ['STATISTICS-ACTIVITY-MAX-RANGE'], profile: true },
  'invalid-timezone-accepted': { checks: ['STATISTICS-ACTIVITY-INVALID-TIMEZONE'] },
  'stats-average-as-text': { checks: ['STATISTICS-POINT-FIELDS'] },
  'stats-min-max-swapped': { checks: ['STATISTICS-MIN-AVERAGE-MAX'] },
  'activity-hours-one-based': { checks: ['STATISTICS-ACTIVITY-WEEK-GRID'] },
  // authentication
  'revoked-key-accepted': { checks: ['AUTH-REVOKED-KEY'] },
  'missing-auth-invalid-key-code': { checks: ['AUTH-MISSING-HEADER'] },
  'no-www-authenticate': { checks: ['AUTH-BEARER-CHALLENGE'] },
  'method-before-auth': { checks: ['AUTH-BEFORE-METHOD-CHECK'] },
  'route-404-before-auth': { checks: ['AUTH-BEFORE-ROUTING'] },
  // protocol
  'head-answered-200': { checks: ['PROTOCOL-METHOD-NOT-ALLOWED'] },
  'options-answered-204': { checks: ['PROTOCOL-METHOD-NOT-ALLOWED'] },
  'post-404-instead-of-405': { checks: ['PROTOCOL-METHOD-NOT-ALLOWED'] },
  'cors-enabled': { checks: ['PROTOCOL-NO-CORS-SIMPLE', 'PROTOCOL-NO-CORS-PREFLIGHT'] },
  'json-php-404': { checks: ['PROTOCOL-LEGACY-ENDPOINT-GONE'] },
  'errors-as-html': { checks: ['PROTOCOL-JSON-BODIES', 'PROTOCOL-UNKNOWN-ROUTE'] },
  'error-without-request-id': { checks: ['PROTOCOL-ERROR-ENVELOPE'] },
  // rate limits
  'remaining-not-falling': { checks: ['RATE-LIMIT-REMAINING-DECREMENTS'] },
  'limit-header-is-day-limit': { checks: ['RATE-LIMIT-LOW-KEY-LIMIT'] },
  'error-limit-header-default': { checks: ['RATE-LIMIT-LIMIT-CONSTANT'] },
  'no-retry-after-on-429': { checks: ['RATE-LIMIT-REFUSED-WHEN-EXHAUSTED'] },
  'rate-limit-headers-missing-on-404': { checks: ['RATE-LIMIT-HEADERS-PRESENT'] },
  'request-id-mismatch': { checks: ['RATE-LIMIT-REQUEST-ID-IN-BODY'] },
  'request-id-generated-once': { checks: ['RATE-LIMIT-REQUEST-ID-UNIQUE'] },
  'minute-limit-off-by-one': { checks: ['RATE-LIMIT-REFUSED-WHEN-EXHAUSTED'] },
  'reset-as-delta-seconds': { checks: ['RATE-LIMIT-RESET-PLAUSIBLE'] },
  'day-limit-retry-after-minute': { checks: ['RATE-LIMIT-DAY-LIMIT-REFUSED'] },
  // classes a careful reader catches: server errors, sort directions, keys outside the header
  'raw-history-500': { checks: ['PROTOCOL-NO-SERVER-ERROR'] },
  'sort-most-reviewed-ascending': { checks: ['GAMES-SORT-DIRECTION'] },
  'sort-oldest-is-newest': { checks: ['GAMES-SORT-DIRECTION'] },
  'api-key-query-param-accepted': { checks: ['AUTH-KEY-ONLY-IN-HEADER'] },
  'activity-pattern-167-cells': { checks: ['STATISTICS-ACTIVITY-CELL-COUNT'] },
  'stats-point-cap-ignored': { checks: ['STATISTICS-POINT-COUNT-CAP'] },
  'remaining-minute-only': { checks: ['RATE-LIMIT-REMAINING-IS-SMALLER'] },
  'players-to-exclusive': { checks: ['PLAYERS-RANGE-SPLIT'] },
  'unlisted-without-discord': { checks: ['GAMES-UNLISTED-ARE-ARCHIVED'] },
  // rules no fault broke before (issue 11, item 2)
  'mssp-unknown-game-200': { checks: ['MSSP-NOT-FOUND'] },
  'players-unknown-game-empty': { checks: ['PLAYERS-NOT-FOUND'] },
  'self-link-to-collection': { checks: ['GAME-DETAIL-SELF-LINK'] },
  'method-not-allowed-without-allow': { checks: ['PROTOCOL-METHOD-NOT-ALLOWED'] },
  'statistics-without-key': { checks: ['AUTH-STATISTICS-REQUIRE-KEY'] },
  'watcher-count-as-text': { checks: ['GAME-DETAIL-SCHEMA'] },
  'review-detail-without-body': { checks: ['REVIEWS-DETAIL-SCHEMA'] },
  'activity-zero-for-empty-cell': { checks: ['STATISTICS-ACTIVITY-AVERAGE-NEEDS-THREE'] },
};

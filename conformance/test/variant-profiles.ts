/**
 * How the suite is expected to treat each legitimate variant of the reference server
 * (reference-server/src/variants.ts). Every variant must pass every `must` check. A
 * variant on a profile-level point (spec/DECISIONS.md, Suite column "profile `key`")
 * names the profile check `aimed` at it, which must notice the difference under the
 * default profile, and the `profile` that states the variant's choice, under which the
 * whole run (profile checks included) must pass. docs/variants.md describes the table.
 */
import type { CataloguedVariantName as VariantName } from '../../reference-server/src/variants.ts';
import type { Profile } from '../src/core/profile.ts';

export interface VariantTreatment {
  /** The profile check that fails under the default profile (its id). */
  aimed?: string;
  /** The profile keys that state the variant's choice (merged over the defaults, mappings key by key). */
  profile?: { [K in keyof Profile]?: Profile[K] extends unknown[] ? Profile[K] : Partial<Profile[K]> };
  /** The variant is about rate limits: its runs include the exhausting rate-limit checks. */
  rateLimit?: true;
}

export const VARIANT_TREATMENTS: Record<VariantName, VariantTreatment> = {
  'listing-url-key-listing': { aimed: 'GAME-DETAIL-LISTING-URL', profile: { listingUrlKey: 'listing' } },
  'web-only-keeps-last-crawled': {
    aimed: 'GAME-DETAIL-WEB-ONLY-SUPPRESSED',
    profile: {
      webOnlySuppressedFields: [
        'status.latest_players',
        'status.mssp_collected_at',
        'status.last_successful_connect',
      ],
    },
  },
  'missing-review-route-not-found': {
    aimed: 'REVIEWS-NOT-FOUND-CODE',
    profile: { missingReviewCodes: ['route_not_found'] },
  },
  'games-bad-paging-clamped': {
    aimed: 'GAMES-BAD-PAGING-REJECTED',
    profile: { gamesRejectsBadPaging: false },
  },
  'reviews-bad-paging-422': {},
  'unknown-tag-id-422': {},
  'sort-ties-id-desc': { aimed: 'GAMES-SORT-ORDER', profile: { sortTieBreak: 'id_desc' } },
  'daily-round-half-even': {},
  'legacy-json-under-base-only': {},
  'refusals-counted': { rateLimit: true },
  'reset-tie-reports-day': { rateLimit: true },
  'service-name-gamedir': { aimed: 'AUTH-REALM-SERVICE-NAME', profile: { serviceName: 'GameDir' } },
  'request-id-on-401': {},
  'no-rate-limit-headers-on-503': {},
  'bearer-scheme-case-sensitive': {},
  'timezone-aliases-refused': {},
  'repeated-params-first-wins': {},
  'repeated-tag-id-deduplicated': {},
  'connection-type-case-insensitive': {},
  'games-beyond-last-page-422': {
    aimed: 'GAMES-BEYOND-LAST-PAGE',
    profile: { pagesBeyondLast: 'refused' },
  },
  'stats-buckets-keyed-by-end': {
    aimed: 'STATISTICS-POINT-COUNT',
    profile: { statistics: { bucketKey: 'end' } },
  },
  'average-rating-whole-stars': {
    aimed: 'REVIEWS-COUNTS-MATCH-GAMES',
    profile: { averageRatingDecimals: 0 },
  },
};

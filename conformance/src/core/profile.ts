/**
 * The choices the API description leaves open (spec/DECISIONS.md), as the suite sees them.
 * Defaults are the reference server's choices; `--profile FILE` (YAML or JSON) overrides any key.
 */
export type SortName = 'top_voted' | 'newest' | 'oldest' | 'last_updated' | 'recently_online' | 'most_reviewed';

export interface Profile {
  /** D1: key of the listing-page URL in game `urls`. */
  listingUrlKey: string;
  /** D2: `tags.categories` key → filter parameter (without brackets). */
  categoryKeys: Record<string, string>;
  /** D3: tag group name → filter parameter, overriding discovery. */
  tagGroupParams: Record<string, string>;
  /** D4/D5: dotted paths that are null for web-only games beyond `connection.*`. */
  webOnlySuppressedFields: string[];
  /** D6/D7. */
  statistics: {
    metricParam: string;
    resolutionParam: string;
    fields: { date: string; count: string; average: string; min: string; max: string };
  };
  /** D12. */
  activityPattern: {
    timezoneParam: string;
    fields: { weekday: string; hour: string; count: string; average: string };
  };
  /** D16: accepted error codes for a review id that does not exist. */
  missingReviewCodes: string[];
  /** D18: whether /games must answer 422 to bad paging (else 200 with clamped meta is accepted too). */
  gamesRejectsBadPaging: boolean;
  /** D22: the field each sort orders by (dotted path into a game summary) and its direction. */
  sortKeys: Record<SortName, { field: string; direction: 'asc' | 'desc' }>;
  /** D22: how ties break. */
  sortTieBreak: 'id_asc' | 'id_desc' | 'none';
  /** D35: the service name in the realm, or null to accept any. */
  serviceName: string | null;
  /** D41: game summaries' review counts agree with /reviews?game_id=. */
  reviewCountsMatch: boolean;
}

export const DEFAULT_PROFILE: Profile = {
  listingUrlKey: 'mudverse',
  categoryKeys: {
    game_size: 'game_size_tag_id',
    rp_status: 'rp_status_tag_id',
    codebase: 'codebase_tag_id',
    playcount: 'playcount_tag_id',
    location: 'location_tag_id',
    theme: 'theme_tag_id',
    type: 'type_tag_id',
    language: 'language_tag_id',
    player_killing: 'player_killing_tag_id',
  },
  tagGroupParams: {},
  webOnlySuppressedFields: [
    'status.latest_players',
    'status.mssp_collected_at',
    'status.last_successful_connect',
    'status.last_crawled',
  ],
  statistics: {
    metricParam: 'metric',
    resolutionParam: 'resolution',
    fields: { date: 'date', count: 'count', average: 'average', min: 'min', max: 'max' },
  },
  activityPattern: {
    timezoneParam: 'timezone',
    fields: { weekday: 'weekday', hour: 'hour', count: 'count', average: 'average' },
  },
  missingReviewCodes: ['review_not_found'],
  gamesRejectsBadPaging: true,
  sortKeys: {
    top_voted: { field: 'ranking.monthly_votes', direction: 'desc' },
    newest: { field: 'dates.listed', direction: 'desc' },
    oldest: { field: 'dates.listed', direction: 'asc' },
    last_updated: { field: 'dates.updated', direction: 'desc' },
    recently_online: { field: 'status.last_successful_connect', direction: 'desc' },
    most_reviewed: { field: 'reviews.count', direction: 'desc' },
  },
  sortTieBreak: 'id_asc',
  serviceName: 'Mudverse',
  reviewCountsMatch: true,
};

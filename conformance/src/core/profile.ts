/**
 * The choices the API description leaves open (spec/DECISIONS.md), as the suite sees them.
 * Defaults are the reference server's choices; `--profile FILE` (YAML or JSON) overrides any key.
 */
export type SortName =
  'top_voted' | 'newest' | 'oldest' | 'last_updated' | 'recently_online' | 'most_reviewed';

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
    /** D7: whether a point's date is its bucket's start or its end (the next bucket's start). */
    bucketKey: 'start' | 'end';
  };
  /** D12. */
  activityPattern: {
    timezoneParam: string;
    fields: { weekday: string; hour: string; count: string; average: string };
    /** D12: how weekdays are numbered: ISO 1 = Monday … 7 = Sunday, 0 = Sunday … 6, or 0 = Monday … 6. */
    weekdays: 'iso' | 'sunday-0' | 'monday-0';
  };
  /** D24. */
  playerHistory: {
    /** D24: the instant a daily sample is stamped with: its UTC day's 00:00:00Z, or any instant of that day. */
    dailyStamp: 'midnight' | 'any';
  };
  /** D16: accepted error codes for a review id that does not exist. */
  missingReviewCodes: string[];
  /** D18: whether /games must answer 422 to bad paging (else 200 with clamped meta is accepted too). */
  gamesRejectsBadPaging: boolean;
  /** D39: how /games answers a page two or more past the last: 200 with no games and no links, or 422 invalid_filter. */
  pagesBeyondLast: 'empty' | 'refused';
  /** D22: the field each sort orders by (dotted path into a game summary) and its direction. */
  sortKeys: Record<SortName, { field: string; direction: 'asc' | 'desc' }>;
  /** D22: how ties break. */
  sortTieBreak: 'id_asc' | 'id_desc' | 'none';
  /** D23: how `ranking.rank` numbers the active games ordered by monthly votes. */
  ranking: {
    /** Games of equal votes: each its own position (`positions`: 1, 2, 3, 4) or the group's first (`shared`: 1, 2, 2, 4). */
    ties: 'positions' | 'shared';
    /** Active games without votes: rank null (`unranked`), or ranked after the others as the rest are (`ranked`). */
    unvoted: 'unranked' | 'ranked';
  };
  /** D35: the service name in the realm, or null to accept any. */
  serviceName: string | null;
  /** D41: game summaries' review counts agree with /reviews?game_id=. */
  reviewCountsMatch: boolean;
  /**
   * D41: the decimals `average_rating` is rounded to (the description does not fix a precision);
   * the mean of the ratings must lie within half a unit of that last decimal.
   */
  averageRatingDecimals: number;
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
    bucketKey: 'start',
  },
  activityPattern: {
    timezoneParam: 'timezone',
    fields: { weekday: 'weekday', hour: 'hour', count: 'count', average: 'average' },
    weekdays: 'iso',
  },
  playerHistory: { dailyStamp: 'midnight' },
  missingReviewCodes: ['review_not_found'],
  gamesRejectsBadPaging: true,
  pagesBeyondLast: 'empty',
  sortKeys: {
    top_voted: { field: 'ranking.monthly_votes', direction: 'desc' },
    newest: { field: 'dates.listed', direction: 'desc' },
    oldest: { field: 'dates.listed', direction: 'asc' },
    last_updated: { field: 'dates.updated', direction: 'desc' },
    recently_online: { field: 'status.last_successful_connect', direction: 'desc' },
    most_reviewed: { field: 'reviews.count', direction: 'desc' },
  },
  sortTieBreak: 'id_asc',
  ranking: { ties: 'positions', unvoted: 'unranked' },
  serviceName: 'Mudverse',
  reviewCountsMatch: true,
  averageRatingDecimals: 2,
};

// ---------------------------------------------------------------------------
// Loading a profile file
// ---------------------------------------------------------------------------

/** A profile file is unreadable or holds an unknown key or a wrong type: exit code 2. */
export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileError';
  }
}

/** Keys whose value is a free map (replaced whole by a profile); other objects merge key by key. */
const FREE_MAPS = new Set(['categoryKeys', 'tagGroupParams']);
const ENUMS: Record<string, readonly string[]> = {
  sortTieBreak: ['id_asc', 'id_desc', 'none'],
  direction: ['asc', 'desc'],
  bucketKey: ['start', 'end'],
  weekdays: ['iso', 'sunday-0', 'monday-0'],
  dailyStamp: ['midnight', 'any'],
  ties: ['positions', 'shared'],
  unvoted: ['unranked', 'ranked'],
};
const NULLABLE = new Set(['serviceName']);

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Merges `input` over `template`, refusing unknown keys and values of another type than the template's. */
function mergeOver(template: unknown, input: unknown, where: string, key: string): unknown {
  if (NULLABLE.has(key) && input === null) return null;
  const wanted = ENUMS[key];
  if (wanted) {
    if (typeof input !== 'string' || !wanted.includes(input)) {
      throw new ProfileError(`${where}: must be one of ${wanted.join(', ')}, got ${JSON.stringify(input)}`);
    }
    return input;
  }
  if (Array.isArray(template)) {
    if (!Array.isArray(input) || !input.every((item) => typeof item === 'string')) {
      throw new ProfileError(`${where}: must be a list of strings, got ${typeName(input)}`);
    }
    return [...input];
  }
  if (typeof template === 'object' && template !== null) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ProfileError(`${where}: must be a mapping, got ${typeName(input)}`);
    }
    if (FREE_MAPS.has(key)) {
      for (const [name, value] of Object.entries(input)) {
        if (typeof value !== 'string') throw new ProfileError(`${where}.${name}: must be a string`);
      }
      return { ...(input as Record<string, string>) };
    }
    const out: Record<string, unknown> = { ...(template as Record<string, unknown>) };
    for (const [name, value] of Object.entries(input)) {
      if (!(name in out)) {
        const known = Object.keys(template).join(', ');
        throw new ProfileError(`${where}: unknown key "${name}" (known keys: ${known})`);
      }
      out[name] = mergeOver(out[name], value, `${where}.${name}`, name);
    }
    return out;
  }
  if (typeof input !== typeof template) {
    throw new ProfileError(`${where}: must be a ${typeName(template)}, got ${typeName(input)}`);
  }
  if (
    key === 'averageRatingDecimals' &&
    !(Number.isInteger(input) && (input as number) >= 0 && (input as number) <= 15)
  ) {
    throw new ProfileError(`${where}: must be an integer from 0 to 15, got ${JSON.stringify(input)}`);
  }
  return input;
}

/** DEFAULT_PROFILE with `overrides` merged over it (validated). */
export function mergeProfile(overrides: unknown, source = 'profile'): Profile {
  if (overrides === undefined || overrides === null) return structuredClone(DEFAULT_PROFILE);
  return mergeOver(structuredClone(DEFAULT_PROFILE), overrides, source, '') as Profile;
}

/** Reads a profile file (YAML or JSON) and merges it over DEFAULT_PROFILE; no file → the defaults. */
export async function loadProfile(file?: string): Promise<Profile> {
  if (file === undefined) return structuredClone(DEFAULT_PROFILE);
  const { readFile } = await import('node:fs/promises');
  const { parse } = await import('yaml');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ProfileError(`profile ${file}: cannot read (${(error as Error).message})`);
  }
  let data: unknown;
  try {
    data = parse(text); // YAML is a superset of JSON
  } catch (error) {
    throw new ProfileError(
      `profile ${file}: not valid YAML/JSON (${(error as Error).message.split('\n')[0]})`,
    );
  }
  return mergeProfile(data, `profile ${file}`);
}

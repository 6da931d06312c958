/**
 * Parsing and validation of the GET /games query (§4 GET /games; DECISIONS D18, D20,
 * D21, D47, D52). Every invalid value is 422 `invalid_filter`; an unknown `sort` is
 * the one value that falls back instead (§4: "falls back to `last_updated`").
 */
import { CATEGORY_KEYS, type CategoryKey } from '../../../fixtures/src/model.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import { NO_VARIANTS, type VariantSet } from '../variants.ts';
import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { parsePositiveInteger } from './strict-integer.ts';

export const GAME_SORTS = [
  'top_voted',
  'newest',
  'oldest',
  'last_updated',
  'recently_online',
  'most_reviewed',
] as const;
export type GameSort = (typeof GAME_SORTS)[number];

export const CONNECTION_TYPES = ['all', 'web_only', 'mud_client'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

export interface GameQuery {
  /** Lower-case search terms; empty = no search (D21). */
  terms: string[];
  sort: GameSort;
  connectionType: ConnectionType;
  page: number;
  perPage: number;
  hasReviews: boolean;
  recentlyUpdated: boolean;
  onlineRecently: boolean;
  /** Requested tag ids per category (OR within, AND across); absent = no filter. */
  tagIds: Partial<Record<CategoryKey, number[]>>;
}

type Invalid = { error: ReturnType<typeof domainError>['error'] };

function invalid(parameter: string, value: unknown, message: string): Invalid {
  return domainError(422, 'invalid_filter', message, { parameter, value });
}

/** A parameter that may appear once; repeating it is ambiguous, hence invalid (D18). */
function scalar(query: RawQuery, name: string): string | undefined | Invalid {
  const value = query[name];
  if (Array.isArray(value)) return invalid(name, value, `Parameter '${name}' must be given at most once.`);
  return value;
}

function isInvalid(value: unknown): value is Invalid {
  return typeof value === 'object' && value !== null && 'error' in value;
}

function positiveInteger(
  query: RawQuery,
  name: string,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number | Invalid {
  const text = scalar(query, name);
  if (isInvalid(text)) return text;
  if (text === undefined) return fallback;
  const value = parsePositiveInteger(text);
  if (value === undefined || value > max) {
    return invalid(name, text, `Parameter '${name}' must be an integer from 1 to ${max}.`);
  }
  return value;
}

const ONLY_ONE = (text: string): boolean => text === '1';

/** `has_reviews`, `recently_updated`, `online_recently`: absent, or exactly `1` (D47). */
function flag(query: RawQuery, name: string, accepts = ONLY_ONE): boolean | Invalid {
  const text = scalar(query, name);
  if (isInvalid(text)) return text;
  if (text === undefined) return false;
  if (!accepts(text)) return invalid(name, text, `Parameter '${name}' accepts only the value 1.`);
  return true;
}

/**
 * Variant `games-bad-paging-clamped` (D18): a paging value out of range or malformed (or
 * repeated) falls back to the nearest valid one, as /reviews does (D19), instead of 422.
 */
function clampedPaging(query: RawQuery, name: string, fallback: number, max: number): number {
  const text = query[name];
  if (typeof text !== 'string') return fallback;
  if (!/^(0|-?[1-9][0-9]*)$/.test(text)) return fallback;
  return Math.min(max, Math.max(1, Number(text)));
}

/** `<category>_tag_id[]` and `<category>_tag_id` together (D52: their union); ids unique per parameter. */
function tagIds(
  query: RawQuery,
  category: CategoryKey,
  faults: FaultSet,
  variants: VariantSet,
): number[] | undefined | Invalid {
  const ids = new Set<number>();
  let present = false;
  // §4 rule 1: a single id may be sent with or without the brackets.
  const names = faults.has('bracketless-tag-ignored')
    ? [`${category}_tag_id[]`]
    : [`${category}_tag_id[]`, `${category}_tag_id`];
  for (const name of names) {
    const raw = query[name];
    if (raw === undefined) continue;
    present = true;
    const values = Array.isArray(raw) ? raw : [raw];
    const seen = new Set<number>();
    for (const text of values) {
      const id = parsePositiveInteger(text);
      if (id === undefined) return invalid(name, text, `Parameter '${name}' takes positive integer tag ids.`);
      // TagIdList is `uniqueItems` in the spec (variant `repeated-tag-id-deduplicated`: D57 counts it once).
      if (seen.has(id) && !variants.has('repeated-tag-id-deduplicated'))
        return invalid(name, values, `Parameter '${name}' repeats tag id ${id}.`);
      seen.add(id);
      ids.add(id);
    }
  }
  return present ? [...ids] : undefined;
}

export function parseGameQuery(
  query: RawQuery,
  faults: FaultSet = NO_FAULTS,
  variants: VariantSet = NO_VARIANTS,
): DomainResult<GameQuery> {
  const q = scalar(query, 'q');
  if (isInvalid(q)) return q;
  // D21: split on whitespace; an empty or all-space q is no filter.
  const terms = [
    ...new Set(
      (q ?? '')
        .toLowerCase()
        .split(/\s+/u)
        .filter((term) => term.length > 0),
    ),
  ];

  const sortText = scalar(query, 'sort');
  if (isInvalid(sortText)) return sortText;
  const knownSort = GAME_SORTS.find((s) => s === sortText);
  if (sortText !== undefined && knownSort === undefined && faults.has('unknown-sort-422')) {
    return invalid('sort', sortText, `Parameter 'sort' must be one of ${GAME_SORTS.join(', ')}.`);
  }
  // §4: an unknown sort falls back to last_updated (no error).
  const sort = knownSort ?? (faults.has('unknown-sort-is-newest') ? 'newest' : 'last_updated');

  const connectionText = scalar(query, 'connection_type');
  if (isInvalid(connectionText)) return connectionText;
  // Variant `connection-type-case-insensitive` (D60): WEB_ONLY reads as web_only.
  const connectionValue = variants.has('connection-type-case-insensitive')
    ? connectionText?.toLowerCase()
    : connectionText;
  const connectionType =
    connectionValue === undefined ? 'all' : CONNECTION_TYPES.find((c) => c === connectionValue);
  if (connectionType === undefined) {
    return invalid(
      'connection_type',
      connectionText,
      "Parameter 'connection_type' must be all, web_only or mud_client.",
    );
  }

  const defaultPerPage = faults.has('per-page-default-10') ? 10 : DEFAULT_PER_PAGE;
  const clamp = variants.has('games-bad-paging-clamped');
  const page = clamp
    ? clampedPaging(query, 'page', 1, Number.MAX_SAFE_INTEGER)
    : positiveInteger(query, 'page', 1);
  if (isInvalid(page)) return page;
  const perPage = clamp
    ? clampedPaging(query, 'per_page', defaultPerPage, MAX_PER_PAGE)
    : positiveInteger(query, 'per_page', defaultPerPage, MAX_PER_PAGE);
  if (isInvalid(perPage)) return perPage;
  const hasReviews = flag(
    query,
    'has_reviews',
    faults.has('has-reviews-2-accepted') ? (text) => parsePositiveInteger(text) !== undefined : ONLY_ONE,
  );
  if (isInvalid(hasReviews)) return hasReviews;
  const recentlyUpdated = flag(query, 'recently_updated');
  if (isInvalid(recentlyUpdated)) return recentlyUpdated;
  const onlineRecently = flag(query, 'online_recently');
  if (isInvalid(onlineRecently)) return onlineRecently;

  const tags: GameQuery['tagIds'] = {};
  for (const category of CATEGORY_KEYS) {
    const ids = tagIds(query, category, faults, variants);
    if (isInvalid(ids)) return ids;
    if (ids !== undefined) tags[category] = ids;
  }

  // §4 GET /games rule 3: websites are not connection-tested.
  if (connectionType === 'web_only' && onlineRecently && !faults.has('web-only-online-recently-accepted')) {
    return invalid(
      'online_recently',
      '1',
      'connection_type=web_only cannot be combined with online_recently=1.',
    );
  }
  if (
    connectionType === 'web_only' &&
    sort === 'recently_online' &&
    !faults.has('web-only-recently-online-sort-accepted')
  ) {
    return invalid('sort', sort, 'connection_type=web_only cannot be combined with sort=recently_online.');
  }

  return ok({
    terms,
    sort,
    connectionType,
    page,
    perPage,
    hasReviews,
    recentlyUpdated,
    onlineRecently,
    tagIds: tags,
  });
}

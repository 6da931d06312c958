/**
 * Parsing and validation of the GET /games query (§4 GET /games; DECISIONS D18, D20,
 * D21, D47, D52). Every invalid value is 422 `invalid_filter`; an unknown `sort` is
 * the one value that falls back instead (§4: "falls back to `last_updated`").
 */
import { CATEGORY_KEYS, type CategoryKey } from '../../../fixtures/src/model.ts';
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

export type Invalid = { error: ReturnType<typeof domainError>['error'] };

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

/** `has_reviews`, `recently_updated`, `online_recently`: absent, or exactly `1` (D47). */
function flag(query: RawQuery, name: string): boolean | Invalid {
  const text = scalar(query, name);
  if (isInvalid(text)) return text;
  if (text === undefined) return false;
  if (text !== '1') return invalid(name, text, `Parameter '${name}' accepts only the value 1.`);
  return true;
}

/** Each category's two parameter names, with and without the brackets (§4 rule 1), built once. */
const TAG_PARAMETERS = Object.fromEntries(
  CATEGORY_KEYS.map((category) => [category, [`${category}_tag_id[]`, `${category}_tag_id`] as const]),
) as Record<CategoryKey, readonly [bracketed: string, bare: string]>;

/** The names a category's tag ids are sent under: with brackets, and without (§4 rule 1). */
export function tagParameters(category: CategoryKey): readonly [bracketed: string, bare: string] {
  return TAG_PARAMETERS[category];
}

/** Every category's tag parameter names, with and without the brackets. */
export const TAG_PARAMETER_NAMES: ReadonlySet<string> = new Set(Object.values(TAG_PARAMETERS).flat());

/** §4 GET /games: the parameters of its table. */
export const GAME_PARAMETER_NAMES: ReadonlySet<string> = new Set([
  'q',
  'sort',
  'connection_type',
  'page',
  'per_page',
  'has_reviews',
  'recently_updated',
  'online_recently',
  ...TAG_PARAMETER_NAMES,
]);

/** `<category>_tag_id[]` and `<category>_tag_id` together (D52: their union); ids unique per parameter. */
function tagIds(query: RawQuery, category: CategoryKey): number[] | undefined | Invalid {
  let ids: Set<number> | undefined;
  // §4 rule 1: a single id may be sent with or without the brackets.
  for (const name of TAG_PARAMETERS[category]) {
    const raw = query[name];
    if (raw === undefined) continue;
    ids ??= new Set<number>();
    const values = Array.isArray(raw) ? raw : [raw];
    const seen = new Set<number>();
    for (const text of values) {
      const id = parsePositiveInteger(text);
      if (id === undefined) return invalid(name, text, `Parameter '${name}' takes positive integer tag ids.`);
      // TagIdList is `uniqueItems` in the spec.
      if (seen.has(id)) return invalid(name, values, `Parameter '${name}' repeats tag id ${id}.`);
      seen.add(id);
      ids.add(id);
    }
  }
  return ids && [...ids];
}

/** A rule on how parameters combine: the error when `query` breaks it, else undefined. */
export type CombinationRule = (query: GameQuery) => Invalid | undefined;

/** §4 GET /games rule 3: websites are not connection-tested, so web_only excludes online_recently=1. */
export const WEB_ONLY_NOT_ONLINE_RECENTLY: CombinationRule = (query) =>
  query.connectionType === 'web_only' && query.onlineRecently
    ? invalid('online_recently', '1', 'connection_type=web_only cannot be combined with online_recently=1.')
    : undefined;

/** §4 GET /games rule 3: nor can web-only games be sorted by their last successful connect. */
export const WEB_ONLY_NOT_RECENTLY_ONLINE: CombinationRule = (query) =>
  query.connectionType === 'web_only' && query.sort === 'recently_online'
    ? invalid('sort', query.sort, 'connection_type=web_only cannot be combined with sort=recently_online.')
    : undefined;

/** What parsing the GET /games query follows besides the parameters' grammar; GAME_QUERY_RULES is §4's. */
export interface GameQueryRules {
  /** The sort of a request without `sort`. */
  defaultSort: GameSort;
  /** The sort an unknown `sort` value falls back to; undefined refuses the value (422). */
  unknownSortFallback: GameSort | undefined;
  /** `per_page` when the request has none. */
  defaultPerPage: number;
  /** The rules on parameter combinations, checked in order once every value is valid. */
  combinations: readonly CombinationRule[];
}

export const GAME_QUERY_RULES: GameQueryRules = {
  defaultSort: 'last_updated',
  // §4: an unknown sort falls back to last_updated (no error).
  unknownSortFallback: 'last_updated',
  defaultPerPage: DEFAULT_PER_PAGE,
  combinations: [WEB_ONLY_NOT_ONLINE_RECENTLY, WEB_ONLY_NOT_RECENTLY_ONLINE],
};

export function parseGameQuery(
  query: RawQuery,
  rules: GameQueryRules = GAME_QUERY_RULES,
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
  const sort =
    sortText === undefined
      ? rules.defaultSort
      : (GAME_SORTS.find((s) => s === sortText) ?? rules.unknownSortFallback);
  if (sort === undefined) {
    return invalid('sort', sortText, `Parameter 'sort' must be one of ${GAME_SORTS.join(', ')}.`);
  }

  const connectionText = scalar(query, 'connection_type');
  if (isInvalid(connectionText)) return connectionText;
  const connectionType =
    connectionText === undefined ? 'all' : CONNECTION_TYPES.find((c) => c === connectionText);
  if (connectionType === undefined) {
    return invalid(
      'connection_type',
      connectionText,
      "Parameter 'connection_type' must be all, web_only or mud_client.",
    );
  }

  const page = positiveInteger(query, 'page', 1);
  if (isInvalid(page)) return page;
  const perPage = positiveInteger(query, 'per_page', rules.defaultPerPage, MAX_PER_PAGE);
  if (isInvalid(perPage)) return perPage;
  const hasReviews = flag(query, 'has_reviews');
  if (isInvalid(hasReviews)) return hasReviews;
  const recentlyUpdated = flag(query, 'recently_updated');
  if (isInvalid(recentlyUpdated)) return recentlyUpdated;
  const onlineRecently = flag(query, 'online_recently');
  if (isInvalid(onlineRecently)) return onlineRecently;

  const tags: GameQuery['tagIds'] = {};
  for (const category of CATEGORY_KEYS) {
    const ids = tagIds(query, category);
    if (isInvalid(ids)) return ids;
    if (ids !== undefined) tags[category] = ids;
  }

  const parsed: GameQuery = {
    terms,
    sort,
    connectionType,
    page,
    perPage,
    hasReviews,
    recentlyUpdated,
    onlineRecently,
    tagIds: tags,
  };
  for (const rule of rules.combinations) {
    const broken = rule(parsed);
    if (broken) return broken;
  }
  return ok(parsed);
}

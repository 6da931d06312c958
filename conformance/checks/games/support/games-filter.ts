/**
 * A GET /games query as the checks generate it, and its wire form. Keeping the
 * query structured (rather than as raw pairs) lets a check reason about what each
 * returned game must satisfy and derive related queries (narrower, other sort…).
 */
import type { CheckContext } from '../../../src/core/check.ts';
import type { QueryPairs } from '../../../src/core/http-client.ts';
import type { SortName } from '../../../src/core/profile.ts';

/** §4 GET /games parameters: `per_page` defaults to 20. */
export const DEFAULT_PER_PAGE = 20;

/** §4 GET /games, parameter `sort`. */
export const SORT_NAMES: readonly SortName[] = [
  'top_voted',
  'newest',
  'oldest',
  'last_updated',
  'recently_online',
  'most_reviewed',
];

export type ConnectionType = 'all' | 'web_only' | 'mud_client';

/** One tag category's ids (OR within the category). */
export interface TagCriterion {
  /** Filter parameter without brackets, e.g. `codebase_tag_id`. */
  param: string;
  ids: number[];
  /** Send a single id as `param=id` instead of `param[]=id` (§4 rule 1 allows both). */
  bracketless?: boolean;
}

export interface GamesFilter {
  q?: string;
  /** Any string: one of SORT_NAMES, or an unknown value that falls back to `last_updated`. */
  sort?: string;
  connectionType?: ConnectionType;
  hasReviews?: boolean;
  recentlyUpdated?: boolean;
  onlineRecently?: boolean;
  tags?: TagCriterion[];
  page?: number;
  perPage?: number;
}

/** The query pairs of a filter, in a fixed order; tag ids repeat the parameter (§4 rule 1). */
export function toQueryPairs(filter: GamesFilter): QueryPairs {
  const pairs: QueryPairs = [];
  if (filter.q !== undefined) pairs.push(['q', filter.q]);
  if (filter.sort !== undefined) pairs.push(['sort', filter.sort]);
  if (filter.connectionType !== undefined) pairs.push(['connection_type', filter.connectionType]);
  if (filter.hasReviews) pairs.push(['has_reviews', 1]);
  if (filter.recentlyUpdated) pairs.push(['recently_updated', 1]);
  if (filter.onlineRecently) pairs.push(['online_recently', 1]);
  for (const tag of filter.tags ?? []) {
    const name = tag.bracketless === true && tag.ids.length === 1 ? tag.param : `${tag.param}[]`;
    for (const id of tag.ids) pairs.push([name, id]);
  }
  if (filter.perPage !== undefined) pairs.push(['per_page', filter.perPage]);
  if (filter.page !== undefined) pairs.push(['page', filter.page]);
  return pairs;
}

/**
 * §4 rule 3: `web_only` cannot be combined with `online_recently=1` or `sort=recently_online`.
 * Generators produce any combination; this drops the forbidden parts to keep a query valid.
 */
export function withoutForbiddenCombination(filter: GamesFilter): GamesFilter {
  if (filter.connectionType !== 'web_only') return filter;
  const { onlineRecently: _online, ...rest } = filter;
  return rest.sort === 'recently_online' ? { ...rest, sort: 'last_updated' } : rest;
}

/** The search terms of `q` (§4: split on whitespace). */
export function searchTerms(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/u).filter((term) => term.length > 0);
}

/** A tag id as the spec spells it: a positive integer without sign, leading zeros or fraction. */
const CANONICAL_ID = /^[1-9]\d{0,8}$/;

/** The tag filter parameters the spec's listGames names, without brackets (`codebase_tag_id`). */
export function tagFilterParams(spec: CheckContext['spec']): Set<string> {
  return new Set(
    spec
      .operation('listGames')
      .parameters.map((parameter) => parameter.name)
      .filter((name) => /_tag_id(\[\])?$/.test(name))
      .map((name) => name.replace(/\[\]$/, '')),
  );
}

/**
 * The filters a GET /games request asked, read from its URL as a server must read them — only
 * the parts no server may read otherwise: `has_reviews`, `recently_updated`, `online_recently`
 * given once as `1`, `connection_type` given once as `web_only` or `mud_client` (D60: another
 * letter case may be read either way), and each tag category in `tagParams` whose every id is a
 * canonical integer (`X` and `X[]` together: their union, D52; a repeated id once, D57). `q`,
 * `sort` and paging are left out. Undefined when it asks none of these.
 */
export function membershipFilterOfUrl(url: string, tagParams: ReadonlySet<string>): GamesFilter | undefined {
  const params = new URL(url).searchParams;
  const filter: GamesFilter = {};
  const once = (name: string): string | undefined => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  };
  if (once('has_reviews') === '1') filter.hasReviews = true;
  if (once('recently_updated') === '1') filter.recentlyUpdated = true;
  if (once('online_recently') === '1') filter.onlineRecently = true;
  const connection = once('connection_type');
  if (connection === 'web_only' || connection === 'mud_client') filter.connectionType = connection;
  const tags = new Map<string, Set<number>>();
  const spoiled = new Set<string>();
  for (const [name, value] of params) {
    const param = name.replace(/\[\]$/, '');
    if (!tagParams.has(param)) continue;
    if (!CANONICAL_ID.test(value)) spoiled.add(param);
    else tags.set(param, (tags.get(param) ?? new Set<number>()).add(Number(value)));
  }
  const criteria = [...tags]
    .filter(([param]) => !spoiled.has(param))
    .map(([param, ids]) => ({ param, ids: [...ids] }));
  if (criteria.length > 0) filter.tags = criteria;
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/**
 * A GET /games query as the checks generate it, and its wire form. Keeping the
 * query structured (rather than as raw pairs) lets a check reason about what each
 * returned game must satisfy and derive related queries (narrower, other sort…).
 */
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

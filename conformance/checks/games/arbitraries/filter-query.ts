/**
 * A valid GET /games query built from what discovery saw: optional search words,
 * sort, connection type, the three flags, tag filters and paging. Forbidden
 * combinations (§4 rule 3) are removed, so every generated query must answer 200.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { GamesFilter } from '../support/games-filter.ts';
import { withoutForbiddenCombination } from '../support/games-filter.ts';
import { searchQuery } from './search-query.ts';
import { sortName } from './sort-name.ts';
import { tagCriteria } from './tag-criteria.ts';

export interface FilterQueryOptions {
  /** Include `q` sometimes (default true). */
  search?: boolean;
  /** Include `page`/`per_page` sometimes (default true). `page` stays within 1..3. */
  paging?: boolean;
}

export function filterQuery(
  discovery: Discovery,
  options: FilterQueryOptions = {},
): fc.Arbitrary<GamesFilter> {
  const search = options.search !== false && discovery.words.length > 0;
  const paging = options.paging !== false;
  return fc
    .record(
      {
        q: search ? searchQuery(discovery) : fc.constant(undefined),
        sort: sortName(),
        connectionType: fc.constantFrom('all' as const, 'web_only' as const, 'mud_client' as const),
        hasReviews: fc.constant(true),
        recentlyUpdated: fc.constant(true),
        onlineRecently: fc.constant(true),
        tags: tagCriteria(discovery),
        page: paging ? fc.integer({ min: 1, max: 3 }) : fc.constant(undefined),
        perPage: paging ? fc.integer({ min: 1, max: 50 }) : fc.constant(undefined),
      },
      { requiredKeys: [] },
    )
    .map((filter) => {
      // fc.record with optional keys may still carry `undefined` from the constant arbitraries.
      const clean = Object.fromEntries(
        Object.entries(filter).filter(([, value]) => value !== undefined),
      ) as GamesFilter;
      return withoutForbiddenCombination(clean);
    });
}

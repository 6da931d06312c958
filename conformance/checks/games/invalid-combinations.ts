import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { toQueryPairs } from './support/games-filter.ts';

/**
 * `connection_type=web_only` with `online_recently=1`, with `sort=recently_online`,
 * or with both, is 422 `invalid_filter` whatever the other parameters.
 */
export const invalidCombinations = defineCheck({
  id: 'GAMES-INVALID-COMBINATIONS',
  area: 'games',
  source:
    '§4 GET /games, rule 3 ("web_only combined with online_recently=1, or combined with sort=recently_online, returns 422 invalid_filter"); §7 error table, invalid_filter',
  level: 'must',
  title: 'web_only with online_recently or sort=recently_online is invalid_filter',
  covers: ['S4.GAMES.RULE3-COMBOS', 'S7.CODE.invalid_filter', 'S4.GAMES.ERRORS'],
  async run(ctx) {
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery), fc.constantFrom('online', 'sort', 'both'))
      .map(([filter, combination]) => ({
        ...filter,
        connectionType: 'web_only' as const,
        onlineRecently: combination !== 'sort' ? true : filter.onlineRecently,
        sort: combination !== 'online' ? 'recently_online' : filter.sort,
      }));
    await ctx.property(
      [arbitrary],
      async (filter) => {
        expectInvalidFilter(ctx, await ctx.client.get('/games', { query: toQueryPairs(filter) }));
      },
      {
        // The two combinations rule 3 names, alone, always run first.
        examples: [
          [{ connectionType: 'web_only', onlineRecently: true }],
          [{ connectionType: 'web_only', sort: 'recently_online' }],
        ],
      },
    );
  },
});

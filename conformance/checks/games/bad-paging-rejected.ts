import { defineCheck } from '../../src/core/check.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { invalidEdgesOf } from '../../src/core/parameter-edges.ts';
import { badPagingValue } from './arbitraries/bad-paging-value.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { toQueryPairs } from './support/games-filter.ts';

/**
 * D18 (profile `gamesRejectsBadPaging`): bad paging is 422 `invalid_filter`, not clamped.
 * What holds under either answer (a 422 is `invalid_filter`; a 200 keeps `meta` within the
 * §8 bounds and at most `per_page` games) is GAMES-BAD-PAGING's, at must level.
 */
export const badPagingRejected = defineCheck({
  id: 'GAMES-BAD-PAGING-REJECTED',
  area: 'games',
  source:
    '§4 GET /games, rule 3 ("other invalid filter values"); parameters page and per_page (open point, DECISIONS D18)',
  level: 'profile',
  title: 'Bad paging is invalid_filter',
  covers: ['S4.GAMES.RULE3-INVALID', 'S8.PERPAGE', 'S8.PAGE'],
  decisions: ['D18'],
  async run(ctx) {
    if (!ctx.profile.gamesRejectsBadPaging)
      return ctx.skip('the profile accepts clamped paging (gamesRejectsBadPaging: false)');
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false }), badPagingValue()],
      async (filter, bad) => {
        expectInvalidFilter(
          ctx,
          await ctx.client.get('/games', { query: [...toQueryPairs(filter), [bad.param, bad.value]] }),
        );
      },
      {
        // The spec's own edges first (per_page 0 and 51, page 0): a small --runs never misses them.
        examples: invalidEdgesOf(ctx.spec, 'listGames', ['page', 'per_page'], utcDateOf(Date.now())).map(
          (edge) => [{}, { param: edge.param, value: edge.value }],
        ),
      },
    );
  },
});

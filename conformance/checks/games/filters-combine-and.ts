import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './expect-filter-holds.ts';

/** Search terms and all filters combine with AND: every returned game satisfies each of them. */
export const filtersCombineAnd = defineCheck({
  id: 'GAMES-FILTERS-COMBINE-AND',
  area: 'games',
  source: '§4 GET /games, rule 2 ("the search terms and all filters combine with AND")',
  level: 'must',
  title: 'Every returned game satisfies every filter of the query',
  covers: ['S4.GAMES.RULE2', 'S4.GAMES.Q'],
  decisions: ['D2', 'D21', 'D48'],
  async run(ctx) {
    let judged = 0;
    await ctx.property([filterQuery(ctx.discovery)], async (filter) => {
      judged += await expectFilterHolds(ctx, filter);
    });
    if (judged === 0) return ctx.skip('no generated query returned a game');
  },
});

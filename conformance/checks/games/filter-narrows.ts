import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { narrowerFilter } from './support/narrower-filter.ts';

/**
 * Adding a search term or a filter never makes `meta.total` grow: everything
 * combines with AND (§4 rule 2). Kills OR across categories or across filters.
 */
export const filterNarrows = defineCheck({
  id: 'GAMES-FILTER-NARROWS',
  area: 'games',
  source:
    '§4 GET /games, rule 2 ("different categories combine with AND; the search terms and all filters combine with AND")',
  level: 'must',
  title: 'Adding a filter never grows the total',
  covers: ['S4.GAMES.RULE2'],
  comparesAnswers: true,
  async run(ctx) {
    const arbitrary = filterQuery(ctx.discovery, { paging: false });
    await ctx.property([arbitrary, arbitrary], async (base, extra) => {
      const narrower = narrowerFilter(base, extra);
      const wide = await fetchGamesPage(ctx, toQueryPairs(base));
      const narrow = await fetchGamesPage(ctx, toQueryPairs(narrower));
      if (narrow.body.meta.total > wide.body.meta.total) {
        ctx.fail(
          failureOf(
            narrow.response,
            'A query with more filters has a larger meta.total than the same query without them',
            `meta.total ≤ ${wide.body.meta.total} (the total of ${wide.response.url})`,
            `meta.total ${narrow.body.meta.total}`,
          ),
        );
      }
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import type { GamesFilter } from './support/games-filter.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { expectSamePage } from './support/same-page.ts';
import { commonWord } from './support/common-word.ts';

/** Without `sort`, a query answers exactly what it answers with `sort=last_updated`. */
export const sortDefault = defineCheck({
  id: 'GAMES-SORT-DEFAULT',
  area: 'games',
  source: '§4 GET /games parameters, sort (default last_updated)',
  level: 'must',
  title: 'The default sort is last_updated',
  covers: ['S4.GAMES.SORT'],
  comparesAnswers: true,
  async run(ctx) {
    const arbitrary = filterQuery(ctx.discovery).map((filter): GamesFilter => {
      const { sort: _sort, ...rest } = filter;
      return rest;
    });
    // First a search for the word of the most games seen, without a sort: a search answered in
    // order of relevance (the habit of search engines) or of name is no longer last_updated's.
    const word = commonWord(ctx.discovery.games);
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const explicit = await fetchGamesPage(ctx, toQueryPairs({ ...filter, sort: 'last_updated' }));
        const implicit = await fetchGamesPage(ctx, toQueryPairs(filter));
        expectSamePage(ctx, explicit, implicit, 'Without sort, the page differs from sort=last_updated');
      },
      { examples: word === undefined ? [] : [[{ q: word }]] },
    );
  },
});

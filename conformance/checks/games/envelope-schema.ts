import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { pagingEchoFailure } from '../harness/collection-links.ts';

/** Any valid query answers 200 with the collection envelope of the spec (GameCollection). */
export const envelopeSchema = defineCheck({
  id: 'GAMES-ENVELOPE-SCHEMA',
  area: 'games',
  source: '§1 rule 5; §2 shared types, PaginationMeta and PaginationLinks; §4 GET /games, response 200',
  level: 'must',
  title: 'Game collections have the data/meta/links envelope',
  // Every summary of the page is validated against GameSummary, custom tags included.
  covers: ['S1.5-ENVELOPE', 'S2.PAGEMETA', 'S2.PAGELINKS', 'S2.GS.TAGS'],
  async run(ctx) {
    // Every page of GET /games the run already has, then generated queries.
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      expectGamesPage(ctx, response, 'to a request of the run');
      // And paged as asked, whoever asked (a canonical request: every parameter valid, once).
      const failure = pagingEchoFailure(ctx, 'listGames', response);
      if (failure !== undefined) ctx.fail(failure);
      return true;
    });
    await ctx.property([filterQuery(ctx.discovery)], async (filter) => {
      await fetchGamesPage(ctx, toQueryPairs(filter));
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { DEFAULT_PER_PAGE, toQueryPairs } from './support/games-filter.ts';
import { DISCOVERY_PAGE_SIZE } from '../../src/core/discovery.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * Without `page`/`per_page` a query answers page 1 of 20; `page=2` alone answers the
 * next 20. Compared with the first 40 of one page of 50 (§8's largest, as discovery reads), so the default is seen in the data,
 * not only in `meta`. The first case is the whole directory (every page full, and its page of
 * 50 the one discovery read, so the run's cache answers it); then generated filters.
 */
export const perPageDefault = defineCheck({
  id: 'GAMES-PER-PAGE-DEFAULT',
  area: 'games',
  source:
    '§4 GET /games parameters, page (default 1, one-based) and per_page (default 20); §8 limits, per_page',
  level: 'must',
  title: 'Pages default to page 1 of 20 games',
  covers: ['S4.GAMES.PERPAGE', 'S4.GAMES.PAGE', 'S8.PERPAGE'],
  comparesAnswers: true,
  async run(ctx) {
    // Three requests per case; half the run's cases are plenty for a default.
    const numRuns = Math.max(1, Math.ceil(ctx.runs / 2));
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false })],
      async (filter) => {
        const query = toQueryPairs(filter);
        const first = await fetchGamesPage(ctx, query);
        const second = await fetchGamesPage(ctx, [...query, ['page', 2]]);
        const both = await fetchGamesPage(ctx, [...query, ['per_page', DISCOVERY_PAGE_SIZE]]);
        for (const [page, { response, body }] of [
          [1, first],
          [2, second],
        ] as const) {
          if (body.meta.page !== page || body.meta.per_page !== DEFAULT_PER_PAGE) {
            ctx.fail(
              failureOf(
                response,
                'meta does not show the default paging',
                `meta.page ${page}, meta.per_page ${DEFAULT_PER_PAGE}`,
                `meta.page ${body.meta.page}, meta.per_page ${body.meta.per_page}`,
              ),
            );
          }
          const expected = both.body.data
            .slice((page - 1) * DEFAULT_PER_PAGE, page * DEFAULT_PER_PAGE)
            .map((g) => g.id);
          const received = body.data.map((g) => g.id);
          if (expected.join(',') !== received.join(',')) {
            ctx.fail(
              failureOf(
                response,
                `Default page ${page} is not games ${(page - 1) * DEFAULT_PER_PAGE + 1}–${page * DEFAULT_PER_PAGE} of the query`,
                `ids [${expected.join(', ')}] (from the same query with per_page=${DISCOVERY_PAGE_SIZE})`,
                `ids [${received.join(', ')}]`,
              ),
            );
          }
        }
      },
      { numRuns, examples: [[{}]] },
    );
  },
});

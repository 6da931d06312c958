import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/** Generated pages go this deep; the directory's last pages are asked for as examples. */
const MAX_PAGE = 6;

/**
 * `meta.page`/`meta.per_page` echo the request and `data` is the requested slice of
 * `total`: min(per_page, total − (page − 1)·per_page) games, none past the end. The
 * generated pages reach the first 300 games; the last page of the whole directory (of 50,
 * and of an odd size, whose last page is partial) is asked for first, where an offset the
 * server caps or miscounts shows in a large directory.
 */
export const pageSlice = defineCheck({
  id: 'GAMES-PAGE-SLICE',
  area: 'games',
  source:
    '§4 GET /games parameters, page and per_page; §2 shared types, PaginationMeta; §8 limits, per_page and page',
  level: 'must',
  title: 'A page holds the requested slice of the matching games',
  covers: ['S4.GAMES.PAGE', 'S4.GAMES.PERPAGE', 'S8.PERPAGE', 'S8.PAGE', 'S2.PAGEMETA'],
  comparesAnswers: true,
  async run(ctx) {
    const arbitrary = fc
      .tuple(
        filterQuery(ctx.discovery, { paging: false }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: MAX_PAGE }),
      )
      .map(([filter, perPage, page]) => ({ ...filter, perPage, page }));
    const total = ctx.discovery.totalActiveGames;
    const lastPages =
      total > 0 ? [50, 7].map((perPage) => [{ perPage, page: Math.ceil(total / perPage) }]) : [];
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        const perPage = filter.perPage as number;
        const page = filter.page as number;
        if (body.meta.page !== page || body.meta.per_page !== perPage) {
          ctx.fail(
            failureOf(
              response,
              'meta does not echo the requested page and per_page',
              `meta.page ${page}, meta.per_page ${perPage}`,
              `meta.page ${body.meta.page}, meta.per_page ${body.meta.per_page}`,
            ),
          );
        }
        const expected = Math.max(0, Math.min(perPage, body.meta.total - (page - 1) * perPage));
        if (body.data.length !== expected) {
          ctx.fail(
            failureOf(
              response,
              `Page ${page} of ${perPage} holds ${body.data.length} games for meta.total ${body.meta.total}`,
              `${expected} games (min(per_page, total − (page − 1)·per_page))`,
              `${body.data.length} games`,
            ),
          );
        }
      },
      { examples: lastPages },
    );
  },
});

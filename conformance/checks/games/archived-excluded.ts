import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * Under any filters, sort and page, every listed game is active: `status.archived`
 * false and `status.archive_reason` null (§3 states table).
 */
export const archivedExcluded = defineCheck({
  id: 'GAMES-ARCHIVED-EXCLUDED',
  area: 'games',
  source: '§4 GET /games ("archived listings are excluded … regardless of filters or sort"); §3 states table',
  level: 'must',
  title: 'Game collections list only active games',
  covers: ['S4.GAMES.ARCHIVED', 'S3.ACTIVE', 'S3.ARCHIVED'],
  async run(ctx) {
    let judged = 0;
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        for (const game of body.data) {
          if (game.status.archived !== false || game.status.archive_reason !== null) {
            ctx.fail(
              failureOf(
                response,
                `Game ${game.id} is listed but not active`,
                'status.archived false and status.archive_reason null for every listed game',
                `status.archived ${String(game.status.archived)}, archive_reason ${JSON.stringify(game.status.archive_reason)}`,
              ),
            );
          }
        }
        judged += body.data.length;
        // The unfiltered first page runs first: it returns games whenever the directory lists any,
        // so a small budget still reaches a verdict.
      },
      { examples: [[{}]] },
    );
    if (judged === 0) return ctx.skip('no generated query returned a game');
  },
});

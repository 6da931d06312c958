import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { observedGets } from '../harness/observed-gets.ts';

/**
 * Under any filters, sort and page, every listed game is active: `status.archived`
 * false and `status.archive_reason` null (§3 states table), and none is the archived game the
 * run knows of — on its own cases, then on every page of GET /games the run has.
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
    const archivedId = ctx.discovery.archivedGameId ?? ctx.hints.archivedGameId;
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (!Array.isArray(data)) return false;
      for (const item of data as Array<{
        id?: unknown;
        status?: { archived?: unknown; archive_reason?: unknown };
      }>) {
        const status = item?.status;
        if (typeof status !== 'object' || status === null) continue;
        if (status.archived === true || (status.archive_reason ?? null) !== null || item.id === archivedId) {
          ctx.fail(
            failureOf(
              response,
              `Game ${String(item.id)} is listed but not active`,
              'status.archived false and status.archive_reason null for every listed game, never the archived game',
              `game ${String(item.id)}: status.archived ${String(status.archived)}, archive_reason ${JSON.stringify(status.archive_reason)}${item.id === archivedId ? ' (the archived game the run knows)' : ''}`,
            ),
          );
        }
        judged += 1;
      }
      return data.length > 0;
    });
    if (judged === 0) return ctx.skip('no generated query returned a game');
  },
});

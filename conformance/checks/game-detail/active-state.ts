import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

export const activeState = defineCheck({
  id: 'GAME-DETAIL-ACTIVE-STATE',
  area: 'game-detail',
  source: '§3 states table, active; §2 status table, archive_reason',
  level: 'must',
  title: 'A listed game is active: archived false, archive_reason null',
  covers: ['S3.ACTIVE', 'S2.ST.ARCHIVED', 'S2.ST.REASON'],
  async run(ctx) {
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    await ctx.property([fc.constantFrom(...games)], async (summary: GameSummary) => {
      const { response, game } = await fetchGame(ctx, summary.id);
      for (const [where, status] of [
        ['GET /games', summary.status],
        [`GET /games/${summary.id}`, game.status],
      ] as const) {
        expectThat(
          response,
          status.archived === false && status.archive_reason === null,
          `A game listed in the collection is not in the active state (${where})`,
          'status.archived false, status.archive_reason null',
          `status.archived ${status.archived}, status.archive_reason ${JSON.stringify(status.archive_reason)}`,
        );
      }
    });
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';

export const archivedAndWebOnly = defineCheck({
  id: 'PLAYERS-ARCHIVED-AND-WEB-ONLY',
  area: 'players',
  source: '§4 GET /games/{gameId}/players ("Available for archived and web-only games")',
  level: 'must',
  title: 'Archived and web-only games have a player history',
  covers: ['S4.PLAYERS.ARCHIVED-WEBONLY'],
  async run(ctx) {
    const ids = [...ctx.discovery.webOnlyGameIds];
    if (ctx.discovery.archivedGameId !== undefined) ids.push(ctx.discovery.archivedGameId);
    if (ids.length === 0) ctx.skip('no archived or web-only game is known');
    await ctx.property(
      [fc.constantFrom(...ids), fc.constantFrom('daily', 'raw')],
      async (id, granularity) => {
        const { response, body } = await fetchPlayers(ctx, id, [['granularity', granularity]]);
        expectThat(
          response,
          body.meta.game_id === id,
          'meta.game_id is not the requested game',
          `meta.game_id ${id}`,
          `meta.game_id ${body.meta.game_id}`,
        );
      },
      {
        // The archived game and a web-only one first: both kinds are looked up in every run.
        examples: [ctx.discovery.archivedGameId, ctx.discovery.webOnlyGameIds[0]]
          .filter((id): id is number => id !== undefined)
          .map((id, i) => [id, i === 0 ? 'daily' : 'raw'] as [number, string]),
      },
    );
  },
});

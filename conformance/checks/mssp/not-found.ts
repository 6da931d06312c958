import { defineCheck } from '../../src/core/check.ts';
import { unknownGameId, wideIdExamples } from '../harness/arbitraries/unknown-game-id.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { lookUpIdGaps } from '../harness/gap-lookups.ts';

export const notFound = defineCheck({
  id: 'MSSP-NOT-FOUND',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp (errors: 404); §7 error table, game_not_found',
  level: 'must',
  title: "An unknown game's MSSP lookup answers 404 game_not_found",
  covers: ['S4.MSSP.404', 'S7.CODE.game_not_found'],
  async run(ctx) {
    await ctx.property(
      [unknownGameId(ctx.discovery)],
      async (id) => {
        const response = await ctx.client.get(`/games/${id}/mssp`);
        expectErrorEnvelope(response, 404, ['game_not_found']);
      },
      { examples: wideIdExamples(ctx.discovery.games[0]?.id) },
    );
    // Then gaps of the discovered id range: 200 (available for archived games, §4) or 404.
    await lookUpIdGaps(ctx, (id) => ({ path: `/games/${id}/mssp` }));
  },
});

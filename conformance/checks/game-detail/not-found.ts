import { defineCheck } from '../../src/core/check.ts';
import { unknownGameId, wideIdExamples } from '../harness/arbitraries/unknown-game-id.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';

export const notFound = defineCheck({
  id: 'GAME-DETAIL-NOT-FOUND',
  area: 'game-detail',
  source: '§4 GET /games/{gameId} (errors); §7 error table, game_not_found',
  level: 'must',
  title: 'An id no game has answers 404 game_not_found',
  covers: ['S4.GAME.404', 'S7.CODE.game_not_found', 'S7.BODY'],
  async run(ctx) {
    await ctx.property(
      [unknownGameId(ctx.discovery)],
      async (id) => {
        const response = await ctx.client.get(`/games/${id}`);
        expectErrorEnvelope(response, 404, ['game_not_found']);
      },
      { examples: wideIdExamples(ctx.discovery.games[0]?.id) },
    );
  },
});

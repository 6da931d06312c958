import { defineCheck } from '../../src/core/check.ts';
import { unknownGameId, wideIdExamples } from '../harness/arbitraries/unknown-game-id.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { lookUpIdGaps } from '../harness/gap-lookups.ts';

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
    // Then ids inside the range discovery saw that it did not list, spread: an archived game, an
    // active one its walk missed (200), or none (404 game_not_found) — never another status (a
    // 410 for an id once given out). No complete listing is needed for that (blind fault set 37).
    await lookUpIdGaps(ctx, (id) => ({ path: `/games/${id}` }));
  },
});

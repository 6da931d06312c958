import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from './support/fetch-players.ts';
import { playersQuery } from './support/players-query.ts';
import { utcDateOf } from '../../src/core/dates.ts';

export const schema = defineCheck({
  id: 'PLAYERS-SCHEMA',
  area: 'players',
  source: '§2 player sample; §4 GET /games/{gameId}/players; §9 rule 2',
  level: 'must',
  title: 'Player history is a list of samples with game, granularity and dates in meta',
  covers: ['S2.PLAYER.SAMPLE', 'S2.PLAYER.RESPONSE', 'S9.2', 'S1.4-FORMAT'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), historyQuery(today)], async (id, query) => {
      const { response, body } = await fetchPlayers(ctx, id, playersQuery(query));
      expectThat(
        response,
        body.meta.game_id === id,
        'meta.game_id is not the requested game',
        `meta.game_id ${id}`,
        `meta.game_id ${body.meta.game_id}`,
      );
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { expectPlayers } from '../harness/fetch-players.ts';
import { playersQuery } from './support/players-query.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { idInPath, observedGets } from '../harness/observed-gets.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

export const schema = defineCheck({
  id: 'PLAYERS-SCHEMA',
  area: 'players',
  source: '§2 player sample; §4 GET /games/{gameId}/players; §9 rule 2',
  level: 'must',
  title: 'Player history is a list of samples with game, granularity and dates in meta',
  covers: ['S2.PLAYER.SAMPLE', 'S2.PLAYER.RESPONSE', 'S9.2', 'S1.4-FORMAT'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const judge = (response: ApiResponse, id: number): boolean => {
      const body = expectPlayers(ctx, response);
      expectThat(
        response,
        body.meta.game_id === id,
        'meta.game_id is not the requested game',
        `meta.game_id ${id}`,
        `meta.game_id ${body.meta.game_id}`,
      );
      return true;
    };
    // Every player history the run already has, then generated queries.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), (response) =>
      judge(response, idInPath(response)),
    );
    await ctx.property([playersGameId(ctx), historyQuery(today)], async (id, query) => {
      judge(await ctx.client.get(`/games/${id}/players`, { query: playersQuery(query) }), id);
    });
  },
});

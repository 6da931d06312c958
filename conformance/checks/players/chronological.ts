import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { playersQuery } from './support/players-query.ts';
import { utcDateOf } from '../../src/core/dates.ts';

export const chronological = defineCheck({
  id: 'PLAYERS-CHRONOLOGICAL',
  area: 'players',
  source: '§4 GET /games/{gameId}/players ("chronological player-count samples")',
  level: 'must',
  title: 'Player samples are in strictly increasing recorded_at order',
  covers: ['S4.PLAYERS.CHRONO'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), historyQuery(today)], async (id, query) => {
      const { response, body } = await fetchPlayers(ctx, id, playersQuery(query));
      body.data.forEach((sample, index) => {
        const previous = body.data[index - 1];
        if (previous === undefined) return;
        expectThat(
          response,
          Date.parse(previous.recorded_at) < Date.parse(sample.recorded_at),
          `Sample ${index} is not after sample ${index - 1}`,
          `recorded_at after ${previous.recorded_at}`,
          `recorded_at ${sample.recorded_at}`,
        );
      });
    });
  },
});

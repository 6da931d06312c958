import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { invalidGranularity as invalidGranularityValue } from './arbitraries/invalid-granularity.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';

export const invalidGranularity = defineCheck({
  id: 'PLAYERS-INVALID-GRANULARITY',
  area: 'players',
  source: '§4 players rules ("an invalid granularity … returns 422 invalid_date_range")',
  level: 'must',
  title: 'A granularity other than daily or raw is refused with invalid_date_range',
  covers: ['S4.PLAYERS.422', 'S4.PLAYERS.GRANULARITY', 'S7.CODE.invalid_date_range'],
  async run(ctx) {
    const gameId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    await ctx.property(
      [playersGameId(ctx), invalidGranularityValue()],
      async (id, granularity) => {
        const response = await ctx.client.get(`/games/${id}/players`, {
          query: [['granularity', granularity]],
        });
        expectErrorEnvelope(response, 422, ['invalid_date_range']);
      },
      {
        // First the other resolutions a time-series store offers (the statistics endpoint's among
        // them, §4): a server sharing that store, or another version's validator, answers them.
        examples: gameId === undefined ? [] : ['hourly', 'weekly', 'monthly'].map((value) => [gameId, value]),
      },
    );
  },
});

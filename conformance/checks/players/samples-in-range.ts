import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { playersQuery } from './support/players-query.ts';
import { utcDateOf } from '../../src/core/dates.ts';

export const samplesInRange = defineCheck({
  id: 'PLAYERS-SAMPLES-IN-RANGE',
  area: 'players',
  source: '§4 players parameters, from and to ("inclusive UTC start/end")',
  level: 'must',
  title: 'Every sample lies between from 00:00:00Z and to 23:59:59Z',
  covers: ['S4.PLAYERS.FROM', 'S4.PLAYERS.TO', 'S4.PLAYERS.CHRONO'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), historyQuery(today)], async (id, query) => {
      const { response, body } = await fetchPlayers(ctx, id, playersQuery(query));
      for (const sample of body.data) {
        const day = sample.recorded_at.slice(0, 10);
        expectThat(
          response,
          day >= query.from && day <= query.to,
          `A sample lies outside ${query.from}..${query.to}`,
          `recorded_at within ${query.from}T00:00:00Z..${query.to}T23:59:59Z`,
          `recorded_at ${sample.recorded_at}`,
        );
      }
    });
  },
});

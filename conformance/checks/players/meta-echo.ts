import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { playersQuery } from './support/players-query.ts';
import { utcDateOf } from '../../src/core/dates.ts';

export const metaEcho = defineCheck({
  id: 'PLAYERS-META-ECHO',
  area: 'players',
  source: '§2 player sample, response; §4 players parameters',
  level: 'must',
  title: 'meta reports the requested granularity, from and to',
  covers: ['S2.PLAYER.RESPONSE', 'S4.PLAYERS.GRANULARITY', 'S4.PLAYERS.FROM', 'S4.PLAYERS.TO'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), historyQuery(today)], async (id, query) => {
      const { response, body } = await fetchPlayers(ctx, id, playersQuery(query));
      const { granularity, from, to } = body.meta;
      expectThat(
        response,
        granularity === query.granularity && from === query.from && to === query.to,
        'meta does not echo the query',
        `granularity ${query.granularity}, from ${query.from}, to ${query.to}`,
        `granularity ${granularity}, from ${from}, to ${to}`,
      );
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { historyQuery, type HistoryQuery } from './arbitraries/history-query.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { observedHistory } from './support/observed-history.ts';
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
      judgeEcho(response, query, body.meta);
    });
    // And every player history the run receives whose URL states its whole query, to the run's end
    // — a range ending by today: what meta reports of a `to` in the future (D26 accepts one) is not
    // what this check's cases ask.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), (response) => {
      const history = observedHistory(response);
      if (history === undefined || !history.explicitGranularity || history.query.to > today) return false;
      judgeEcho(response, history.query, history.meta);
      return true;
    });
  },
});

/** Fails unless meta reports the query's granularity, from and to. */
function judgeEcho(response: ApiResponse, query: HistoryQuery, meta: Record<string, unknown>): void {
  const { granularity, from, to } = meta;
  expectThat(
    response,
    granularity === query.granularity && from === query.from && to === query.to,
    'meta does not echo the query',
    `granularity ${query.granularity}, from ${query.from}, to ${query.to}`,
    `granularity ${String(granularity)}, from ${String(from)}, to ${String(to)}`,
  );
}

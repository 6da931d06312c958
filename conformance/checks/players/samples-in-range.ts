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
      judgeRange(response, query, body.data);
    });
    // And every player history the run receives whose URL states its range, to the run's end.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), (response) => {
      const history = observedHistory(response);
      if (history === undefined) return false;
      judgeRange(response, history.query, history.samples);
      return true;
    });
  },
});

/** Fails at the first sample whose UTC day lies outside the query's from..to. */
function judgeRange(
  response: ApiResponse,
  query: HistoryQuery,
  samples: ReadonlyArray<{ recorded_at: string }>,
): void {
  for (const sample of samples) {
    const day = sample.recorded_at.slice(0, 10);
    expectThat(
      response,
      day >= query.from && day <= query.to,
      `A sample lies outside ${query.from}..${query.to}`,
      `recorded_at within ${query.from}T00:00:00Z..${query.to}T23:59:59Z`,
      `recorded_at ${sample.recorded_at}`,
    );
  }
}

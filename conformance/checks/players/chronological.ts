import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { historyQuery, type HistoryQuery } from './arbitraries/history-query.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { busiestSampledSince } from '../harness/busiest-game.ts';
import { playersQuery } from './support/players-query.ts';
import { addDays, utcDateOf, utcMidnightMs } from '../../src/core/dates.ts';

export const chronological = defineCheck({
  id: 'PLAYERS-CHRONOLOGICAL',
  area: 'players',
  source: '§4 GET /games/{gameId}/players ("chronological player-count samples")',
  level: 'must',
  title: 'Player samples are in strictly increasing recorded_at order',
  covers: ['S4.PLAYERS.CHRONO'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // First the longest daily history (365 days to today) of a game listed before it began: it
    // crosses the turn of a year and every month's end, where an order built on text or on day
    // and month numbers goes wrong, in one request.
    const yearLong = { granularity: 'daily', from: addDays(today, -364), to: today } as const;
    // A game listed before the year began, reached in the last day, the busiest such: samples all
    // year, and in every week of the raw range below (a game down for weeks has none in them).
    const sampled =
      busiestSampledSince(ctx.discovery, utcMidnightMs(yearLong.from))?.id ?? ctx.discovery.gameWithPlayersId;
    // Then the longest raw history (90 days to today, §4) of the same game: every crawler sample
    // of a quarter in one request, across whatever tiers or stores hold the older samples.
    const rawLong = { granularity: 'raw', from: addDays(today, -89), to: today } as const;
    const examples: Array<[number, HistoryQuery]> =
      sampled === undefined
        ? []
        : [
            [sampled, yearLong],
            [sampled, rawLong],
          ];
    await ctx.property(
      [playersGameId(ctx), historyQuery(today)],
      async (id, query) => {
        const { response, body } = await fetchPlayers(ctx, id, playersQuery(query));
        judgeOrder(response, body.data);
      },
      { examples },
    );
    // And every player history the run receives, to its end (the other checks' raw days and
    // long ranges among them), sending nothing: the order holds in every answer.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      const samples = Array.isArray(data) ? data.filter(isSample) : [];
      if (samples.length < 2 || samples.length !== (data as unknown[]).length) return false;
      judgeOrder(response, samples);
      return true;
    });
  },
});

/** Fails unless each sample's `recorded_at` is after the one before it. */
function judgeOrder(response: ApiResponse, samples: ReadonlyArray<{ recorded_at: string }>): void {
  samples.forEach((sample, index) => {
    const previous = samples[index - 1];
    if (previous === undefined) return;
    expectThat(
      response,
      Date.parse(previous.recorded_at) < Date.parse(sample.recorded_at),
      `Sample ${index} is not after sample ${index - 1}`,
      `recorded_at after ${previous.recorded_at}`,
      `recorded_at ${sample.recorded_at}`,
    );
  });
}

/** A sample whose time can be read (what is malformed is PLAYERS-SCHEMA's to say). */
function isSample(value: unknown): value is { recorded_at: string } {
  const time = (value as { recorded_at?: unknown } | null)?.recorded_at;
  return typeof time === 'string' && !Number.isNaN(Date.parse(time));
}

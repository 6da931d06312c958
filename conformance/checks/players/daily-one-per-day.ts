import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { dateRange, type DateRange } from '../harness/arbitraries/date-range.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { busiestGame } from '../harness/busiest-game.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { observedHistory } from './support/observed-history.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

/** A range of the single day `day` (`from` = `to`). */
function oneDay(day: string): DateRange {
  return { from: day, to: day, days: 1 };
}

/**
 * The first cases: one-day ranges (`from` = `to`), where a server that serves a short range from
 * its intraday samples, whatever the granularity, answers a day's crawls one by one (a daily
 * history of one day holds at most one sample whichever way the day is read). Of the games
 * reached today, the busiest one crawled over the whole of yesterday (listed before it, reached
 * today): first yesterday with `granularity=daily` (a whole day of crawls, the minimal pass's one
 * request), then today with the granularity left out (its crawls so far, the default being
 * daily). Without such a game, the one discovery saw samples for.
 */
function examples(ctx: CheckContext, today: string): Array<[number, DateRange, boolean]> {
  const yesterday = addDays(today, -1);
  const game = busiestGame(
    ctx.discovery.games,
    (g) =>
      g.status.web_only === false &&
      (g.status.last_successful_connect ?? '').slice(0, 10) === today &&
      (g.dates.listed ?? today) < yesterday,
  );
  const id = game?.id ?? ctx.discovery.gameWithPlayersId;
  if (id === undefined) return [];
  return [
    [id, oneDay(yesterday), true],
    [id, oneDay(today), false],
  ];
}

export const dailyOnePerDay = defineCheck({
  id: 'PLAYERS-DAILY-ONE-PER-DAY',
  area: 'players',
  source: '§4 players parameters, granularity ("daily = rounded daily average")',
  level: 'must',
  title: 'Daily history has at most one sample per UTC day',
  covers: ['S4.PLAYERS.GRANULARITY'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const range = dateRange({ today, maxDays: 365 });
    // Half the cases omit granularity: the default must behave as daily too.
    await ctx.property(
      [playersGameId(ctx), range, fc.boolean()],
      async (id, { from, to }, explicit) => {
        const query: Array<[string, string]> = [
          ['from', from],
          ['to', to],
        ];
        if (explicit) query.unshift(['granularity', 'daily']);
        const { response, body } = await fetchPlayers(ctx, id, query);
        judgeDays(response, body.data);
      },
      { examples: examples(ctx, today) },
    );
    // And every daily history the run receives whose URL states its range, to the run's end.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), (response) => {
      const history = observedHistory(response);
      if (history?.query.granularity !== 'daily') return false;
      judgeDays(response, history.samples);
      return true;
    });
  },
});

/** Fails at the second sample of a UTC day. */
function judgeDays(response: ApiResponse, samples: ReadonlyArray<{ recorded_at: string }>): void {
  const seen = new Set<string>();
  for (const sample of samples) {
    const day = sample.recorded_at.slice(0, 10);
    expectThat(
      response,
      !seen.has(day),
      `Two daily samples fall on ${day}`,
      'one sample per UTC day',
      `a second sample at ${sample.recorded_at}`,
    );
    seen.add(day);
  }
}

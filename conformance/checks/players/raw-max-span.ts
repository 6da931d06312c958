import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { expectLongestSpan, FUTURE_EXAMPLE_DAYS, spanEnd } from './arbitraries/span-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

/** A 90-day raw answer is thousands of samples: a few cases find a misplaced boundary just as well. */
const RAW_SPAN_RUNS = 10;

export const rawMaxSpan = defineCheck({
  id: 'PLAYERS-RAW-MAX-SPAN',
  area: 'players',
  source: '§4 players rules ("a raw range spans at most 90 days"); §8 limits, raw player-history range',
  level: 'must',
  title: 'A raw range of 90 days is accepted and one of 91 days refused with invalid_date_range',
  covers: ['S4.PLAYERS.MAX', 'S8.RAW90', 'S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D25', 'D26'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // Half the ends lie after today (D26): the span is still the range asked, so 91 days ending
    // in the future are refused like any others; the 90 days are then open (D26 tolerant). First
    // (the minimal pass's case) the latest 90 days, where both answers are fixed; then a range
    // ending a month ahead, which a server counting the span only up to today accepts.
    // Then ranges holding the spring and the autumn changes of Europe's and North America's
    // clocks (their 91 days end on 1 April and on 1 December): a span counted in a zone's hours
    // is an hour short or long there, and a 91-day range holding a 23-hour day floors to 90.
    const year = Number(today.slice(0, 4));
    const lastOf = (monthDay: string) => `${today.slice(5) >= monthDay ? year : year - 1}-${monthDay}`;
    const gameId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    // The first case's 91 days leave `to` to its default (today): a server that checks the raw
    // maximum only where it reads a given `to` answers them (blind fault
    // `blind14-raw-limit-skipped-without-to`). A day turning meanwhile makes them 92, still refused.
    const examples: Array<[number, string, boolean]> =
      gameId === undefined
        ? []
        : [
            [gameId, today, true],
            [gameId, addDays(today, FUTURE_EXAMPLE_DAYS), false],
            [gameId, lastOf('04-01'), false],
            [gameId, lastOf('12-01'), false],
          ];
    await ctx.property(
      [playersGameId(ctx), spanEnd(today), fc.boolean()],
      async (id, to, toDefaulted) => {
        const path = `/games/${id}/players`;
        const tooLong = await ctx.client.get(path, {
          query: [
            ['granularity', 'raw'],
            ['from', addDays(to, -90)],
            ...(toDefaulted && to === today ? [] : [['to', to] as [string, string]]),
          ],
        });
        expectErrorEnvelope(tooLong, 422, ['invalid_date_range']);
        const longest = await ctx.client.get(path, {
          query: [
            ['granularity', 'raw'],
            ['from', addDays(to, -89)],
            ['to', to],
          ],
        });
        expectLongestSpan(longest, to, today, `GET ${path} raw over 90 days (to − from = 89)`);
      },
      { numRuns: Math.min(ctx.runs, RAW_SPAN_RUNS), examples },
    );
  },
});

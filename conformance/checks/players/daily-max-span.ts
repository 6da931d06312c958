import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { expectLongestSpan, FUTURE_EXAMPLE_DAYS, spanEnd } from './arbitraries/span-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

export const dailyMaxSpan = defineCheck({
  id: 'PLAYERS-DAILY-MAX-SPAN',
  area: 'players',
  source: '§4 players rules ("a daily range spans at most 365 days"); §8 limits, daily player-history range',
  level: 'must',
  title: 'A daily range of 365 days is accepted and one of 366 days refused with invalid_date_range',
  covers: ['S4.PLAYERS.MAX', 'S8.DAILY365', 'S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D25', 'D26'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // First (the one case a 200-request run judges) the last whole leap year: 1 January to 31
    // December is 366 days, a "year" to a server that counts the span in calendar years or
    // allows 366 days when the range holds 29 February; then the same with 29 February last;
    // then a range ending a month ahead (D26: a future `to` has no samples, and the span is still
    // the range asked — a server that counts it only up to today accepts the 366 days). The
    // generated ends lie in the future half the time, tomorrow to more than a year ahead.
    const year = Number(today.slice(0, 4)) - 1;
    const leapYear = [year, year - 1, year - 2, year - 3].find(
      (y) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0),
    );
    const gameId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const examples: Array<[number, string]> =
      leapYear === undefined || gameId === undefined
        ? []
        : [
            [gameId, `${leapYear}-12-31`],
            [gameId, `${leapYear}-02-29`],
            [gameId, addDays(today, FUTURE_EXAMPLE_DAYS)],
          ];
    await ctx.property(
      [playersGameId(ctx), spanEnd(today)],
      async (id, to) => {
        const path = `/games/${id}/players`;
        const longest = await ctx.client.get(path, {
          query: [
            ['granularity', 'daily'],
            ['from', addDays(to, -364)],
            ['to', to],
          ],
        });
        expectLongestSpan(longest, to, today, `GET ${path} over 365 days (to − from = 364)`);
        const tooLong = await ctx.client.get(path, {
          query: [
            ['granularity', 'daily'],
            ['from', addDays(to, -365)],
            ['to', to],
          ],
        });
        // Refused whatever the end: 366 days however a server reads a future `to` (D25, D26).
        expectErrorEnvelope(tooLong, 422, ['invalid_date_range']);
      },
      { examples },
    );
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

export const dailyMaxSpan = defineCheck({
  id: 'PLAYERS-DAILY-MAX-SPAN',
  area: 'players',
  source: '§4 players rules ("a daily range spans at most 365 days"); §8 limits, daily player-history range',
  level: 'must',
  title: 'A daily range of 365 days is accepted and one of 366 days refused with invalid_date_range',
  covers: ['S4.PLAYERS.MAX', 'S8.DAILY365', 'S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D25'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // First (the one case a 200-request run judges) the last whole leap year: 1 January to 31
    // December is 366 days, a "year" to a server that counts the span in calendar years or
    // allows 366 days when the range holds 29 February; then the same with 29 February last.
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
          ];
    await ctx.property(
      [playersGameId(ctx), rangeEnd(today)],
      async (id, to) => {
        const path = `/games/${id}/players`;
        const longest = await ctx.client.get(path, {
          query: [
            ['granularity', 'daily'],
            ['from', addDays(to, -364)],
            ['to', to],
          ],
        });
        expectStatus(longest, 200, `GET ${path} over 365 days (to − from = 364)`);
        const tooLong = await ctx.client.get(path, {
          query: [
            ['granularity', 'daily'],
            ['from', addDays(to, -365)],
            ['to', to],
          ],
        });
        expectErrorEnvelope(tooLong, 422, ['invalid_date_range']);
      },
      { examples },
    );
  },
});

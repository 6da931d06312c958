import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { impossibleDate } from '../harness/arbitraries/impossible-date.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

/** `YYYY-02-30` of the latest February that lies before `today` (YYYY-MM-DD). */
function latestFebruary30(today: string): string {
  const year = Number(today.slice(0, 4));
  return `${today.slice(5) >= '03-02' ? year : year - 1}-02-30`;
}

export const impossibleDates = defineCheck({
  id: 'PLAYERS-IMPOSSIBLE-DATES',
  area: 'players',
  source:
    '§4 players parameters, from/to ("date YYYY-MM-DD"); rules ("an invalid … date … returns 422 invalid_date_range")',
  level: 'must',
  title: 'A from or to that is not a calendar date YYYY-MM-DD is refused with invalid_date_range',
  covers: ['S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D26'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const valid = addDays(today, -10);
    await ctx.property(
      [playersGameId(ctx), impossibleDate(), fc.constantFrom('from', 'to', 'both')],
      async (id, bad, where) => {
        const query: QueryPairs = [
          ['from', where === 'to' ? valid : bad],
          ['to', where === 'from' ? today : bad],
        ];
        const response = await ctx.client.get(`/games/${id}/players`, { query });
        expectErrorEnvelope(response, 422, ['invalid_date_range']);
      },
      {
        // February 30th of the latest past February: a lenient parser rolls it over to
        // March 2nd, inside the allowed span, and would answer 200. Always run first.
        examples: [
          [
            ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id ?? 1,
            latestFebruary30(today),
            'from',
          ],
        ],
      },
    );
  },
});

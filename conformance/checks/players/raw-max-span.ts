import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
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
  decisions: ['D25'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property(
      [playersGameId(ctx), rangeEnd(today)],
      async (id, to) => {
        const path = `/games/${id}/players`;
        const tooLong = await ctx.client.get(path, {
          query: [
            ['granularity', 'raw'],
            ['from', addDays(to, -90)],
            ['to', to],
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
        expectStatus(longest, 200, `GET ${path} raw over 90 days (to − from = 89)`);
      },
      { numRuns: Math.min(ctx.runs, RAW_SPAN_RUNS) },
    );
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

export const fromAfterTo = defineCheck({
  id: 'PLAYERS-FROM-AFTER-TO',
  area: 'players',
  source: '§4 players rules ("an invalid … date ordering … returns 422 invalid_date_range")',
  level: 'must',
  title: 'from after to is refused with invalid_date_range',
  covers: ['S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D26'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const gap = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 400 }));
    await ctx.property(
      [playersGameId(ctx), rangeEnd(today), gap, fc.constantFrom('daily', 'raw')],
      async (id, to, days, granularity) => {
        const response = await ctx.client.get(`/games/${id}/players`, {
          query: [
            ['granularity', granularity],
            ['from', addDays(to, days)],
            ['to', to],
          ],
        });
        expectErrorEnvelope(response, 422, ['invalid_date_range']);
      },
    );
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { dateRange } from '../harness/arbitraries/date-range.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { utcDateOf } from '../../src/core/dates.ts';

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
    await ctx.property([playersGameId(ctx), range, fc.boolean()], async (id, { from, to }, explicit) => {
      const query: Array<[string, string]> = [
        ['from', from],
        ['to', to],
      ];
      if (explicit) query.unshift(['granularity', 'daily']);
      const { response, body } = await fetchPlayers(ctx, id, query);
      const seen = new Set<string>();
      for (const sample of body.data) {
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
    });
  },
});

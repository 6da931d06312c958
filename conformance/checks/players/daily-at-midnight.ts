import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { dateRange } from '../harness/arbitraries/date-range.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { utcDateOf } from '../../src/core/dates.ts';

/**
 * D24: the hour of a daily stamp is open. What is stated is asserted at must level whatever
 * the hour: one sample per UTC day (PLAYERS-DAILY-ONE-PER-DAY), within from..to
 * (PLAYERS-SAMPLES-IN-RANGE), the rounded mean of the raw samples of the UTC day its
 * `recorded_at` falls on (PLAYERS-DAILY-IS-ROUNDED-MEAN), UTC shape (PROTOCOL-TIMESTAMP-FORMAT).
 * A server stamping its days otherwise (the day's last sample, noon) states it in its profile
 * (`playerHistory.dailyStamp: any`), and this check has nothing left to judge.
 */
export const dailyAtMidnight = defineCheck({
  id: 'PLAYERS-DAILY-AT-MIDNIGHT',
  area: 'players',
  source: '§4 players parameters, granularity (daily)',
  level: 'profile',
  title: 'A daily sample is stamped at 00:00:00Z of its day',
  covers: ['S4.PLAYERS.GRANULARITY'],
  decisions: ['D24'],
  async run(ctx) {
    if (ctx.profile.playerHistory.dailyStamp === 'any')
      ctx.skip('the profile stamps a daily sample at any instant of its day (playerHistory.dailyStamp: any)');
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), dateRange({ today, maxDays: 120 })], async (id, { from, to }) => {
      const { response, body } = await fetchPlayers(ctx, id, [
        ['granularity', 'daily'],
        ['from', from],
        ['to', to],
      ]);
      for (const sample of body.data) {
        expectThat(
          response,
          sample.recorded_at.endsWith('T00:00:00Z'),
          'A daily sample is not stamped at midnight UTC',
          'recorded_at YYYY-MM-DDT00:00:00Z',
          `recorded_at ${sample.recorded_at}`,
        );
      }
    });
  },
});

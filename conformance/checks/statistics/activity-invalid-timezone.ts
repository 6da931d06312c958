import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { invalidTimezone } from './arbitraries/invalid-timezone.ts';
import { activityQuery } from './support/activity-query.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { activityPatternPath } from './support/statistics-path.ts';

export const activityInvalidTimezone = defineCheck({
  id: 'STATISTICS-ACTIVITY-INVALID-TIMEZONE',
  area: 'statistics',
  source: '§4 statistics endpoints, rules 2–3 ("an IANA timezone"; invalid → 422 invalid_statistics_query)',
  level: 'profile',
  title: 'A name that is no IANA time zone is refused with invalid_statistics_query',
  covers: ['S4.STATS.2', 'S4.STATS.3-422', 'S7.CODE.invalid_statistics_query'],
  decisions: ['D12', 'D53'],
  async run(ctx) {
    const id = await findReadyGame(ctx);
    await ctx.property([invalidTimezone()], async (zone) => {
      const response = await ctx.client.get(activityPatternPath(id), {
        query: activityQuery(ctx, { timezone: zone }),
      });
      expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
    });
  },
});

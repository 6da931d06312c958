import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { OFFSET_ZONES, invalidTimezone } from './arbitraries/invalid-timezone.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { namedActivityQuery, requireNames } from './support/probe-names.ts';
import { activityPatternPath } from './support/statistics-path.ts';

/**
 * "An IANA timezone" (§4 rule 2), an invalid one refused (rule 3, §7 "… or timezone invalid"),
 * sent under the zone parameter the probe found by a valid zone shifting the cells (so a
 * server that accepts anything is still asked under its own name). Only obviously invalid
 * names are sent (D53: aliases are tolerated either way), UTC offsets among them: `+09:00` is no
 * IANA zone, though a zone parser of a date library may take it.
 */
export const activityInvalidTimezone = defineCheck({
  id: 'STATISTICS-ACTIVITY-INVALID-TIMEZONE',
  area: 'statistics',
  source: '§4 statistics endpoints, rules 2–3 ("an IANA timezone"; invalid → 422 invalid_statistics_query)',
  level: 'must',
  title: 'A name that is no IANA time zone is refused with invalid_statistics_query',
  covers: ['S4.STATS.2', 'S4.STATS.3-422', 'S7.CODE.invalid_statistics_query'],
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam']);
    const id = names.readyGameId ?? (await findReadyGame(ctx));
    await ctx.property(
      [invalidTimezone()],
      async (zone) => {
        const response = await ctx.client.get(activityPatternPath(id), {
          query: namedActivityQuery(names, { timezone: zone }),
        });
        expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      },
      { examples: [['Mars/Olympus'], ...OFFSET_ZONES.map((zone): [string] => [zone])] },
    );
  },
});

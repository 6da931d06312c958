import { defineCheck } from '../../src/core/check.ts';
import { addDays } from '../../src/core/dates.ts';
import { expectThat } from '../../src/core/expect.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';
import type { Resolution } from './support/statistics-vocabulary.ts';
import type { ExplicitStatisticsRequest } from './arbitraries/statistics-request.ts';

const DAY = 86_400;

/**
 * The shortest bucket each resolution can have under any reading the description leaves open
 * (D7: keyed by its start or its end; D11: calendar weeks or any 7 days, calendar months or
 * 30 days): an hour, a day, a week, the shortest month.
 */
const SHORTEST_BUCKET: Record<Exclude<Resolution, 'raw'>, number> = {
  hourly: 3_600,
  daily: DAY,
  weekly: 7 * DAY,
  monthly: 28 * DAY,
};

/**
 * The first cases: each resolution once, coarsest first — a quarter (within the 90 days no server
 * keeps in preparation, D15) monthly, weekly and daily, a week hourly (168 points).
 */
const FIRST_CASES: ReadonlyArray<[Exclude<Resolution, 'raw'>, number]> = [
  ['monthly', 90],
  ['weekly', 90],
  ['daily', 90],
  ['hourly', 7],
];

/**
 * §4 statistics rule 1 names the resolutions `hourly`, `daily`, `weekly`, `monthly`: a point of
 * one is a bucket of that length. However a server keys and clips its buckets (D7, D11), a range
 * of N days holds at most ⌈N days ÷ the resolution's shortest bucket⌉ + 1 of them (a clipped
 * first and a partial last), so no answer has more points: monthly points a week apart (a
 * `switch` falling through to weekly), weekly points a day apart, daily points an hour apart
 * fail. Raw is bounded by its own check (D8). The exact count, which depends on the keys, is
 * STATISTICS-POINT-COUNT's (profile). First case: the last 90 days of discovery's game with
 * players, monthly (at most 5 points); then weekly, daily, and a week hourly — one member of the
 * list handled as another shows in its own case.
 */
export const bucketsFitResolution = defineCheck({
  id: 'STATISTICS-BUCKETS-FIT-RESOLUTION',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 (resolutions "hourly", "daily", "weekly", "monthly")',
  level: 'must',
  title: 'No resolution holds more points than buckets of its length fit in the range',
  covers: ['S4.STATS.1'],
  decisions: ['D7', 'D11'],
  async run(ctx) {
    const id = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    await probedStatisticsProperty(
      ctx,
      (response, request, points) => {
        if (request.resolution === 'raw') return;
        const most = Math.ceil((request.days * DAY) / SHORTEST_BUCKET[request.resolution]) + 1;
        expectThat(
          response,
          points.length <= most,
          `More ${request.resolution} points than ${request.resolution} buckets fit in ${request.from}..${request.to}`,
          `at most ${most} points (${request.days} days in buckets of at least ${SHORTEST_BUCKET[request.resolution] / 3_600} hours, a clipped first and a partial last)`,
          `${points.length} points`,
        );
      },
      (today) =>
        id === undefined
          ? []
          : FIRST_CASES.map(([resolution, days]): [number, ExplicitStatisticsRequest] => [
              id,
              { metric: 'players', resolution, from: addDays(today, -(days - 1)), to: today, days },
            ]),
    );
  },
});

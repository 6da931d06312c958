import fc from 'fast-check';
import { addDays } from '../../../src/core/dates.ts';
import type { StatisticsRequest } from '../support/statistics-query.ts';
import { METRICS, type Resolution } from '../support/statistics-vocabulary.ts';

export interface ExplicitStatisticsRequest extends Required<StatisticsRequest> {
  resolution: Resolution;
  /** Days covered, both ends counted. */
  days: number;
}

/**
 * Longest span generated per resolution, staying under the 1,000-point cap (hourly:
 * 41 days) and the 24-hour raw span (one UTC day, D8); the cap itself has its own check.
 */
const MAX_DAYS: Record<Resolution, number> = { raw: 1, hourly: 41, daily: 365, weekly: 730, monthly: 1000 };

/** Valid statistics queries: a listed metric, a listed resolution, a range that fits it, ending by today. */
export function statisticsRequest(today: string): fc.Arbitrary<ExplicitStatisticsRequest> {
  return fc
    .tuple(
      fc.constantFrom(...METRICS),
      fc.constantFrom(...(Object.keys(MAX_DAYS) as Resolution[])),
      fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
    )
    .chain(([metric, resolution, daysAgo]) =>
      fc
        .oneof(
          fc.constant(1),
          fc.constant(MAX_DAYS[resolution]),
          fc.integer({ min: 1, max: MAX_DAYS[resolution] }),
        )
        .map((days) => {
          const to = addDays(today, -daysAgo);
          return { metric, resolution, from: addDays(to, -(days - 1)), to, days };
        }),
    );
}

import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope, expectStatus, expectThat } from '../../src/core/expect.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import type { Resolution } from './support/statistics-vocabulary.ts';

/** A range as long as a documented limit allows at one resolution, and what makes it the edge. */
interface Edge {
  resolution: Resolution;
  /** Days of the range ending today, both ends counted. */
  days: number;
  what: string;
}

/**
 * The longest whole-day ranges the limits allow: daily over 1,000 days is 1,000 buckets (999
 * where a server reads `to` as exclusive), the cap itself; hourly over 41 days is 984 buckets
 * (42 days would be 1,008); raw over one UTC day (from = to) is 24 hours, "up to 24 hours"
 * itself (D8: a day is the only raw range dates can name).
 */
const EDGES: readonly Edge[] = [
  {
    resolution: 'daily',
    days: 1000,
    what: 'daily over the 1,000 days ending today (1,000 buckets, the cap itself)',
  },
  {
    resolution: 'hourly',
    days: 41,
    what: 'hourly over the 41 days ending today (984 buckets, under the cap)',
  },
  { resolution: 'raw', days: 1, what: 'raw over one UTC day, from = to (24 hours, "up to 24 hours" itself)' },
];

/**
 * "At most 1,000 points" and "raw (up to 24 hours)" (§4 rule 1, §8) at their edges: a range as
 * long as a limit allows is answered — a cap checked as `points >= 1000`, hourly buckets counted
 * with a day too many, or a raw span checked as shorter than 24 hours refuses one of them.
 * STATISTICS-POINT-CAP and STATISTICS-RAW-SPAN judge the ranges past the edges; a not-ready
 * answer (503) is another check's to judge.
 */
export const pointCapEdge = defineCheck({
  id: 'STATISTICS-POINT-CAP-EDGE',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 ("raw (up to 24 hours)", "at most 1,000 points"); §8 limits, statistics points and raw span',
  level: 'must',
  title:
    'Ranges at the limits are answered, not refused: 1,000 daily buckets, hourly over 41 days, raw over one day',
  covers: ['S8.STATS1000', 'S8.STATSRAW24'],
  decisions: ['D8'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam']);
    const judgeEdge = async (id: number, edge: Edge): Promise<void> => {
      const today = utcDateOf(ctx.discovery.serverNow());
      const query = namedStatisticsQuery(names, {
        metric: 'players',
        resolution: edge.resolution,
        from: addDays(today, -(edge.days - 1)),
        to: today,
      });
      const response = await ctx.client.get(statisticsPath(id), { query });
      if (response.status === 503) {
        expectErrorEnvelope(response, 503, NOT_READY_CODES);
        return;
      }
      expectStatus(response, 200, edge.what);
      const points = longestObjectArray(response.body)?.length ?? 0;
      expectThat(
        response,
        points <= 1000,
        `${edge.resolution} over ${edge.days} days returned more than 1,000 points`,
        'at most 1,000 points',
        `${points} points`,
      );
    };
    // The three edges one request each (the minimal pass asks the first: the cap itself), on
    // discovery's game with players; then other games at every edge.
    const first = ctx.discovery.gameWithPlayersId;
    if (first !== undefined) await ctx.sweep(EDGES, (edge) => judgeEdge(first, edge));
    await ctx.property(
      [playersGameId(ctx)],
      async (id) => {
        for (const edge of EDGES) await judgeEdge(id, edge);
      },
      { numRuns: Math.min(ctx.runs, 3) },
    );
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope, expectStatus, expectThat } from '../../src/core/expect.ts';
import { addDays, DAY_MS, HOUR_MS, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { precisionSlack } from './support/average-precision.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { METRICS, type Resolution } from './support/statistics-vocabulary.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** A range as long as a documented limit allows at one resolution, and what makes it the edge. */
interface Edge {
  resolution: Resolution;
  /** Days of the range ending today, both ends counted. */
  days: number;
  what: string;
  /** Days at its end asked alone, whose points the edge's answer must hold alike (undefined: none). */
  tail?: { days: number; seconds: number };
  /** Whether the edge asks a metric other than players (the seed chooses which). */
  otherMetric?: true;
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
    tail: { days: 7, seconds: DAY_MS / 1000 },
  },
  {
    resolution: 'hourly',
    days: 41,
    what: 'hourly over the 41 days ending today (984 buckets, under the cap)',
    tail: { days: 2, seconds: HOUR_MS / 1000 },
    otherMetric: true,
  },
  { resolution: 'raw', days: 1, what: 'raw over one UTC day, from = to (24 hours, "up to 24 hours" itself)' },
];

/**
 * "At most 1,000 points" and "raw (up to 24 hours)" (§4 rule 1, §8) at their edges: a range as
 * long as a limit allows is answered — a cap checked as `points >= 1000`, hourly buckets counted
 * with a day too many, or a raw span checked as shorter than 24 hours refuses one of them.
 * STATISTICS-POINT-CAP and STATISTICS-RAW-SPAN judge the ranges past the edges; a not-ready
 * answer (503) is another check's to judge. And the answer at the edge is the answer of its parts:
 * the daily edge holds the points of its last week asked alone, the hourly edge (of a metric other
 * than players, the seed choosing which) those of its last two days — where the points' date
 * field is known.
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
    const others = METRICS.filter((metric) => metric !== 'players');
    const otherMetric = others[ctx.seed % others.length]!;
    const judgeEdge = async (id: number, edge: Edge): Promise<void> => {
      const asked = ctx.discovery.serverNow();
      const today = utcDateOf(asked);
      const metric = edge.otherMetric ? otherMetric : 'players';
      const query = namedStatisticsQuery(names, {
        metric,
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
      // Beyond the edge's one request, only from what other checks' verdicts leave (a run at the
      // edge of its budget keeps the request for them).
      if (edge.tail === undefined || names.pointDate === undefined || ctx.spareBudget() < 1) return;
      // The range's last days asked alone: the edge's answer holds their points alike. An answer
      // read in store pages or chunks (a page limit under the cap, a loop guard, a continuation
      // query that forgets the metric) goes wrong only far into it, at the end.
      const tail = await ctx.client.get(statisticsPath(id), {
        query: namedStatisticsQuery(names, {
          metric,
          resolution: edge.resolution,
          from: addDays(today, -(edge.tail.days - 1)),
          to: today,
        }),
      });
      if (tail.status !== 200) return;
      judgeTail(response, tail, names.pointDate, edge.tail.seconds, asked / 1000, {
        what: `${edge.resolution} ${metric} of game ${id}`,
        days: edge.days,
        tailDays: edge.tail.days,
      });
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

/**
 * The points of a range's last days, asked alone (`tail`), against the whole range's answer
 * (`whole`, asked first, at `askedSeconds`): each point of a bucket that had begun when the whole
 * was asked is in it (under either keying of D7: its date is no later than then), and one whose
 * bucket had ended an hour before (no sample still to arrive, its date plus a bucket and an hour
 * no later than then, either keying) is in it alike: every field equal, numbers within the
 * precision the answers show for that field (D7 names none; a field of integers only, exactly).
 * And between the tail's first and last dates (no later than then) the whole holds as many
 * points as the tail.
 */
function judgeTail(
  whole: ApiResponse,
  tail: ApiResponse,
  dateField: string,
  bucketSeconds: number,
  askedSeconds: number,
  about: { what: string; days: number; tailDays: number },
): void {
  const tailPoints = longestObjectArray(tail.body)?.items ?? [];
  const wholePoints = longestObjectArray(whole.body)?.items ?? [];
  const byDate = new Map(wholePoints.map((point) => [point[dateField], point] as const));
  const alike = alikeWithin([...wholePoints, ...tailPoints]);
  for (const point of tailPoints) {
    const date = point[dateField];
    if (typeof date !== 'number' || date > askedSeconds) continue;
    const held = byDate.get(date);
    const ended = date + bucketSeconds + HOUR_MS / 1000 <= askedSeconds;
    const same = held !== undefined && (!ended || alike(held, point));
    expectThat(
      whole,
      same,
      `The ${about.what} over ${about.days} days ${held === undefined ? 'leave out' : 'disagree with'} a point of its last ${about.tailDays} days asked alone`,
      `the point ${JSON.stringify(point)} (the last ${about.tailDays} days' answer${ended ? '' : ', a bucket still filling: its date only'})`,
      held === undefined ? `no point dated ${date}` : JSON.stringify(held),
    );
  }
  // And no more points than the tail over the tail's buckets that had begun: a point repeated or
  // added at the end of a long answer shows there.
  const dates = tailPoints.map((point) => point[dateField]).filter((date) => typeof date === 'number');
  if (dates.length === 0) return;
  const [first, last] = [Math.min(...dates), Math.min(Math.max(...dates), askedSeconds)];
  const within = (points: typeof wholePoints) =>
    points.filter((point) => {
      const date = point[dateField];
      return typeof date === 'number' && date >= first && date <= last;
    }).length;
  const [inWhole, inTail] = [within(wholePoints), within(tailPoints)];
  expectThat(
    whole,
    inWhole === inTail,
    `The ${about.what} over ${about.days} days hold ${inWhole} points where its last ${about.tailDays} days asked alone hold ${inTail}`,
    `${inTail} points dated from ${first} to ${last} (the last ${about.tailDays} days' answer)`,
    `${inWhole} points dated from ${first} to ${last}`,
  );
}

/** Whether two points are alike: the same fields, equal, numbers within the precision `points` show for each. */
function alikeWithin(
  points: ReadonlyArray<Record<string, unknown>>,
): (a: Record<string, unknown>, b: Record<string, unknown>) => boolean {
  const slack = new Map<string, number>();
  const slackOf = (field: string): number => {
    let known = slack.get(field);
    if (known === undefined) {
      const values = points.map((point) => point[field]);
      known = values.every((value) => typeof value !== 'number' || Number.isInteger(value))
        ? 0
        : precisionSlack(values.map((average) => ({ average })));
      slack.set(field, known);
    }
    return known;
  };
  return (a, b) => {
    const fields = Object.keys(a);
    if (fields.length !== Object.keys(b).length) return false;
    return fields.every((field) => {
      const [x, y] = [a[field], b[field]];
      if (typeof x === 'number' && typeof y === 'number') return Math.abs(x - y) <= slackOf(field) + 1e-9;
      return JSON.stringify(x) === JSON.stringify(y);
    });
  };
}

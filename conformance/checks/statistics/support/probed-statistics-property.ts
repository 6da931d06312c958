import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { addDays, DAY_MS, HOUR_MS, utcDateOf } from '../../../src/core/dates.ts';
import { lastReachMs } from '../../harness/last-reach.ts';
import { lettersOf, METRICS } from '../../../src/core/statistics-metrics.ts';
import { playersGameId } from '../../harness/arbitraries/players-game-id.ts';
import { statisticsRequest, type ExplicitStatisticsRequest } from '../arbitraries/statistics-request.ts';
import { fetchStatistics } from './fetch-statistics.ts';
import { pointsOf, type NamedPoint, type PointFields } from './point-fields.ts';
import { namedStatisticsQuery, requireNames } from './probe-names.ts';
import { statisticsPath } from './statistics-path.ts';
import { observedGets } from '../../harness/observed-gets.ts';
import { observedStatisticsRequest } from './observed-statistics-request.ts';

/**
 * The `must` twin of readyStatisticsProperty: valid statistics queries sent under the probed
 * parameter names, their points read under the probed field names (probe-names.ts); skips,
 * naming the profile keys, when the probe could not tell them. A 503 with a not-ready code
 * has nothing to judge (D15). Then every 200 statistics answer of the run whose URL states its
 * whole request (observed-statistics-request.ts) is judged by the same `assert`.
 */
export async function probedStatisticsProperty(
  ctx: CheckContext,
  assert: (
    response: ApiResponse,
    request: ExplicitStatisticsRequest,
    points: NamedPoint[],
    fields: PointFields,
  ) => void,
  /**
   * The first cases, when the check judges something other points than an unreported metric's
   * (whose points hold no observation): requests of today's date (none: the unreported metric's).
   */
  firstCases?: (today: string) => Array<[number, ExplicitStatisticsRequest]>,
): Promise<void> {
  const names = await requireNames(ctx, ['metricParam', 'resolutionParam', 'pointFields']);
  const today = utcDateOf(ctx.discovery.serverNow());
  const own = firstCases?.(today) ?? [];
  const examples = own.length > 0 ? own : await unreportedMetricExamples(ctx, today);
  await ctx.property(
    [playersGameId(ctx), statisticsRequest(today)],
    async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        statisticsPath(id),
        namedStatisticsQuery(names, request),
      );
      if (ready) assert(response, request, pointsOf(response.body, names.pointFields), names.pointFields);
    },
    { examples },
  );
  // And every statistics answer the run receives, to its end, whose URL states its whole request
  // (the cap's edges, the resolutions compared, the raw days of other checks): a property of every
  // point holds in each, sending nothing.
  ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/statistics$/), (response) => {
    const request = observedStatisticsRequest(names, response);
    if (request === undefined) return false;
    assert(response, request, pointsOf(response.body, names.pointFields), names.pointFields);
    return true;
  });
}

/**
 * The first case: the last two weeks, weekly, of a metric the MSSP snapshot of discovery's game with
 * one does not report as a number (a game that does not report `objects`, say) — where points
 * hold crawls but no observation, and a count of crawls instead of observations, or a 0 for a
 * missing value, shows. A heuristic for the choice only (§4 does not tie the statistics to the
 * snapshot): nothing is judged on it. The second case the players of that week (numbers), the
 * third the hours of a game's last reach (a point of one observation), the last yesterday's raw
 * players (single observations).
 * One GET of the snapshot, which discovery's was (the run's cache may answer it); no example
 * when there is no such game.
 */
async function unreportedMetricExamples(
  ctx: CheckContext,
  today: string,
): Promise<Array<[number, ExplicitStatisticsRequest]>> {
  const id = ctx.discovery.gameWithMsspId;
  if (id === undefined) return [];
  const response = await ctx.client.get(`/games/${id}/mssp`);
  const values = (response.body as { data?: { values?: unknown } } | undefined)?.data?.values;
  if (response.status !== 200 || typeof values !== 'object' || values === null) return [];
  const reported = new Set(
    Object.entries(values)
      .filter(([, value]) => typeof value === 'number')
      .map(([key]) => lettersOf(key)),
  );
  const metric = METRICS.find((candidate) => !reported.has(candidate));
  const lastWeek = { resolution: 'daily', from: addDays(today, -6), to: today, days: 7 } as const;
  // The first case asks the last two weeks by week: a calendar bucket's key (an epoch second, as a
  // day's) is judged in the first case too, not only when a generated case draws a week or a month.
  const lastTwoWeeks = { resolution: 'weekly', from: addDays(today, -13), to: today, days: 14 } as const;
  // Then the players of the same week, whose points hold observations: what a number-typed
  // field written as text, or an aggregate of the wrong kind, shows on (the first case's are null).
  const players: [number, ExplicitStatisticsRequest] = [id, { metric: 'players', ...lastWeek }];
  // Then yesterday's raw players: points that are single observations (D74).
  const yesterday = addDays(today, -1);
  const raw: [number, ExplicitStatisticsRequest] = [
    id,
    { metric: 'players', resolution: 'raw', from: yesterday, to: yesterday, days: 1 },
  ];
  const edge = lastReachHourExample(ctx);
  const cases = [players, ...(edge === undefined ? [] : [edge]), raw];
  return metric === undefined ? cases : [[id, { metric, ...lastTwoWeeks }], ...cases];
}

/**
 * The hours of the day a game was last reached, for a game not reached since (more than a day
 * ago, within 30 days), reached last at the start of an hour: that hour's point holds the fewest
 * observations a point with any can hold (on a crawl every 30 minutes, one), where an aggregate
 * that folds its extremes from the second observation on, or a count taken for crawls, shows.
 * A choice only: nothing is judged on the timing. Of such games, the earliest minute in its hour
 * first, then the most players (a value of 0 is no different from a missing one to some
 * mistakes). Undefined when discovery saw none.
 */
function lastReachHourExample(ctx: CheckContext): [number, ExplicitStatisticsRequest] | undefined {
  const now = ctx.discovery.serverNow();
  let best: { id: number; at: number; intoHour: number; players: number } | undefined;
  for (const game of ctx.discovery.games) {
    if (game.status.web_only !== false) continue;
    const at = lastReachMs(game);
    if (!(at < now - DAY_MS && at >= now - 30 * DAY_MS)) continue;
    const candidate = { id: game.id, at, intoHour: at % HOUR_MS, players: game.status.latest_players ?? 0 };
    const better =
      best === undefined ||
      candidate.intoHour < best.intoHour ||
      (candidate.intoHour === best.intoHour && candidate.players > best.players);
    if (better) best = candidate;
  }
  if (best === undefined) return undefined;
  const day = utcDateOf(best.at);
  return [best.id, { metric: 'players', resolution: 'hourly', from: day, to: day, days: 1 }];
}

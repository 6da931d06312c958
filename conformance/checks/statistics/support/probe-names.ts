import type { CheckContext } from '../../../src/core/check.ts';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';
import { DEFAULT_PROFILE } from '../../../src/core/profile.ts';
import { identifyCellFields, type CellFields } from './cell-fields.ts';
import { longestObjectArray } from './object-arrays.ts';
import { identifyDateField, identifyPointFields, type PointFields } from './point-fields.ts';
import { activityPatternPath, statisticsPath } from './statistics-path.ts';

/**
 * The names §4 leaves open (D6, D7, D12), found from the deployment itself so that the
 * explicit statistics rules can be `must` without a profile. A name the user states in the
 * profile (a value other than the default) is taken as stated; otherwise the probe looks:
 *
 * - a selector parameter is the candidate name under which a valid value changes the answer's
 *   points or cells (a name a server ignores leaves them as the default query's): `rooms`
 *   (then `players`) for the metric, `hourly` (then `weekly`) for the resolution over the
 *   default range, `Asia/Tokyo` (then `America/New_York`) for the zone — a change, not a
 *   refusal, so a server that wrongly accepts bad values is still probed right;
 * - the fields are read from the default answers (point-fields.ts, cell-fields.ts).
 *
 * One probe per run (cached by discovery), on one game whose statistics answer 200. Against a
 * server using the profile's names it costs the two default answers (shared with the checks
 * through the run's cache) and three requests. What it cannot tell stays undefined, and the
 * checks that need it skip naming the profile key that would state it.
 */
export interface StatisticsNames {
  /** The game probed: its default statistics answered 200. */
  readyGameId?: number;
  metricParam?: string;
  resolutionParam?: string;
  timezoneParam?: string;
  pointFields?: PointFields;
  /** The points' date field, known even when the other fields are not. */
  pointDate?: string;
  cellFields?: CellFields;
  /** Why something is undefined, for skip reasons. */
  notes: string[];
  /** No game answered 200, and some refusal may pass (429, a 5xx other than 503): probe again. */
  transientMiss?: boolean;
}

/** The profile keys that state each name, for skip reasons. */
export const PROFILE_KEY = {
  metricParam: 'statistics.metricParam',
  resolutionParam: 'statistics.resolutionParam',
  timezoneParam: 'activityPattern.timezoneParam',
  pointFields: 'statistics.fields',
  pointDate: 'statistics.fields.date',
  cellFields: 'activityPattern.fields',
} as const;

const METRIC_NAMES = ['metric', 'metrics', 'type', 'field', 'stat', 'statistic', 'series', 'measure', 'kind'];
const RESOLUTION_NAMES = ['resolution', 'granularity', 'interval', 'bucket', 'period', 'step', 'group_by'];
const TIMEZONE_NAMES = ['timezone', 'tz', 'time_zone', 'zone', 'timeZone', 'tzid'];

/** Games tried for a 200 default statistics answer. */
const MAX_GAMES = 6;

const probes = new WeakMap<Discovery, Promise<StatisticsNames>>();
/** Probes of this run that found no game to probe on because of refusals that may pass (429, 5xx). */
const transientMisses = new WeakMap<Discovery, number>();
/** Probes a run tries at most when every game met a refusal that may pass. */
const MAX_PROBES_PER_RUN = 3;

/** The probed names of this run (probing on first use). */
export function statisticsNames(ctx: CheckContext): Promise<StatisticsNames> {
  let probe = probes.get(ctx.discovery);
  if (probe === undefined) {
    const discovery = ctx.discovery;
    probe = (async () => {
      const names = await probeNames(ctx);
      // A probe that found no game only because the server refused for a while (a 429 after
      // its retry, a 5xx) is not kept: a passing refusal must not skip every statistics check.
      if (names.transientMiss) {
        const misses = (transientMisses.get(discovery) ?? 0) + 1;
        transientMisses.set(discovery, misses);
        if (misses < MAX_PROBES_PER_RUN) probes.delete(discovery);
      }
      return names;
    })();
    // A probe cut short (budget, network) is not kept either: the next check tries again.
    probe.catch(() => probes.delete(discovery));
    probes.set(discovery, probe);
  }
  return probe;
}

/** The names a check needs, or a skip naming the profile keys that would state them. */
export async function requireNames<K extends keyof typeof PROFILE_KEY>(
  ctx: CheckContext,
  needed: readonly K[],
): Promise<StatisticsNames & Required<Pick<StatisticsNames, K>>> {
  let names = await statisticsNames(ctx);
  // Probed again at once while the misses were refusals that may pass (at most MAX_PROBES_PER_RUN).
  while (names.transientMiss && (transientMisses.get(ctx.discovery) ?? 0) < MAX_PROBES_PER_RUN)
    names = await statisticsNames(ctx);
  const missing = needed.filter((key) => names[key] === undefined);
  if (missing.length > 0) {
    ctx.skip(
      `the deployment's ${missing.join(', ')} could not be told by probing (${names.notes.join('; ') || 'no signal'}); ` +
        `state ${missing.map((key) => PROFILE_KEY[key]).join(', ')} in a profile`,
    );
  }
  return names as StatisticsNames & Required<Pick<StatisticsNames, K>>;
}

/**
 * The metric and resolution names and point fields a check comparing aggregates needs; skips
 * when the fields were told apart only by min ≤ average ≤ max (which cannot then be judged).
 */
export async function requireAggregateNames(
  ctx: CheckContext,
): Promise<
  StatisticsNames & Required<Pick<StatisticsNames, 'metricParam' | 'resolutionParam' | 'pointFields'>>
> {
  const names = await requireNames(ctx, ['metricParam', 'resolutionParam', 'pointFields']);
  if (names.pointFields.by === 'order') {
    ctx.skip(
      'the point fields were told apart only by min ≤ average ≤ max; state statistics.fields in a profile',
    );
  }
  return names;
}

/** JSON of the answer's points or cells: what a selector changes. */
function itemsOf(response: ApiResponse): string {
  return JSON.stringify(longestObjectArray(response.body)?.items ?? []);
}

/**
 * The name under which a selector is read: the first candidate under which a valid value changes
 * the answer; else the first under which valid values are answered and an invalid one is refused
 * with `invalid_statistics_query` (§4 rule 3) — the deployment reads the parameter though no value
 * tried changed anything (a selector ignored past its validation), and the checks then judge it. A
 * deployment refusing every parameter it does not know answers no valid value under a wrong name.
 */
async function probeParam(
  ctx: CheckContext,
  path: string,
  baseline: ApiResponse,
  stated: string,
  isStated: boolean,
  candidates: readonly string[],
  values: readonly string[],
  invalid: string,
): Promise<string | undefined> {
  if (isStated) return stated;
  const names = [...new Set([stated, ...candidates])];
  const before = itemsOf(baseline);
  const refused = new Set<string>();
  for (const value of values) {
    for (const name of names) {
      const response = await ctx.client.get(path, { query: [[name, value]] });
      if (response.status !== 200) refused.add(name);
      else if (itemsOf(response) !== before) return name;
    }
  }
  for (const name of names.filter((candidate) => !refused.has(candidate))) {
    const response = await ctx.client.get(path, { query: [[name, invalid]] });
    const code = (response.body as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (response.status === 422 && code === 'invalid_statistics_query') {
      ctx.log(
        `${name}: no value tried changed the answer, but ${JSON.stringify(invalid)} under it is refused`,
      );
      return name;
    }
  }
  return undefined;
}

async function probeNames(ctx: CheckContext): Promise<StatisticsNames> {
  const { statistics, activityPattern } = ctx.profile;
  const defaults = DEFAULT_PROFILE;
  const notes: string[] = [];
  const names: StatisticsNames = { notes };
  const statedFields = JSON.stringify(statistics.fields) !== JSON.stringify(defaults.statistics.fields);
  const statedCells =
    JSON.stringify(activityPattern.fields) !== JSON.stringify(defaults.activityPattern.fields);
  if (statedFields) {
    names.pointFields = { ...statistics.fields, by: 'profile' };
    names.pointDate = statistics.fields.date;
  }
  if (statedCells) names.cellFields = { ...activityPattern.fields, by: 'profile' };

  const candidates = [
    ...(ctx.discovery.gameWithPlayersId === undefined ? [] : [ctx.discovery.gameWithPlayersId]),
    ...ctx.discovery.games.map((game) => game.id),
  ];
  let baseline: ApiResponse | undefined;
  const refusals: string[] = [];
  // 503 is a game's statistics not ready (§4): lasting. 429 and the other 5xx may pass.
  let transient = false;
  for (const id of [...new Set(candidates)].slice(0, MAX_GAMES)) {
    const response = await ctx.client.get(statisticsPath(id));
    if (response.status === 200) {
      names.readyGameId = id;
      baseline = response;
      break;
    }
    refusals.push(`game ${id}: ${response.status}`);
    if (response.status === 429 || (response.status >= 500 && response.status !== 503)) transient = true;
  }
  if (baseline === undefined || names.readyGameId === undefined) {
    if (transient) names.transientMiss = true;
    notes.push(
      `none of the first ${MAX_GAMES} games answered its default statistics with 200 (${refusals.join(', ') || 'no game found'})`,
    );
    // Nothing to probe on: the names the profile states (differing from ours) are taken as given.
    const stated: Array<[keyof StatisticsNames & `${string}Param`, string, string]> = [
      ['metricParam', statistics.metricParam, defaults.statistics.metricParam],
      ['resolutionParam', statistics.resolutionParam, defaults.statistics.resolutionParam],
      ['timezoneParam', activityPattern.timezoneParam, defaults.activityPattern.timezoneParam],
    ];
    for (const [key, value, ours] of stated) if (value !== ours) names[key] = value;
    return names;
  }
  const id = names.readyGameId;

  const points = longestObjectArray(baseline.body)?.items ?? [];
  names.pointFields ??= identifyPointFields(points, Math.floor(ctx.discovery.serverNow() / 1000));
  names.pointDate =
    names.pointFields?.date ?? identifyDateField(points, Math.floor(ctx.discovery.serverNow() / 1000));
  if (names.pointFields === undefined) {
    notes.push(
      `the fields of the points (${Object.keys(points[0] ?? {}).join(', ') || 'none'}) could not be told apart`,
    );
  }
  names.metricParam = await probeParam(
    ctx,
    statisticsPath(id),
    baseline,
    statistics.metricParam,
    statistics.metricParam !== defaults.statistics.metricParam,
    METRIC_NAMES,
    ['rooms', 'players'],
    'zz-no-such-metric',
  );
  if (names.metricParam === undefined)
    notes.push(
      `no metric parameter among ${METRIC_NAMES.join(', ')} changed the points or refused an invalid metric`,
    );
  names.resolutionParam = await probeParam(
    ctx,
    statisticsPath(id),
    baseline,
    statistics.resolutionParam,
    statistics.resolutionParam !== defaults.statistics.resolutionParam,
    RESOLUTION_NAMES,
    ['hourly', 'weekly'],
    'zz-no-such-resolution',
  );
  if (names.resolutionParam === undefined)
    notes.push(
      `no resolution parameter among ${RESOLUTION_NAMES.join(', ')} changed the points or refused an invalid resolution`,
    );

  const activity = await ctx.client.get(activityPatternPath(id));
  if (activity.status !== 200) {
    notes.push(`the activity pattern of game ${id} answered ${activity.status}`);
    return names;
  }
  const cells = longestObjectArray(activity.body)?.items ?? [];
  names.cellFields ??= identifyCellFields(cells);
  if (names.cellFields === undefined) {
    notes.push(
      `the fields of the cells (${Object.keys(cells[0] ?? {}).join(', ') || 'none'}) could not be told apart`,
    );
  }
  names.timezoneParam = await probeParam(
    ctx,
    activityPatternPath(id),
    activity,
    activityPattern.timezoneParam,
    activityPattern.timezoneParam !== defaults.activityPattern.timezoneParam,
    TIMEZONE_NAMES,
    ['Asia/Tokyo', 'America/New_York'],
    'Mars/Olympus',
  );
  if (names.timezoneParam === undefined)
    notes.push(
      `no time-zone parameter among ${TIMEZONE_NAMES.join(', ')} changed the cells or refused an invalid zone`,
    );
  ctx.log(
    `statistics names: metric=${names.metricParam}, resolution=${names.resolutionParam}, timezone=${names.timezoneParam}, ` +
      `point fields ${JSON.stringify(names.pointFields)}, cell fields ${JSON.stringify(names.cellFields)}`,
  );
  return names;
}

/** Query pairs of a statistics request under the probed names (call after requireNames). */
export function namedStatisticsQuery(
  names: StatisticsNames,
  request: { metric?: string; resolution?: string; from?: string; to?: string },
): QueryPairs {
  const pairs: QueryPairs = [];
  if (request.metric !== undefined && names.metricParam !== undefined)
    pairs.push([names.metricParam, request.metric]);
  if (request.resolution !== undefined && names.resolutionParam !== undefined)
    pairs.push([names.resolutionParam, request.resolution]);
  if (request.from !== undefined) pairs.push(['from', request.from]);
  if (request.to !== undefined) pairs.push(['to', request.to]);
  return pairs;
}

/** Query pairs of an activity-pattern request under the probed zone name. */
export function namedActivityQuery(
  names: StatisticsNames,
  request: { from?: string; to?: string; timezone?: string },
): QueryPairs {
  const pairs: QueryPairs = [];
  if (request.from !== undefined) pairs.push(['from', request.from]);
  if (request.to !== undefined) pairs.push(['to', request.to]);
  if (request.timezone !== undefined && names.timezoneParam !== undefined)
    pairs.push([names.timezoneParam, request.timezone]);
  return pairs;
}

import { calendarDate, DAY_MS } from '../../../src/core/dates.ts';
import type { ObservedResponse } from '../../../src/core/http-client.ts';
import type { ExplicitStatisticsRequest } from '../arbitraries/statistics-request.ts';
import type { StatisticsNames } from './probe-names.ts';
import { METRICS, RESOLUTIONS, type Resolution } from './statistics-vocabulary.ts';

/**
 * The statistics request another check sent, read back from the URL of its answer, when the
 * URL states all of it in the names the probe found: a listed metric and resolution, `from` and
 * `to` real days in order, each once, and nothing else. Any other query — a default left to the
 * server (which resolution is its default is open), a probe's candidate name, a bad value —
 * is undefined: what its points must be is not known from the URL alone.
 */
export function observedStatisticsRequest(
  names: StatisticsNames,
  response: Pick<ObservedResponse, 'url'>,
): ExplicitStatisticsRequest | undefined {
  const { metricParam, resolutionParam } = names;
  if (metricParam === undefined || resolutionParam === undefined) return undefined;
  const params = new URL(response.url).searchParams;
  const keys = [...params.keys()];
  const expected = [metricParam, resolutionParam, 'from', 'to'];
  if (keys.length !== expected.length || !expected.every((key) => params.getAll(key).length === 1))
    return undefined;
  const metric = params.get(metricParam);
  const resolution = params.get(resolutionParam);
  const from = calendarDate(params.get('from'));
  const to = calendarDate(params.get('to'));
  if (metric === null || !(METRICS as readonly string[]).includes(metric)) return undefined;
  if (resolution === null || !(RESOLUTIONS as readonly string[]).includes(resolution)) return undefined;
  if (from === undefined || to === undefined || from > to) return undefined;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  return { metric, resolution: resolution as Resolution, from, to, days };
}

import { statedRange } from '../../harness/stated-range.ts';
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
  const stated = statedRange(response.url, [metricParam, resolutionParam]);
  if (stated === undefined) return undefined;
  const metric = stated.params.get(metricParam);
  const resolution = stated.params.get(resolutionParam);
  if (metric === null || !(METRICS as readonly string[]).includes(metric)) return undefined;
  if (resolution === null || !(RESOLUTIONS as readonly string[]).includes(resolution)) return undefined;
  const { from, to, days } = stated;
  return { metric, resolution: resolution as Resolution, from, to, days };
}

import { statedRange } from '../../harness/stated-range.ts';
import type { ObservedResponse } from '../../../src/core/http-client.ts';
import type { HistoryQuery } from '../arbitraries/history-query.ts';

/** A player history another check received, with the query its URL states. */
export interface ObservedHistory {
  query: HistoryQuery;
  /** Whether the URL named the granularity (left out, it is the default, daily). */
  explicitGranularity: boolean;
  samples: ReadonlyArray<{ recorded_at: string }>;
  meta: Record<string, unknown>;
}

/**
 * The player history of a 200 answer, when its URL states the range whole — `from` and `to` real
 * days in order, each once; `granularity` `daily` or `raw`, or left out (daily, §4), and nothing
 * else — and its body is a list of samples whose times can be read. Undefined otherwise: a range
 * left to the server's today, a bad value, or a body whose shape is PLAYERS-SCHEMA's to judge.
 */
export function observedHistory(response: ObservedResponse): ObservedHistory | undefined {
  const stated = statedRange(response.url, [], ['granularity']);
  const granularity = stated?.params.get('granularity') ?? 'daily';
  if (stated === undefined || (granularity !== 'daily' && granularity !== 'raw')) return undefined;
  const { from, to } = stated;
  const body = response.body as { data?: unknown; meta?: unknown } | undefined;
  const data = body?.data;
  if (!Array.isArray(data) || typeof body?.meta !== 'object' || body.meta === null) return undefined;
  const readable = data.every((sample) => {
    const time = (sample as { recorded_at?: unknown } | null)?.recorded_at;
    return typeof time === 'string' && !Number.isNaN(Date.parse(time));
  });
  if (!readable) return undefined;
  return {
    query: { granularity, from, to },
    explicitGranularity: stated.params.has('granularity'),
    samples: data as Array<{ recorded_at: string }>,
    meta: body.meta as Record<string, unknown>,
  };
}

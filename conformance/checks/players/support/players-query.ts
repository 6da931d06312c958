import type { QueryPairs } from '../../../src/core/http-client.ts';
import type { HistoryQuery } from '../arbitraries/history-query.ts';

/** The query pairs of a generated player-history request. */
export function playersQuery(query: HistoryQuery): QueryPairs {
  return [
    ['granularity', query.granularity],
    ['from', query.from],
    ['to', query.to],
  ];
}

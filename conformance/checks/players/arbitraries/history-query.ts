import fc from 'fast-check';
import { dateRange } from '../../harness/arbitraries/date-range.ts';

export interface HistoryQuery {
  granularity: 'daily' | 'raw';
  from: string;
  to: string;
}

/** Longest raw span generated for ordinary properties: a raw day is ~50–300 samples, keep bodies small. */
const RAW_SPAN_FOR_PROPERTIES = 7;
/** Longest daily span generated for ordinary properties (the full 365 days has its own check). */
const DAILY_SPAN_FOR_PROPERTIES = 120;

/** Valid player-history queries (explicit granularity and dates) ending on or before `today`. */
export function historyQuery(today: string): fc.Arbitrary<HistoryQuery> {
  return fc.oneof(
    dateRange({ today, maxDays: DAILY_SPAN_FOR_PROPERTIES }).map(({ from, to }) => ({
      granularity: 'daily' as const,
      from,
      to,
    })),
    dateRange({ today, maxDays: RAW_SPAN_FOR_PROPERTIES, maxDaysAgo: 60 }).map(({ from, to }) => ({
      granularity: 'raw' as const,
      from,
      to,
    })),
  );
}

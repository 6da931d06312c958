import fc from 'fast-check';
import { dateRange, type DateRange } from '../../harness/arbitraries/date-range.ts';
import { timezone } from './timezone.ts';

export interface ActivityRequest extends DateRange {
  timezone: string;
}

/** Activity-pattern queries: a range of 1–90 days ending by today and an IANA zone. */
export function activityRequest(today: string): fc.Arbitrary<ActivityRequest> {
  return fc
    .tuple(dateRange({ today, maxDays: 90, maxDaysAgo: 120 }), timezone())
    .map(([range, zone]) => ({ ...range, timezone: zone }));
}

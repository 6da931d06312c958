import fc from 'fast-check';
import { addDays } from '../../../src/core/dates.ts';
import { expectErrorEnvelope, expectStatus } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { rangeEnd } from '../../harness/arbitraries/range-end.ts';

/** Days ahead of today the span checks' future example ends (after their past ones). */
export const FUTURE_EXAMPLE_DAYS = 30;

/** Days ahead of today a future end may lie: past a year, so a whole range may lie ahead. */
const MAX_DAYS_AHEAD = 400;

/**
 * An end date for the maximum-span probes: half the time one of `rangeEnd`'s (today or before),
 * half the time a day after today — tomorrow, or up to a year and more ahead (a range partly or
 * wholly in the future). D26 accepts a future `to` (no samples there; tolerant: it may be refused),
 * and the span is still the range asked: a server that measures it only up to today (or up to its
 * last sample) accepts a range too long when it ends in the future.
 */
export function spanEnd(today: string): fc.Arbitrary<string> {
  const ahead = fc
    .oneof(fc.constant(1), fc.integer({ min: 1, max: MAX_DAYS_AHEAD }))
    .map((days) => addDays(today, days));
  return fc.oneof(rangeEnd(today), ahead);
}

/**
 * The answer to the longest range allowed, ending on `to`: 200, or — when `to` is after `today`,
 * which D26 leaves open — 422 `invalid_date_range` as well.
 */
export function expectLongestSpan(longest: ApiResponse, to: string, today: string, what: string): void {
  if (to > today && longest.status !== 200) expectErrorEnvelope(longest, 422, ['invalid_date_range']);
  else expectStatus(longest, 200, what);
}

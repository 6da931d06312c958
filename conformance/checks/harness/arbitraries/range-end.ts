import fc from 'fast-check';
import { addDays } from '../../../src/core/dates.ts';

/**
 * An end date for boundary probes: today, yesterday, or a day up to `maxDaysAgo`
 * back (never in the future: D26 leaves a future `to` open).
 */
export function rangeEnd(today: string, maxDaysAgo = 400): fc.Arbitrary<string> {
  return fc
    .oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: maxDaysAgo }))
    .map((ago) => addDays(today, -ago));
}

import { CheckFailure } from '../../../src/core/check.ts';
import { expectThat } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import type { NamedPoint } from './point-fields.ts';

/** A statistics point read as numbers: its bucket's date, observation count and aggregates. */
export interface Observed {
  date: number;
  count: number;
  average: number | null;
  min: number | null;
  max: number | null;
}

/** A point read as numbers, or undefined when its date or count is not one (no verdict on it). */
export function observed(point: NamedPoint): Observed | undefined {
  const { date, count, average, min, max } = point;
  // Epoch seconds a Date can hold (±8.64e12); a point keyed otherwise gives no verdict here.
  if (typeof date !== 'number' || !Number.isInteger(date) || Math.abs(date) > 8.64e12) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
  const orNull = (value: unknown) => (typeof value === 'number' ? value : null);
  return { date, count, average: orNull(average), min: orNull(min), max: orNull(max) };
}

/** The least minimum, the greatest maximum, the weighted mean of a bucket's parts (each read). */
export function judgeBucket(
  response: ApiResponse,
  bucket: Observed,
  parts: readonly Observed[],
  slack: number,
  { what, point, parts: partsName }: { what: string; point: string; parts: string },
): void {
  const extremes = [
    { field: 'min', name: 'minimum', of: 'the least', pick: Math.min },
    { field: 'max', name: 'maximum', of: 'the greatest', pick: Math.max },
  ] as const;
  for (const { field, name, of, pick } of extremes) {
    const values = parts.map((part) => part[field]).filter((value): value is number => value !== null);
    if (bucket[field] === null || values.length !== parts.length) continue;
    const expected = pick(...values);
    expectThat(
      response,
      bucket[field] === expected,
      `The ${point} of ${what} has another ${name} than its ${partsName}`,
      `${name} ${expected}, ${of} of its ${parts.length} ${partsName}' ${name}s`,
      `${name} ${bucket[field]}`,
    );
  }
  const averaged = parts.filter((part) => part.average !== null);
  if (bucket.average !== null && averaged.length === parts.length) {
    const mean = averaged.reduce((sum, part) => sum + part.count * part.average!, 0) / bucket.count;
    expectThat(
      response,
      Math.abs(bucket.average - mean) <= slack,
      `The ${point} of ${what} does not average its observations`,
      `average ${mean.toFixed(3)} (its ${partsName}' averages weighted by their counts; within ${slack.toPrecision(2)}, the precision the two answers show)`,
      `average ${bucket.average}`,
    );
  }
}

/**
 * Where the keys leave more than one reading of which points a bucket holds (D7: a bucket keyed
 * by its start or its end), `judge` under each: passes when one reading passes, else throws the
 * first reading's failure. No reading: no verdict.
 */
export function agreesUnderOneReading<T>(readings: readonly T[], judge: (reading: T) => void): void {
  let first: CheckFailure | undefined;
  for (const reading of readings) {
    try {
      judge(reading);
      return;
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      first ??= error;
    }
  }
  if (first !== undefined) throw first;
}

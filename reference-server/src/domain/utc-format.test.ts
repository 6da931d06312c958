import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUtcDate, formatUtcTimestamp } from './utc-format.ts';

/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z in epoch seconds. */
const FIRST = new Date(0).setUTCFullYear(0, 0, 1) / 1000; // Date.UTC would read year 0 as 1900
const LAST = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

function iso(epochSeconds: number): string {
  return new Date(Math.floor(epochSeconds) * 1000).toISOString().slice(0, 19) + 'Z';
}

describe('UTC formatting (§1.4) by arithmetic', () => {
  it('equals Date#toISOString for every second of years 0000–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST, max: LAST }), (t) => {
        expect(formatUtcTimestamp(t)).toBe(iso(t));
        expect(formatUtcDate(t)).toBe(iso(t).slice(0, 10));
      }),
      { numRuns: 20_000 },
    );
  });

  it('drops a fraction of a second, as toISOString().slice does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LAST }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (t, f) => {
          expect(formatUtcTimestamp(t + f)).toBe(iso(t));
        },
      ),
    );
  });

  it('gets the edges right: epoch, leap days, century years, the last second of a year', () => {
    const cases: Array<[string, string]> = [
      ['1970-01-01T00:00:00Z', '1970-01-01'],
      ['2000-02-29T23:59:59Z', '2000-02-29'],
      ['1900-03-01T00:00:00Z', '1900-03-01'],
      ['2100-02-28T12:00:00Z', '2100-02-28'],
      ['2024-12-31T23:59:59Z', '2024-12-31'],
      ['2026-11-22T12:00:00Z', '2026-11-22'],
      ['0001-01-01T00:00:00Z', '0001-01-01'],
    ];
    for (const [timestamp, date] of cases) {
      const t = Date.parse(timestamp) / 1000;
      expect(formatUtcTimestamp(t)).toBe(timestamp);
      expect(formatUtcDate(t)).toBe(date);
    }
  });
});

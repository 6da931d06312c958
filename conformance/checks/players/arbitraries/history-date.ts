/**
 * A grammar of `from`/`to` values for player history, each carrying what every reading of
 * §4 ("date YYYY-MM-DD"; an invalid date returns 422 `invalid_date_range`) answers:
 * `valid` (a real calendar date in the canonical shape), `invalid` (an impossible date such
 * as `2026-02-30`, `2025-02-29`, month 13, day 00, or another shape: unpadded, compact,
 * slashes, day first, a timestamp — D26 strict), or `either` where DECISIONS leaves it open
 * (surrounding spaces: D26 does not say whether to trim; an empty value: D54).
 */
import fc from 'fast-check';

export type DateVerdict = 'valid' | 'invalid' | 'either';

export interface HistoryDate {
  /** The parameter value as sent. */
  text: string;
  verdict: DateVerdict;
  /** The calendar date, `YYYY-MM-DD`, when it is one (`valid`, or `either` for a year below 1000). */
  date?: string;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month 1..12 (the oracle: proleptic Gregorian calendar). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const isCalendarDate = (y: number, m: number, d: number): boolean =>
  m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

type Shape = 'canonical' | 'unpadded' | 'compact' | 'slashes' | 'day-first' | 'timestamp' | 'spaced';

function render(y: number, m: number, d: number, shape: Shape, spacing: string): HistoryDate {
  const canonical = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const real = isCalendarDate(y, m, d);
  switch (shape) {
    case 'canonical':
      // Years before 1000 are calendar dates, but a store's date type may not reach them (SQL
      // Server's datetime starts in 1753): accepted or refused, and read as written if accepted.
      if (real && y < 1000) return { text: canonical, verdict: 'either', date: canonical };
      return real
        ? { text: canonical, verdict: 'valid', date: canonical }
        : { text: canonical, verdict: 'invalid' };
    case 'unpadded': {
      const text = `${y}-${m}-${d}`;
      // With two-digit month and day the unpadded form is the canonical one.
      if (text === canonical) return render(y, m, d, 'canonical', spacing);
      return { text, verdict: 'invalid' };
    }
    case 'compact':
      return { text: `${pad(y, 4)}${pad(m)}${pad(d)}`, verdict: 'invalid' };
    case 'slashes':
      return { text: `${pad(y, 4)}/${pad(m)}/${pad(d)}`, verdict: 'invalid' };
    case 'day-first':
      return { text: `${pad(d)}-${pad(m)}-${pad(y, 4)}`, verdict: 'invalid' };
    case 'timestamp':
      return { text: `${canonical}T00:00:00Z`, verdict: 'invalid' };
    case 'spaced':
      // An impossible date stays invalid however it is spaced; a real one is open (D26).
      return {
        text: `${spacing}${canonical}${spacing === '' ? ' ' : ''}`,
        verdict: real ? 'either' : 'invalid',
      };
  }
}

/**
 * Values around the calendar's edges (days 00 and 28–32, months 00 and 13, leap years
 * including 2000, years below 1000) in every shape. Years end before `today`'s year, so a valid date and the
 * ten days after it lie in the past (D26 leaves future dates open).
 */
export function historyDate(today: string): fc.Arbitrary<HistoryDate> {
  const lastYear = Number(today.slice(0, 4)) - 1;
  const year = fc.oneof(
    { arbitrary: fc.constantFrom(2000, 2020, 2023, 2024).filter((y) => y <= lastYear), weight: 2 },
    { arbitrary: fc.integer({ min: 2000, max: lastYear }), weight: 2 },
    // The calendar's first centuries, where `Date.UTC(y, …)` and `new Date(y, …)` read a year
    // below 100 as 1900 + y.
    { arbitrary: fc.integer({ min: 1, max: 999 }), weight: 1 },
  );
  const month = fc.oneof(fc.constantFrom(0, 1, 2, 4, 6, 9, 11, 12, 13), fc.integer({ min: 1, max: 12 }));
  const day = fc.oneof(fc.constantFrom(0, 1, 28, 29, 30, 31, 32), fc.integer({ min: 1, max: 28 }));
  const shape = fc.oneof(
    { arbitrary: fc.constant<Shape>('canonical'), weight: 4 },
    {
      arbitrary: fc.constantFrom<Shape>('unpadded', 'compact', 'slashes', 'day-first', 'timestamp', 'spaced'),
      weight: 3,
    },
  );
  return fc.oneof(
    { arbitrary: fc.constant<HistoryDate>({ text: '', verdict: 'either' }), weight: 1 },
    {
      arbitrary: fc
        .tuple(year, month, day, shape, fc.constantFrom(' ', ''))
        .map(([y, m, d, s, spacing]) => render(y, m, d, s, spacing)),
      weight: 12,
    },
  );
}

/** The value a canonical date is sent as, for examples. */
export function historyDateOf(text: string): HistoryDate {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return render(y, m, d, 'canonical', '');
}

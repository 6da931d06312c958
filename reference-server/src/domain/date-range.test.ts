import { describe, expect, it } from 'vitest';
import { parseCalendarDate, parseDateRange, type DateRangeRules } from './date-range.ts';

const RULES: DateRangeRules = { maxDays: 365, errorCode: 'invalid_date_range' };
const NOW_MS = Date.parse('2026-03-15T12:00:00Z');

describe('parseCalendarDate', () => {
  it('accepts a leap day in a leap year', () => {
    expect(parseCalendarDate('2024-02-29')).toBe(Date.parse('2024-02-29T00:00:00Z') / 86_400_000);
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-2-3',
    '20260203',
    ' 2026-02-03',
    '',
  ])('refuses %j', (text) => {
    expect(parseCalendarDate(text)).toBeUndefined();
  });

  it('judges the day by the month length it is given', () => {
    expect(parseCalendarDate('2026-02-30', () => 31)).toBe(Date.parse('2026-03-02T00:00:00Z') / 86_400_000);
  });

  it('counts days correctly before year 100', () => {
    expect(parseCalendarDate('0050-03-01')).toBe(Date.parse('0050-03-01T00:00:00Z') / 86_400_000);
  });
});

describe('parseDateRange', () => {
  it('defaults to the 30 days ending with the current UTC date', () => {
    const result = parseDateRange({}, NOW_MS, RULES);

    expect(result).toEqual({
      ok: {
        from: '2026-02-14',
        to: '2026-03-15',
        startSec: Date.parse('2026-02-14T00:00:00Z') / 1000,
        endSec: Date.parse('2026-03-15T23:59:59Z') / 1000,
        days: 30,
      },
    });
  });

  it('takes today as the default to at 23:59:59Z', () => {
    const result = parseDateRange({}, Date.parse('2026-03-15T23:59:59Z'), RULES);

    expect(result).toMatchObject({ ok: { from: '2026-02-14', to: '2026-03-15' } });
  });

  it('moves the default to the next day at 00:00:00Z', () => {
    const result = parseDateRange({}, Date.parse('2026-03-16T00:00:00Z'), RULES);

    expect(result).toMatchObject({ ok: { from: '2026-02-15', to: '2026-03-16' } });
  });

  it('defaults to the span it is given', () => {
    const result = parseDateRange({ to: '2026-01-10' }, NOW_MS, { ...RULES, defaultSpanDays: 7 });

    expect(result).toMatchObject({ ok: { from: '2026-01-04', to: '2026-01-10', days: 7 } });
  });

  it('defaults from to 29 days before an explicit to', () => {
    const result = parseDateRange({ to: '2026-01-10' }, NOW_MS, RULES);

    expect(result).toMatchObject({ ok: { from: '2025-12-12', to: '2026-01-10', days: 30 } });
  });

  it('accepts a one-day range with from equal to to', () => {
    const result = parseDateRange({ from: '2026-01-10', to: '2026-01-10' }, NOW_MS, RULES);

    expect(result).toMatchObject({ ok: { days: 1, endSec: Date.parse('2026-01-10T23:59:59Z') / 1000 } });
  });

  it('accepts a span of exactly the maximum, counting both ends', () => {
    const result = parseDateRange({ from: '2025-01-01', to: '2025-12-31' }, NOW_MS, RULES);

    expect(result).toMatchObject({ ok: { days: 365 } });
  });

  it('refuses a span one day longer than the maximum', () => {
    const result = parseDateRange({ from: '2025-01-01', to: '2026-01-01' }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses from after to', () => {
    const result = parseDateRange({ from: '2026-01-11', to: '2026-01-10' }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('refuses an explicit from after the default to', () => {
    const result = parseDateRange({ from: '2026-03-16' }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('accepts a to in the future', () => {
    const result = parseDateRange({ from: '2026-03-01', to: '2026-04-01' }, NOW_MS, RULES);

    expect(result).toMatchObject({ ok: { to: '2026-04-01' } });
  });

  it('refuses an impossible date', () => {
    const result = parseDateRange({ from: '2026-02-30', to: '2026-03-01' }, NOW_MS, RULES);

    expect(result).toMatchObject({
      error: { status: 422, code: 'invalid_date_range', details: { parameter: 'from' } },
    });
  });

  it('refuses a date without zero padding', () => {
    const result = parseDateRange({ to: '2026-2-3' }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422, details: { parameter: 'to' } } });
  });

  it('refuses an empty date', () => {
    const result = parseDateRange({ from: '' }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422 } });
  });

  it('refuses a repeated date parameter', () => {
    const result = parseDateRange({ from: ['2026-03-01', '2026-03-02'] }, NOW_MS, RULES);

    expect(result).toMatchObject({ error: { status: 422, code: 'invalid_date_range' } });
  });

  it('reports errors with the code it is given', () => {
    const result = parseDateRange({ from: 'yesterday' }, NOW_MS, {
      maxDays: 90,
      errorCode: 'invalid_statistics_query',
    });

    expect(result).toMatchObject({ error: { code: 'invalid_statistics_query' } });
  });

  it('has no span limit when the maximum is Infinity', () => {
    const result = parseDateRange({ from: '2000-01-01', to: '2026-01-01' }, NOW_MS, {
      maxDays: Infinity,
      errorCode: 'invalid_statistics_query',
    });

    expect(result).toMatchObject({ ok: { from: '2000-01-01' } });
  });
});

import { describe, expect, it } from 'vitest';
import { utcDateOf } from './dates.ts';

describe('utcDateOf', () => {
  it('gives the UTC day of a time', () => {
    expect(utcDateOf(Date.UTC(2026, 10, 29, 23, 59, 59))).toBe('2026-11-29');
    expect(utcDateOf(0)).toBe('1970-01-01');
  });

  it('names a time no Date holds instead of throwing (a server sent 1e21 seconds for a day)', () => {
    expect(utcDateOf(1e21 * 1000)).toBe('(no date: 1e+24 ms)');
    expect(utcDateOf(Number.NaN)).toBe('(no date: NaN ms)');
  });
});

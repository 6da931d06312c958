import { describe, expect, it } from 'vitest';
import { resolveTimeZone } from './time-zone.ts';

describe('resolveTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe'])(
    'accepts %j as itself',
    (name) => {
      expect(resolveTimeZone(name)).toBe(name);
    },
  );

  it.each([
    ['Etc/UTC', 'UTC'],
    ['US/Eastern', 'America/New_York'],
  ])('resolves the alias %j to %j', (alias, canonical) => {
    expect(resolveTimeZone(alias)).toBe(canonical);
  });

  it('accepts Asia/Kolkata whichever spelling ICU lists', () => {
    expect(resolveTimeZone('Asia/Kolkata')).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it.each(['Mars/Olympus', '+05:00', '-0800', 'Z', '', 'Europe/Berlin '])('refuses %j', (name) => {
    expect(resolveTimeZone(name)).toBeUndefined();
  });
});

/**
 * spec/DECISIONS.md and the suite agree: every row is complete, every profile key a row
 * names exists in the suite's profile, and every DECISIONS row a check cites exists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../src/core/profile.ts';
import { ALL_CHECKS } from '../src/registry.ts';

const rows = readFileSync('spec/DECISIONS.md', 'utf8')
  .split('\n')
  .filter((line) => /^\| D\d+ \|/.test(line))
  .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim()));

function hasPath(object: unknown, path: string): boolean {
  return path.split('.').every((part) => {
    if (typeof object !== 'object' || object === null || !(part in object)) return false;
    object = (object as Record<string, unknown>)[part];
    return true;
  });
}

describe('spec/DECISIONS.md', () => {
  it('numbers its rows D1, D2, … without gaps or repeats', () => {
    expect(rows.map((row) => row[0])).toEqual(rows.map((_, i) => `D${i + 1}`));
  });

  it('fills the point, choice, reason and suite treatment of every row', () => {
    const incomplete = rows
      .filter((row) => row.length !== 5 || row.some((cell) => cell === ''))
      .map((r) => r[0]);
    expect(incomplete).toEqual([]);
  });

  it('names only profile keys the suite has', () => {
    const named = rows.flatMap((row) =>
      [...row[4]!.matchAll(/profile `([\w.]+?)(?:\.\*)?`/g)].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((key) => !hasPath(DEFAULT_PROFILE, key))).toEqual([]);
  });

  it('has every row a check cites', () => {
    const ids = new Set(rows.map((row) => row[0]));
    const cited = ALL_CHECKS.flatMap((check) => (check.decisions ?? []).map((d) => `${check.id} → ${d}`));
    expect(cited.filter((entry) => !ids.has(entry.split(' → ')[1]!))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { runMismatch } from './same-run.ts';

const games = (...pairs: Array<[number, number]>): GameSummary[] =>
  pairs.map(([id, votes]) => ({ id, ranking: { monthly_votes: votes } }) as unknown as GameSummary);
const field = 'ranking.monthly_votes';

describe('runMismatch', () => {
  it('accepts the same stretch with its ties in another order', () => {
    const expected = games([1, 9], [2, 5], [3, 5], [4, 5], [5, 2]);
    const own = games([1, 9], [4, 5], [2, 5], [3, 5], [5, 2]);
    expect(runMismatch(expected, own, field)).toBeUndefined();
  });

  it('reports other values, and other games inside a group of equal values', () => {
    expect(runMismatch(games([1, 9], [2, 5]), games([1, 9], [2, 4]), field)?.received).toBe(
      `${field} [9, 4]`,
    );
    const swapped = runMismatch(
      games([1, 9], [2, 5], [3, 5], [5, 2]),
      games([1, 9], [2, 5], [7, 5], [5, 2]),
      field,
    );
    expect(swapped).toEqual({
      expected: 'games {2, 3} at positions 2–3 (ranking.monthly_votes 5)',
      received: 'games {2, 7}',
    });
    // A single game between two other values is a group of its own.
    expect(runMismatch(games([1, 9], [2, 5], [5, 2]), games([1, 9], [8, 5], [5, 2]), field)).toBeDefined();
  });

  it('leaves the groups at the ends to the tie-break, unless the stretch ends the list', () => {
    const expected = games([1, 9], [2, 5], [3, 2], [4, 2]);
    const own = games([6, 9], [2, 5], [3, 2], [7, 2]);
    expect(runMismatch(expected, own, field)).toBeUndefined();
    expect(runMismatch(expected, own, field, { endsTheList: true })?.expected).toBe(
      'games {3, 4} at positions 3–4 (ranking.monthly_votes 2)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../src/core/discovery.ts';
import { mayKeepOrder } from './sort-opposites.ts';

const game = (listed: string | null, created: string | null) =>
  ({ dates: { listed, created, updated: null } }) as unknown as GameSummary;

describe('mayKeepOrder (GAMES-SORT-OPPOSITES: which pairs may stand alike under newest and oldest)', () => {
  it('refuses a pair that differs in both times', () => {
    expect(
      mayKeepOrder(
        game('2026-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
        game('2026-02-01T00:00:00Z', '2025-11-01T00:00:00Z'),
      ),
    ).toBe(false);
  });
  it('allows a tie on either time (the tie-break orders it alike under both)', () => {
    expect(
      mayKeepOrder(
        game('2026-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
        game('2026-01-01T00:00:00Z', '2025-11-01T00:00:00Z'),
      ),
    ).toBe(true);
    expect(
      mayKeepOrder(
        game('2026-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
        game('2026-02-01T00:00:00Z', '2025-12-01T00:00:00Z'),
      ),
    ).toBe(true);
  });
  it('allows a pair where one lacks a time (nulls last under both, D22)', () => {
    expect(
      mayKeepOrder(game(null, '2025-12-01T00:00:00Z'), game('2026-02-01T00:00:00Z', '2025-11-01T00:00:00Z')),
    ).toBe(true);
  });
});

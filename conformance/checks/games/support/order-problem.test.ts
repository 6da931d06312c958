import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { orderProblem } from './order-problem.ts';

const game = (id: number, updated: string | null): GameSummary =>
  ({ id, dates: { created: null, listed: null, updated } }) as unknown as GameSummary;
const byUpdated = { field: 'dates.updated', direction: 'desc' as const };

describe('orderProblem', () => {
  it('accepts descending values and nulls last', () => {
    expect(
      orderProblem(game(1, '2026-01-02T00:00:00Z'), game(2, '2026-01-01T00:00:00Z'), byUpdated, 'id_asc'),
    ).toBe(undefined);
    expect(orderProblem(game(1, '2026-01-02T00:00:00Z'), game(2, null), byUpdated, 'id_asc')).toBeUndefined();
  });

  it('reports ascending values, a null first and a reversed tie', () => {
    expect(
      orderProblem(game(1, '2026-01-01T00:00:00Z'), game(2, '2026-01-02T00:00:00Z'), byUpdated, 'none'),
    ).toMatch(/not descending/);
    expect(orderProblem(game(1, null), game(2, '2026-01-02T00:00:00Z'), byUpdated, 'none')).toMatch(
      /nulls come last/,
    );
    expect(orderProblem(game(5, null), game(2, null), byUpdated, 'id_asc')).toMatch(/ids should ascend/);
    expect(orderProblem(game(5, null), game(2, null), byUpdated, 'none')).toBeUndefined();
  });
});

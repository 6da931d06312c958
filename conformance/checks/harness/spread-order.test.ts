import { describe, expect, it } from 'vitest';
import { spreadOrder } from './spread-order.ts';

describe('spreadOrder (the order GAMES-UNLISTED-ARE-ARCHIVED looks gaps up in)', () => {
  it('visits every item once', () => {
    for (const n of [0, 1, 2, 3, 7, 10, 64, 217]) {
      const items = Array.from({ length: n }, (_, i) => i);
      const order = spreadOrder(items);
      expect(order).toHaveLength(n);
      expect([...order].sort((a, b) => a - b)).toEqual(items);
    }
  });

  it('covers the range at every prefix: a run of dead ids at the start costs one lookup', () => {
    // Ids 2-4 never existed, 5 on are what the sweep looks for: id order spends three lookups first.
    const gaps = [2, 3, 4, 5, 10, 14, 22, 23, 24, 31];
    expect(spreadOrder(gaps)).toEqual([2, 14, 4, 23, 3, 5, 22, 24, 10, 31]);
  });
});

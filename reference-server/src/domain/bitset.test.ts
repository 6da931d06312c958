import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset.ts';

const SIZE = 200;

/** A Bitset of SIZE with exactly `members`. */
function bitsetOf(members: readonly number[]): Bitset {
  const set = Bitset.ofSize(SIZE);
  for (const member of members) set.add(member);
  return set;
}

const members = fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { maxLength: SIZE });

describe('Bitset', () => {
  it('counts its members, the high bit of a word included', () => {
    fc.assert(
      fc.property(members, (list) => {
        expect(bitsetOf(list).count()).toBe(list.length);
      }),
      { examples: [[[31, 63, 191]], [Array.from({ length: SIZE }, (_, i) => i)]] },
    );
  });

  it('maps its members in ascending order', () => {
    fc.assert(
      fc.property(members, (list) => {
        const map = new Uint32Array(SIZE).map((_, i) => 1000 + i);
        const into = new Uint32Array(list.length);
        expect(bitsetOf(list).mapInto(map, into)).toBe(list.length);
        expect([...into]).toEqual([...list].sort((a, b) => a - b).map((m) => 1000 + m));
      }),
    );
  });
});

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

  it('ANDs and counts what is left in one pass', () => {
    fc.assert(
      fc.property(members, members, (mine, theirs) => {
        const set = bitsetOf(mine);
        const both = mine.filter((member) => theirs.includes(member));
        expect(set.andWithCounting(bitsetOf(theirs))).toBe(both.length);
        expect(set.count()).toBe(both.length);
        expect(both.every((member) => set.has(member))).toBe(true);
      }),
    );
  });

  it('maps its members through a one-to-one map, replacing what the target held', () => {
    fc.assert(
      fc.property(
        members,
        fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { minLength: SIZE, maxLength: SIZE }),
        members,
        (list, permutation, before) => {
          const map = Uint32Array.from(permutation);
          const target = bitsetOf(before);
          target.setToMapped(bitsetOf(list), map);
          expect(membersOf(target)).toEqual(list.map((member) => map[member]!).sort((a, b) => a - b));
        },
      ),
    );
  });

  it('selects the members of a range of ranks, ascending', () => {
    fc.assert(
      fc.property(members, fc.nat(SIZE + 5), fc.nat(SIZE + 5), (list, first, count) => {
        const into = new Uint32Array(count);
        const expected = [...list].sort((a, b) => a - b).slice(first, first + count);
        expect(bitsetOf(list).selectInto(first, count, into)).toBe(expected.length);
        expect([...into.subarray(0, expected.length)]).toEqual(expected);
      }),
      {
        examples: [
          [[0, 31, 32, 63, 64, 199], 2, 3],
          [[31], 0, 1],
          [[5, 6], 2, 1],
        ],
      },
    );
  });
});

/** The members of `set`, ascending. */
function membersOf(set: Bitset): number[] {
  const list: number[] = [];
  set.forEach((member) => list.push(member));
  return list;
}

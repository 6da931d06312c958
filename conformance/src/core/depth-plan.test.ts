import { describe, expect, it } from 'vitest';
import { deepeningCost, leaveRoomToRecheck, planDepth, type CheckCost } from './depth-plan.ts';

const cheap: CheckCost = { id: 'A', fixed: 0, properties: [{ done: 2, full: 100, perCase: 1 }] };
const dear: CheckCost = { id: 'B', fixed: 3, properties: [{ done: 1, full: 50, perCase: 2 }] };

describe('planDepth', () => {
  it('takes every check to full depth when the budget allows', () => {
    const plan = planDepth([cheap, dear], 10_000);
    expect(plan.share).toBe(1);
    expect(plan.targets.get('A')).toEqual([100]);
    expect(plan.targets.get('B')).toEqual([50]);
    expect(plan.estimated).toBe(98 + 3 + 98);
  });

  it('gives every check the same share of its depth, the largest that fits', () => {
    const plan = planDepth([cheap, dear], 100);
    expect(plan.share).toBeGreaterThan(0.3);
    expect(plan.share).toBeLessThan(0.6);
    expect(plan.estimated).toBeLessThanOrEqual(100);
    const [a] = plan.targets.get('A') as number[];
    const [b] = plan.targets.get('B') as number[];
    // The same share of 100 and of 50 cases (to a case).
    expect(Math.abs((a as number) / 100 - (b as number) / 50)).toBeLessThanOrEqual(0.02);
  });

  it('never plans fewer cases than already ran, and nothing with no budget', () => {
    const plan = planDepth([cheap, dear], 0);
    expect(plan.targets.get('A')).toEqual([2]);
    expect(plan.targets.get('B')).toEqual([1]);
    expect(plan.estimated).toBe(0);
  });

  it('gives every property its first cases (examples, a sweep’s items) before any share, when they fit', () => {
    const swept: CheckCost = { id: 'S', fixed: 0, properties: [{ done: 1, full: 9, first: 9, perCase: 1 }] };
    const examples: CheckCost = {
      id: 'E',
      fixed: 0,
      properties: [{ done: 1, full: 100, first: 7, perCase: 1 }],
    };
    const plan = planDepth([swept, examples], 20);
    expect(plan.targets.get('S')).toEqual([9]);
    expect((plan.targets.get('E') as number[])[0]).toBeGreaterThanOrEqual(7);
    expect(plan.estimated).toBeLessThanOrEqual(20);
    // Too little for them all: the same number of each property's first cases, no generated ones.
    const short = planDepth([swept, examples], 10);
    expect(short.estimated).toBeLessThanOrEqual(10);
    expect(short.share).toBe(0);
    expect(short.allFirst).toBe(false);
    expect(short.firstCases).toBe(6);
    expect(short.targets.get('S')).toEqual([6]);
    expect(short.targets.get('E')).toEqual([6]);
  });

  it('gives a partial level of named cases to the must checks before the profile checks', () => {
    // A profile check first in line whose next case costs least, and a must check after it.
    const profile: CheckCost = {
      id: 'P',
      late: true,
      fixed: 0,
      properties: [{ done: 1, full: 9, first: 9, perCase: 1 }],
    };
    const must: CheckCost = { id: 'M', fixed: 0, properties: [{ done: 1, full: 9, first: 9, perCase: 2 }] };
    // Level 2 costs 1 + 2; level 3 does not fit whole in 5: what is left (2) takes the must check's.
    const plan = planDepth([profile, must], 5);
    expect(plan.firstCases).toBe(2);
    expect(plan.targets.get('M')).toEqual([3]);
    expect(plan.targets.get('P')).toEqual([2]);
    // Unmarked, the cheaper profile case would have taken it.
    const unmarked = planDepth([{ ...profile, late: false }, must], 5);
    expect(unmarked.targets.get('P')).toEqual([3]);
    expect(unmarked.targets.get('M')).toEqual([2]);
  });

  it('takes the named cases of a cheap sweep before a share of generated cases of a large property', () => {
    // What a 600-request run met: a 9-item sweep next to properties of 100 cases each.
    const swept: CheckCost = { id: 'S', fixed: 0, properties: [{ done: 1, full: 9, first: 9, perCase: 1 }] };
    const wide: CheckCost[] = Array.from({ length: 20 }, (_, i) => ({
      id: `W${i}`,
      fixed: 0,
      properties: [{ done: 1, full: 100, first: 3, perCase: 2 }],
    }));
    const plan = planDepth([swept, ...wide], 120);
    expect(plan.allFirst).toBe(true);
    expect(plan.targets.get('S')).toEqual([9]);
    for (const w of wide) expect((plan.targets.get(w.id) as number[])[0]).toBeGreaterThanOrEqual(3);
    expect(plan.estimated).toBeLessThanOrEqual(120);
  });

  it('does not let one long sweep starve the short ones of their first cases', () => {
    const gaps: CheckCost = { id: 'G', fixed: 0, properties: [{ done: 1, full: 90, first: 90, perCase: 1 }] };
    const methods: CheckCost = {
      id: 'M',
      fixed: 0,
      properties: [{ done: 1, full: 6, first: 6, perCase: 1 }],
    };
    const plan = planDepth([gaps, methods], 14);
    expect(plan.targets.get('M')).toEqual([6]);
    // The gaps get as many: 10 in all, the last of the 14 requests going to them alone.
    expect(plan.targets.get('G')).toEqual([10]);
    expect(plan.estimated).toBeLessThanOrEqual(14);
  });

  it('gives what a whole level leaves to the checks whose next case costs least', () => {
    const cheapNamed: CheckCost = {
      id: 'C',
      fixed: 0,
      properties: [{ done: 1, full: 100, first: 6, perCase: 1 }],
    };
    const dearNamed: CheckCost = {
      id: 'D',
      fixed: 0,
      properties: [{ done: 1, full: 100, first: 6, perCase: 4 }],
    };
    // Three cases each cost 2 × 1 + 2 × 4 = 10; a fourth 1 + 4 more, of which the cheap check's 1 fits.
    const plan = planDepth([dearNamed, cheapNamed], 12);
    expect(plan.firstCases).toBe(3);
    expect(plan.allFirst).toBe(false);
    expect(plan.targets.get('D')).toEqual([3]);
    expect(plan.targets.get('C')).toEqual([4]);
    expect(plan.estimated).toBe(11);
  });

  it('counts a re-run’s fixed requests only when it adds cases', () => {
    expect(deepeningCost(dear, 0)).toBe(0);
    expect(deepeningCost(dear, 1)).toBe(3 + 49 * 2);
  });
});

describe('leaveRoomToRecheck', () => {
  const comparing: CheckCost = {
    id: 'Q',
    fixed: 1,
    properties: [
      { done: 1, full: 50, perCase: 2 },
      { done: 0, full: 10, perCase: 1 },
    ],
  };

  it('keeps the targets when their cases and three rechecks of the dearest fit', () => {
    // 1 fixed + 2 × 2 + 2 × 1 = 7, and 3 × 2 for the rechecks: 13.
    expect(leaveRoomToRecheck(comparing, [3, 2], 13, 3)).toEqual([3, 2]);
  });

  it('trims the last property’s last cases first, then the earlier ones, to leave the room', () => {
    // 12 left: one case of the second property goes (1 + 4 + 1 + 6).
    expect(leaveRoomToRecheck(comparing, [3, 2], 12, 3)).toEqual([3, 1]);
    // 9 left: the second property's cases go, then one of the first (1 + 2 + 6).
    expect(leaveRoomToRecheck(comparing, [3, 2], 9, 3)).toEqual([2, 0]);
  });

  it('leaves nothing to run when not even one case and its rechecks fit, never below what ran', () => {
    expect(leaveRoomToRecheck(comparing, [3, 2], 8, 3)).toEqual([1, 0]);
    expect(leaveRoomToRecheck(comparing, [3, 2], 0, 3)).toEqual([1, 0]);
  });
});

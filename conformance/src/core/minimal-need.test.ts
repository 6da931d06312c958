import { describe, expect, it } from 'vitest';
import { defineCheck, type CheckDefinition } from './check.ts';
import { minimalNeed, mustNeedTolerance } from './minimal-need.ts';
import { minimalNeedLine } from '../reporters/console.ts';

function check(id: string, extra: Partial<CheckDefinition> = {}): CheckDefinition {
  return defineCheck({
    id,
    area: 'games',
    source: '§4',
    level: 'must',
    title: id,
    covers: [],
    async run() {},
    ...extra,
  });
}

const table = { discovery: 20, checks: { A: 3, B: 1, P: 4, MODEL: 400, EXHAUST: 9 } };
const selection = [
  check('A'),
  check('B'),
  check('P', { level: 'profile' }),
  check('MODEL', { deferred: true }),
  check('EXHAUST', { exhausting: true }),
  check('NEW'),
];

describe('minimalNeed', () => {
  it('adds discovery, the checks and the reserve; the deferred apart; an unmeasured check at 2', () => {
    const need = minimalNeed(selection, 15, { table });
    expect(need).toEqual({
      requests: 20 + (3 + 1 + 4 + 2) + 15,
      mustRequests: 20 + (3 + 1 + 2) + 15,
      discovery: 20,
      checks: 10,
      reserve: 15,
      reserveSpent: 9,
      deferred: 400,
      unmeasured: ['NEW'],
      hinted: false,
    });
  });

  it('counts a check’s cost with hints when the run was given one, its plain cost otherwise', () => {
    const hintedTable = { ...table, withHints: { B: 5, MODEL: 410 } };
    expect(minimalNeed(selection, 15, { table: hintedTable }).checks).toBe(10);
    const need = minimalNeed(selection, 15, { table: hintedTable, hinted: true });
    expect(need).toMatchObject({
      checks: 14,
      deferred: 410,
      mustRequests: 20 + (3 + 5 + 2) + 15,
      hinted: true,
    });
    expect(minimalNeedLine(need, 100)).toContain('as measured on the reference server with the hints given');
    expect(minimalNeedLine(minimalNeed(selection, 15, { table: hintedTable }), 100)).not.toContain('hints');
  });
});

describe('minimalNeedLine', () => {
  const need = minimalNeed(selection, 15, { table });
  it('says the budget suffices when it covers every check', () => {
    expect(minimalNeedLine(need, 45)).toMatch(/suffices for a verdict on every check$/);
  });
  it('says only the must checks are covered between the two figures', () => {
    expect(minimalNeedLine(need, 42)).toMatch(/suffices for the must checks; the last profile checks/);
  });
  it('counts on the reserve the exhausting checks give back only as far as they did on the reference', () => {
    // Must need 41, of which 15 kept for EXHAUST, which spent 9: 6 come back.
    expect(minimalNeedLine(need, 35)).toMatch(
      /suffices for the must checks if the exhausting checks spend what they did on the reference server \(9 of the 15 kept for them/,
    );
    expect(minimalNeedLine(need, 34)).toMatch(/does not suffice/);
    // A reserve they spend whole gives nothing back.
    const spentWhole = minimalNeed(selection, 9, { table });
    expect(spentWhole.reserveSpent).toBe(9);
    expect(minimalNeedLine(spentWhole, spentWhole.mustRequests - 3)).toMatch(/does not suffice/);
  });
  it('calls a budget a few requests short of the must checks an edge, not a shortfall', () => {
    const spentWhole = minimalNeed(selection, 9, { table });
    // Must need 35 (a reserve of 9, spent whole): 2 % is under the floor of 2 requests.
    expect(mustNeedTolerance(spentWhole)).toBe(2);
    expect(minimalNeedLine(spentWhole, spentWhole.mustRequests - 2)).toMatch(
      /is 2 short of the must checks' measured need \(35\), within what that figure varies by.*may all get a verdict, or the last in line may not \(exit 1\)/,
    );
    expect(minimalNeedLine(spentWhole, spentWhole.mustRequests - 3)).toMatch(/does not suffice/);
    // The full selection's 201 allow 5 (the reference gave every must check a verdict at 197).
    expect(mustNeedTolerance({ mustRequests: 201 })).toBe(5);
  });
  it('says the gate may fail below the must checks’ need', () => {
    expect(minimalNeedLine(need, 30)).toMatch(
      /does not suffice: the last must checks in line may get no verdict \(exit 1\)/,
    );
  });
});

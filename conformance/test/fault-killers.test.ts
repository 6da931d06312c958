import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference-server/src/faults.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { FAULT_KILLERS } from './fault-killers.ts';

describe('the fault → killing-check table', () => {
  it('names every fault of the catalogue, and only those', () => {
    expect(Object.keys(FAULT_KILLERS).sort()).toEqual(FAULTS.map((f) => f.name).sort());
  });

  it('names only registered checks', () => {
    const ids = new Set(ALL_CHECKS.map((c) => c.id));
    const unknown = Object.values(FAULT_KILLERS).flatMap((kill) => kill.checks.filter((id) => !ids.has(id)));
    expect(unknown).toEqual([]);
  });

  it('marks a fault profile exactly when one of its killing checks is profile-level', () => {
    const level = new Map(ALL_CHECKS.map((c) => [c.id, c.level]));
    for (const [fault, kill] of Object.entries(FAULT_KILLERS)) {
      const anyProfile = kill.checks.some((id) => level.get(id) === 'profile');
      expect(kill.profile === true, fault).toBe(anyProfile);
    }
  });
});

describe('docs/faults.md', () => {
  it('is the table generated from the catalogue and the killing checks', async () => {
    const { readFileSync } = await import('node:fs');
    const { faultTableMarkdown } = await import('./fault-table.ts');
    expect(readFileSync('docs/faults.md', 'utf8')).toBe(faultTableMarkdown());
  });
});

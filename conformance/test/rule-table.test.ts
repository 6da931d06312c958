import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference-server/src/faults.ts';
import { VARIANTS } from '../../reference-server/src/variants.ts';
import { ALL_CHECKS } from '../src/registry.ts';
import { RULES } from '../src/rules.ts';
import { FAULT_KILLERS } from './fault-killers.ts';
import { NO_FAULT_BECAUSE, ruleTableMarkdown } from './rule-table.ts';

const ruleIds = new Set(RULES.map((r) => r.id));
const unobservable = new Set(RULES.filter((r) => r.unobservable !== undefined).map((r) => r.id));

describe('the rule id joins checks, faults and variants', () => {
  it('every fault and every variant names at least one rule, each a known observable rule', () => {
    for (const entry of [...FAULTS, ...VARIANTS]) {
      expect(entry.rules.length, entry.name).toBeGreaterThan(0);
      for (const id of entry.rules) {
        expect(ruleIds.has(id), `${entry.name}: unknown rule ${id}`).toBe(true);
        expect(unobservable.has(id), `${entry.name}: ${id} is marked unobservable`).toBe(false);
      }
    }
  });

  it("a fault's killing checks assert at least one of the rules it breaks", () => {
    const covers = new Map(ALL_CHECKS.map((c) => [c.id, new Set(c.covers)]));
    const unjoined = FAULTS.filter(
      (fault) =>
        !FAULT_KILLERS[fault.name].checks.some((check) =>
          fault.rules.some((id) => covers.get(check)?.has(id)),
        ),
    ).map(
      (fault) =>
        `${fault.name} (breaks ${fault.rules.join(', ')}; killed by ${FAULT_KILLERS[fault.name].checks.join(', ')})`,
    );
    expect(unjoined).toEqual([]);
  });
});

describe('docs/rules.md', () => {
  it('every observable rule is broken by a fault or listed with the reason it is not, and no reason is stale', () => {
    const broken = new Set(FAULTS.flatMap((fault) => fault.rules));
    const observable = RULES.filter((rule) => rule.unobservable === undefined).map((rule) => rule.id);
    expect(observable.filter((id) => !broken.has(id) && NO_FAULT_BECAUSE[id] === undefined)).toEqual([]);
    expect(Object.keys(NO_FAULT_BECAUSE).filter((id) => broken.has(id) || !observable.includes(id))).toEqual(
      [],
    );
  });

  it('is the table generated from the rules, the registry, the faults and the variants', () => {
    expect(readFileSync('docs/rules.md', 'utf8')).toBe(ruleTableMarkdown());
  });
});

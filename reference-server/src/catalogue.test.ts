import { describe, expect, it } from 'vitest';
import { catalogueNames } from './catalogue.ts';

const ENTRIES = [{ name: 'cors-enabled' }, { name: 'q-any-term' }] as const;
const faults = catalogueNames(ENTRIES, 'fault');
const variants = catalogueNames(ENTRIES, 'variant');

describe('catalogueNames', () => {
  it('knows the names of the catalogue and no other', () => {
    expect(faults.isName('q-any-term')).toBe(true);
    expect(faults.isName('q-case-sensitive')).toBe(false);
  });

  it('reads a comma-separated list, ignoring spaces and empty items', () => {
    expect([...faults.parse(' q-any-term, ,cors-enabled,')]).toEqual(['q-any-term', 'cors-enabled']);
    expect(faults.parse('').size).toBe(0);
  });

  it('refuses unknown names, naming them and the catalogue by its kind', () => {
    expect(() => faults.toSet(['cors-enabled', 'x'])).toThrow(
      new Error('Unknown fault: x (see --list-faults for the catalogue).'),
    );
    expect(() => variants.parse('a,cors-enabled,b')).toThrow(
      new Error('Unknown variants: a, b (see --list-variants for the catalogue).'),
    );
  });
});

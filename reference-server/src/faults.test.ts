/** The fault catalogue (faults.ts): well-formed, and every entry wired into the server. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS, FIELD_FAULTS, parseFaults } from './faults.ts';

/** Field faults are wired by their table (FIELD_FAULTS), not by name; their probes prove each live. */
const FIELD_NAMES: ReadonlySet<string> = new Set(FIELD_FAULTS.map((f) => f.name));
const NAMED = FAULTS.filter((f) => !FIELD_NAMES.has(f.name));

const SOURCE_DIR = import.meta.dirname;

/** The server's source, faults.ts and tests excepted. */
function serverSource(): string {
  const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'faults.ts',
  );
  return files.map((file) => readFileSync(join(SOURCE_DIR, file), 'utf8')).join('\n');
}

describe('fault catalogue', () => {
  it('has at least 40 faults', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
  });

  it('has unique names', () => {
    const names = FAULTS.map((fault) => fault.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('names every fault in kebab-case', () => {
    expect(FAULTS.map((f) => f.name).filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(name))).toEqual([]);
  });

  it('gives every fault a rule, a description and a place', () => {
    expect(FAULTS.filter((f) => !f.rule.trim() || !f.description.trim() || !f.where.trim())).toEqual([]);
  });

  it('uses every fault somewhere in the server source', () => {
    const source = serverSource();
    expect(NAMED.map((f) => f.name).filter((name) => !source.includes(`'${name}'`))).toEqual([]);
  });

  it('names the module each fault is injected in', () => {
    const misplaced = NAMED.filter(
      (f) => !readFileSync(join(SOURCE_DIR, f.where), 'utf8').includes(`'${f.name}'`),
    ).map((f) => `${f.name} (${f.where})`);
    expect(misplaced).toEqual([]);
  });

  it('applies the field faults by their table, in the module they name', () => {
    for (const where of new Set(FIELD_FAULTS.map((f) => f.where))) {
      expect(readFileSync(join(SOURCE_DIR, where), 'utf8')).toMatch(/for \(const fault of FIELD_FAULTS\)/);
    }
  });

  it('consults no fault that is missing from the catalogue', () => {
    const consulted = [...serverSource().matchAll(/faults\??\.has\('([^']+)'\)/g)].map((m) => m[1]);
    const known = new Set<string>(FAULTS.map((f) => f.name));
    expect(consulted.filter((name) => !known.has(name!))).toEqual([]);
  });
});

describe('parseFaults', () => {
  it('reads a comma-separated list, ignoring spaces and empty items', () => {
    expect([...parseFaults(' cors-enabled, ,q-any-term,')]).toEqual(['cors-enabled', 'q-any-term']);
  });

  it('reads an empty list as no faults', () => {
    expect(parseFaults('').size).toBe(0);
  });

  it('refuses an unknown name, naming it', () => {
    expect(() => parseFaults('cors-enabled,q-case-sensitive')).toThrow(/Unknown fault: q-case-sensitive/);
  });
});

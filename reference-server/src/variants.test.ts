/** The variant catalogue (variants.ts): well-formed, and every entry wired into the server. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIND_VARIANTS, VARIANTS, parseVariants } from './variants.ts';

const SOURCE_DIR = import.meta.dirname;

/** The server's source, variants.ts and tests excepted. */
function serverSource(): string {
  const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'variants.ts',
  );
  return files.map((file) => readFileSync(join(SOURCE_DIR, file), 'utf8')).join('\n');
}

describe('variant catalogue', () => {
  it('has at least 15 variants', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(15);
  });

  it('has unique names in kebab-case', () => {
    const names = VARIANTS.map((variant) => variant.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(name))).toEqual([]);
  });

  it('names a DECISIONS row that exists for every variant', () => {
    const rows = new Set(
      [...readFileSync(join(SOURCE_DIR, '../../spec/DECISIONS.md'), 'utf8').matchAll(/^\| (D\d+) \|/gm)].map(
        (m) => m[1],
      ),
    );
    expect(VARIANTS.filter((v) => !rows.has(v.decision) || !v.description.trim()).map((v) => v.name)).toEqual(
      [],
    );
  });

  it('consults every variant somewhere in the server source, and no other', () => {
    const consulted = new Set(
      [...serverSource().matchAll(/variants\??\.has\('([^']+)'\)/g)].map((m) => m[1]!),
    );
    // The blind variant sets (blind-variants/) are consulted the same way.
    const known = new Set<string>([...VARIANTS, ...BLIND_VARIANTS].map((v) => v.name));
    expect([...known].filter((name) => !consulted.has(name))).toEqual([]);
    expect([...consulted].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('docs/variants.md', () => {
  it('has a row for every variant, with its decision', () => {
    const doc = readFileSync(join(SOURCE_DIR, '../../docs/variants.md'), 'utf8');
    expect(
      VARIANTS.filter((v) => !doc.includes(`| \`${v.name}\` | ${v.decision} |`)).map((v) => v.name),
    ).toEqual([]);
  });
});

describe('parseVariants', () => {
  it('reads a comma-separated list, ignoring spaces and empty items', () => {
    expect([...parseVariants(' sort-ties-id-desc, ,request-id-on-401,')]).toEqual([
      'sort-ties-id-desc',
      'request-id-on-401',
    ]);
  });

  it('refuses an unknown name, naming it', () => {
    expect(() => parseVariants('sort-ties-id-desc,q-case-sensitive')).toThrow(
      /Unknown variant: q-case-sensitive/,
    );
  });
});

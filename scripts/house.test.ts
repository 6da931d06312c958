/**
 * Conventions of the house, pinned: the project's modules import one another without a
 * circle (type-only imports included); every check defined under conformance/checks is
 * registered (a check file nobody registers would never run); a check area imports nothing
 * of another area (what areas share lives in conformance/checks/harness, after test262's
 * harness/), and in an area only check files sit at the top (helpers in `support/`,
 * generators in `arbitraries/`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../conformance/src/registry.ts';

const ROOTS = ['conformance', 'reference-server', 'spec/src', 'fixtures/src', 'scripts', 'bench'];
const RELATIVE_IMPORT = /(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/gs;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Strongly connected components with more than one module (Tarjan). */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

const files = ROOTS.flatMap((root) => sourceFiles(root)).filter((f) => !f.endsWith('.test.ts'));

describe('the house', () => {
  it('has no import circle among its modules', () => {
    const known = new Set(files.map((f) => normalize(f)));
    const graph = new Map(
      files.map((file) => [
        normalize(file),
        [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
          .map((m) => normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts'))
          .filter((target) => known.has(target)),
      ]),
    );
    expect(graph.size).toBeGreaterThan(200);
    expect(importCircles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the detector works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('keeps each check area to itself: shared code in harness/, helpers in support/', () => {
    const crossing: string[] = [];
    const misplaced: string[] = [];
    for (const file of sourceFiles('conformance/checks')) {
      const [, , area, ...rest] = normalize(file).split('/');
      if (area === 'harness' || area === undefined) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
        const target = normalize(join(dirname(file), m[1]!)).split('/');
        if (
          target[0] === 'conformance' &&
          target[1] === 'checks' &&
          target[2] !== area &&
          target[2] !== 'harness'
        ) {
          crossing.push(`${file} → ${target.join('/')}`);
        }
      }
      const top = rest.length === 1 && !file.endsWith('.test.ts') && !file.endsWith('index.ts');
      if (top && !/\bdefineCheck\(/.test(readFileSync(file, 'utf8'))) misplaced.push(file);
    }
    expect(crossing).toEqual([]);
    expect(misplaced).toEqual([]);
  });

  it('registers every check defined under conformance/checks', async () => {
    const registered = new Set<unknown>(ALL_CHECKS);
    const defining = sourceFiles('conformance/checks').filter(
      (f) => !f.endsWith('.test.ts') && /\bdefineCheck\(/.test(readFileSync(f, 'utf8')),
    );
    expect(defining.length).toBeGreaterThan(100);
    const unregistered: string[] = [];
    for (const file of defining) {
      const module = (await import(pathToFileURL(join(process.cwd(), file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const isCheck = typeof value === 'object' && value !== null && 'id' in value && 'run' in value;
        if (isCheck && !registered.has(value)) unregistered.push(`${relative('.', file)}: ${name}`);
      }
    }
    expect(unregistered).toEqual([]);
  });
});

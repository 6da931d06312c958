/**
 * The README's count of checks and its table of checks per area and level are the registry's
 * (a fresh-user walkthrough found them one check behind).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../src/registry.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("the README's check counts", () => {
  it('say how many checks there are', () => {
    expect(readme).toContain(`${ALL_CHECKS.length} checks, each with a stable id`);
  });

  it('give each area its must and profile checks', () => {
    const stated = new Map<string, string>();
    // Rows of `| area | must | profile | | area | must | profile |`.
    for (const match of readme.matchAll(
      /^\| ([a-z-]+) \| (\d+) \| (\d+) \| \| ([a-z-]+) \| (\d+) \| (\d+) \|$/gm,
    )) {
      stated.set(match[1]!, `${match[2]}/${match[3]}`);
      stated.set(match[4]!, `${match[5]}/${match[6]}`);
    }
    const actual = new Map<string, string>();
    for (const area of new Set(ALL_CHECKS.map((check) => check.area))) {
      const of = (level: string) =>
        ALL_CHECKS.filter((check) => check.area === area && check.level === level).length;
      actual.set(area, `${of('must')}/${of('profile')}`);
    }
    expect(Object.fromEntries(stated)).toEqual(Object.fromEntries(actual));
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_CHECKS, CHECK_ID_PATTERN, validateRegistry } from './registry.ts';
import { RULES } from './rules.ts';
import type { CheckDefinition } from './core/check.ts';

const fake = (overrides: Partial<CheckDefinition>): CheckDefinition => ({
  id: 'GAMES-FAKE',
  area: 'games',
  source: '§4 GET /games',
  level: 'must',
  title: 'A fake check',
  covers: ['S4.GAMES.Q'],
  run: async () => {},
  ...overrides,
});

describe('the registry', () => {
  it('has unique, well-formed ids', () => {
    const ids = ALL_CHECKS.map((check) => check.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !CHECK_ID_PATTERN.test(id))).toEqual([]);
  });

  it('passes validateRegistry', () => {
    expect(validateRegistry()).toEqual([]);
  });

  it('covers every observable rule of the API description', () => {
    const covered = new Set(ALL_CHECKS.flatMap((check) => check.covers));
    const uncovered = RULES.filter((rule) => rule.unobservable === undefined && !covered.has(rule.id)).map(
      (rule) => `${rule.id} (${rule.source}: ${rule.text})`,
    );
    expect(uncovered, `rules no check covers:\n${uncovered.join('\n')}`).toEqual([]);
  });
});

describe('validateRegistry', () => {
  it('refuses duplicate ids', () => {
    expect(validateRegistry([fake({}), fake({})])).toContain('GAMES-FAKE: duplicate id');
  });

  it('refuses malformed ids', () => {
    expect(validateRegistry([fake({ id: 'GAMES_fake' })]).join('\n')).toMatch(/malformed id/);
  });

  it('refuses an id outside its area', () => {
    expect(validateRegistry([fake({ id: 'TAGS-FAKE' })]).join('\n')).toMatch(/prefix GAMES-/);
  });

  it('refuses rules that do not exist', () => {
    expect(validateRegistry([fake({ covers: ['S99'] })])).toContain('GAMES-FAKE: covers unknown rule S99');
  });

  it('refuses profile checks without decisions', () => {
    expect(validateRegistry([fake({ level: 'profile' })]).join('\n')).toMatch(/without decisions/);
  });
});

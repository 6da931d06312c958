import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from './config.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'config-'));
  await writeFile(
    join(dir, 'gamedir-conformance.config.yaml'),
    'base-url: http://file.example/api/v1\napiKey: from-file\nruns: 7\nonly: [GAMES-*, tags]\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('resolveConfig', () => {
  it('takes flags over env over the config file over defaults', () => {
    const config = resolveConfig({
      cli: { runs: '9' },
      env: { GAMEDIR_API_KEY: 'from-env', GAMEDIR_RUNS: '8' },
      cwd: dir,
      randomSeed: () => 5,
    });
    expect(config).toMatchObject({
      baseUrl: 'http://file.example/api/v1',
      apiKey: 'from-env',
      runs: 9,
      only: ['GAMES-*', 'tags'],
      maxRequests: 20_000,
      timeBudgetSeconds: 300,
      seed: 5,
      seedWasRandom: true,
    });
  });

  it('reads the documented names in a config file: time-budget and timeBudget, budget presets', async () => {
    const other = await mkdtemp(join(tmpdir(), 'config-names-'));
    try {
      await writeFile(join(other, 'a.yaml'), 'time-budget: 600\nbudget: quick\n');
      await writeFile(join(other, 'b.json'), '{"timeBudget": 120, "runs": 3}');
      const a = resolveConfig({ cli: { config: 'a.yaml' }, env: {}, cwd: other });
      // The preset fills what was not set: runs and max-requests; the file's time budget wins.
      expect(a).toMatchObject({ timeBudgetSeconds: 600, budget: 'quick', runs: 10, maxRequests: 600 });
      const b = resolveConfig({ cli: { config: 'b.json' }, env: {}, cwd: other });
      expect(b).toMatchObject({ timeBudgetSeconds: 120, runs: 3 });
      expect(() => resolveConfig({ cli: { budget: 'huge' }, env: {}, cwd: other })).toThrow(
        /expected one of quick, standard, deep/,
      );
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('parses --replay and selects its check', () => {
    const config = resolveConfig({ cli: { replay: 'GAMES-Q:3:1:0', seed: '12' }, env: {}, cwd: tmpdir() });
    expect(config.replay).toEqual({ id: 'GAMES-Q', path: '3:1:0' });
    expect(config.only).toEqual(['GAMES-Q']);
    expect(config.seed).toBe(12);
  });

  it('takes --model auto|on|off (default auto; the deep preset turns it on)', () => {
    expect(resolveConfig({ cli: {}, env: {}, cwd: tmpdir() }).model).toBe('auto');
    expect(resolveConfig({ cli: { model: 'OFF' }, env: {}, cwd: tmpdir() }).model).toBe('off');
    expect(resolveConfig({ cli: {}, env: { GAMEDIR_MODEL: 'on' }, cwd: tmpdir() }).model).toBe('on');
    expect(resolveConfig({ cli: { budget: 'deep' }, env: {}, cwd: tmpdir() }).model).toBe('on');
    expect(resolveConfig({ cli: { budget: 'deep', model: 'off' }, env: {}, cwd: tmpdir() }).model).toBe(
      'off',
    );
    expect(() => resolveConfig({ cli: { model: 'always' }, env: {}, cwd: tmpdir() })).toThrow(/--model/);
  });

  it('keeps the primary key out of URLs unless told: --probe-key-elsewhere low-limit (default), primary, off', () => {
    expect(resolveConfig({ cli: {}, env: {}, cwd: tmpdir() }).probeKeyElsewhere).toBe('low-limit');
    const primary = resolveConfig({
      cli: {},
      env: { GAMEDIR_PROBE_KEY_ELSEWHERE: 'primary' },
      cwd: tmpdir(),
    });
    expect(primary.probeKeyElsewhere).toBe('primary');
    expect(() => resolveConfig({ cli: { probeKeyElsewhere: 'any' }, env: {}, cwd: tmpdir() })).toThrow(
      /--probe-key-elsewhere: expected one of low-limit, primary, off/,
    );
  });

  it('refuses a key too short to redact, without echoing it', () => {
    const attempt = () => resolveConfig({ cli: { lowLimitKey: 'x7Q' }, env: {}, cwd: tmpdir() });
    expect(attempt).toThrow(/--low-limit-key: a key of 3 characters is too short/);
    expect(attempt).not.toThrow(/x7Q/);
    expect(() => resolveConfig({ cli: {}, env: { GAMEDIR_API_KEY: 'k' }, cwd: tmpdir() })).toThrow(
      /environment GAMEDIR_API_KEY: a key of 1 characters/,
    );
  });

  it('refuses malformed values with the flag in the message', () => {
    expect(() => resolveConfig({ cli: { timeBudgetSeconds: '-1' }, env: {}, cwd: tmpdir() })).toThrow(
      /--time-budget/,
    );
    expect(() =>
      resolveConfig({ cli: { baseUrl: 'ftp://x', apiKey: 'k'.repeat(32) }, env: {}, cwd: tmpdir() }),
    ).toThrow(ConfigError);
  });
});

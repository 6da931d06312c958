import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { defineCheck, type CheckDefinition } from './check.ts';
import type { RunEvent } from './events.ts';
import { expectStatus } from './expect.ts';
import { HttpApiClient } from './http-client.ts';
import { DEFAULT_PROFILE } from './profile.ts';
import { exitCodeFor, runSuite, selectChecks, type RunOptions } from './runner.ts';

let api: FakeApi;
let spec: SpecValidator;

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.get('/api/v1/games/1', (_req, res) => res.status(404).json({ error: { code: 'nope' } }));
  });
});
afterAll(() => api.close());

const check = (
  id: string,
  run: CheckDefinition['run'],
  extra: Partial<CheckDefinition> = {},
): CheckDefinition =>
  defineCheck({
    id,
    area: (id.startsWith('GAMES-') ? 'games' : 'tags') as CheckDefinition['area'],
    source: '§4 GET /games',
    level: 'must',
    title: id,
    covers: ['S4.GAMES.Q'],
    run,
    ...extra,
  });

const passing = check('GAMES-PASSES', async () => {});
const failing = check('GAMES-FAILS', async (ctx) => {
  expectStatus(await ctx.client.get('/games/1'), 200);
});
const erroring = check('GAMES-ERRS', async () => {
  throw new TypeError('boom');
});
const skipping = check('TAGS-SKIPS', async (ctx) => ctx.skip('no archived game id known'));
const profileFailing = check(
  'TAGS-PROFILE-FAILS',
  async (ctx) => ctx.fail({ message: 'm', expected: 'e', received: 'r' }),
  { level: 'profile', decisions: ['D1'] },
);

async function run(checks: CheckDefinition[], options: Partial<RunOptions> = {}) {
  const client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY }, timeoutMs: 2000 });
  const events: RunEvent[] = [];
  const summary = await runSuite({
    checks,
    client,
    spec,
    profile: DEFAULT_PROFILE,
    hints: {},
    seed: 7,
    runs: 5,
    listeners: [(e) => void events.push(e)],
    ...options,
  });
  await client.close();
  return { summary, events };
}

describe('runSuite', () => {
  it('gives each check one status and never counts skipped as passed', async () => {
    const { summary } = await run([passing, failing, erroring, skipping]);
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([
      ['GAMES-PASSES', 'pass'],
      ['GAMES-FAILS', 'fail'],
      ['GAMES-ERRS', 'error'],
      ['TAGS-SKIPS', 'skipped'],
    ]);
    expect(summary.counts).toEqual({ pass: 1, fail: 1, error: 1, skipped: 1 });
    expect(summary.results[1]?.failure?.expected).toBe('HTTP 200');
    expect(summary.results[1]?.failure?.request?.curl).toContain('Bearer $API_KEY');
    expect(summary.results[2]?.reason).toBe('boom');
    expect(summary.results[3]?.reason).toBe('no archived game id known');
  });

  it('emits run-start, discovery-done, check-start/check-end pairs, run-end', async () => {
    const { events } = await run([passing, skipping]);
    expect(events.filter((e) => e.type !== 'log').map((e) => e.type)).toEqual([
      'run-start',
      'discovery-done',
      'check-start',
      'check-end',
      'check-start',
      'check-end',
      'run-end',
    ]);
  });

  it('exits 0 when only profile checks fail, 1 with --fail-on-profile', async () => {
    expect((await run([passing, profileFailing])).summary.exitCode).toBe(0);
    expect((await run([passing, profileFailing], { failOnProfile: true })).summary.exitCode).toBe(1);
  });

  it('exits 1 when a must check fails or a check errors; skipped changes nothing', async () => {
    expect((await run([passing, failing])).summary.exitCode).toBe(1);
    expect((await run([passing, erroring])).summary.exitCode).toBe(1);
    expect((await run([passing, skipping])).summary.exitCode).toBe(0);
  });

  it('exits 2 when discovery cannot run', async () => {
    const client = new HttpApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', keys: { primary: FAKE_KEY } });
    const summary = await runSuite({
      checks: [passing],
      client,
      spec,
      profile: DEFAULT_PROFILE,
      hints: {},
      seed: 1,
      runs: 1,
    });
    expect(summary.exitCode).toBe(2);
    expect(summary.fatal).toMatch(/cannot reach/);
    await client.close();
  });

  it('ends a check as error when the request budget is spent', async () => {
    const client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY }, maxRequests: 3 });
    const summary = await runSuite({
      checks: [failing],
      client,
      spec,
      profile: DEFAULT_PROFILE,
      hints: {},
      seed: 1,
      runs: 1,
    });
    expect(summary.results[0]).toMatchObject({ status: 'error', reason: 'request budget exhausted' });
    await client.close();
  });

  it('skips checks not started when the time budget runs out', async () => {
    const slow = check('GAMES-SLOW', () => new Promise((resolve) => setTimeout(resolve, 300)));
    const { summary } = await run([slow, passing], { timeBudgetMs: 150, overrunGraceMs: 5000 });
    expect(summary.results.map((r) => [r.id, r.status, r.reason])).toEqual([
      ['GAMES-SLOW', 'pass', undefined],
      ['GAMES-PASSES', 'skipped', 'time budget'],
    ]);
  });
});

describe('selectChecks', () => {
  const a = check('GAMES-A-ONE', async () => {});
  const b = check('GAMES-B-TWO', async () => {}, { exhausting: true });
  const c = check('TAGS-C', async () => {});

  it('keeps registry order with exhausting checks last', () => {
    expect(selectChecks([b, a, c]).map((x) => x.id)).toEqual(['GAMES-A-ONE', 'TAGS-C', 'GAMES-B-TWO']);
  });

  it('filters by id, area and glob', () => {
    expect(selectChecks([a, b, c], ['tags']).map((x) => x.id)).toEqual(['TAGS-C']);
    expect(selectChecks([a, b, c], ['GAMES-*']).map((x) => x.id)).toEqual(['GAMES-A-ONE', 'GAMES-B-TWO']);
    expect(selectChecks([a, b, c], [], ['GAMES-A-ONE', 'tags']).map((x) => x.id)).toEqual(['GAMES-B-TWO']);
  });
});

describe('exitCodeFor', () => {
  it('ignores skipped and passing checks', () => {
    expect(
      exitCodeFor([
        {
          id: 'X-A',
          area: 'games',
          level: 'must',
          title: '',
          source: '',
          status: 'skipped',
          durationMs: 0,
          requests: 0,
        },
      ]),
    ).toBe(0);
  });
});

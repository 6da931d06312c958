import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { runChecks, testCheck } from '../testing/run-checks.ts';
import type { CheckDefinition, CheckResult } from './check.ts';
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

const check = testCheck;

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

function run(checks: CheckDefinition[], options: Partial<RunOptions> = {}, lowLimitKey?: string) {
  return runChecks({ baseUrl: api.baseUrl, spec, ...(lowLimitKey ? { lowLimitKey } : {}) }, checks, options);
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
    expect(summary.counts).toEqual({ pass: 1, fail: 1, error: 1, timeout: 0, skipped: 1, notrun: 0 });
    expect(summary.results[1]?.failure?.expected).toBe('HTTP 200');
    expect(summary.results[1]?.failure?.request?.curl).toContain('Bearer $API_KEY');
    expect(summary.results[2]?.reason).toBe('boom');
    expect(summary.results[3]?.reason).toBe('no archived game id known');
  });

  it('emits run-start, discovery-done, check-start/check-end pairs, run-end', async () => {
    const { events } = await run([passing, skipping]);
    expect(events.filter((e) => e.type !== 'log').map((e) => e.type)).toEqual([
      'run-start',
      'budget',
      'discovery-done',
      'check-start',
      'check-end',
      'check-start',
      'check-end',
      'plan',
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

  it('refuses to start (exit 2) when the budget is too small for any verdict', async () => {
    const { summary } = await run([failing], { maxRequests: 3 });
    expect(summary.exitCode).toBe(2);
    expect(summary.fatal).toMatch(/3 requests \(max-requests binds/);
  });

  it('marks a must check whose minimal pass the request budget cut short as notrun (exit 1), not error', async () => {
    const hungry = check('GAMES-HUNGRY', async (ctx) => {
      for (let i = 0; i < 100; i += 1) await ctx.client.get('/games/1', { fresh: true });
    });
    const { summary } = await run([hungry, passing], { maxRequests: 60 });
    // The check after it still gets its verdict: it needs no request.
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([
      ['GAMES-HUNGRY', 'notrun'],
      ['GAMES-PASSES', 'pass'],
    ]);
    expect(summary.results[0]?.reason).toMatch(/the request budget ended first/);
    expect(summary.counts.error).toBe(0);
    expect(summary.exitCode).toBe(1);
  });

  it('tells a check what the run can still spend, and runs a deferred check after the others', async () => {
    const seen: Array<[string, number]> = [];
    const spender = check('GAMES-SPENDS', async (ctx) => {
      seen.push(['GAMES-SPENDS', ctx.budgetLeft()]);
      for (let i = 0; i < 5; i += 1) await ctx.client.get('/games/1', { fresh: true });
    });
    const deferred = check(
      'GAMES-DEFERRED',
      async (ctx) => void seen.push(['GAMES-DEFERRED', ctx.budgetLeft()]),
      {
        deferred: true,
      },
    );
    const { summary } = await run([deferred, spender], { maxRequests: 60 });
    expect(summary.results.map((r) => r.id)).toEqual(['GAMES-SPENDS', 'GAMES-DEFERRED']);
    const [[, before], [, after]] = seen as [[string, number], [string, number]];
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(60);
    expect(after).toBe(before - 5);
  });

  it('marks checks not started when the time budget runs out as notrun', async () => {
    const slow = check('GAMES-SLOW', () => new Promise((resolve) => setTimeout(resolve, 300)));
    const { summary } = await run([slow, passing], { timeBudgetMs: 150, overrunGraceMs: 5000 });
    expect(summary.results.map((r) => [r.id, r.status, r.reason])).toEqual([
      ['GAMES-SLOW', 'pass', undefined],
      ['GAMES-PASSES', 'notrun', 'not run: the time budget ended before it started'],
    ]);
  });

  it('gives every check its minimal verdict first, then deepens within the budget', async () => {
    // Ten checks of one property each, one request a case: 10 × 50 cases would need 500 requests.
    const propertyCheck = (n: number) =>
      check(`GAMES-PROP-${n}`, async (ctx) => {
        await ctx.property([fc.integer({ min: 1, max: 1000 })], async (i) => {
          await ctx.client.get('/games', { query: [['page', i]], fresh: true });
        });
      });
    const checks = Array.from({ length: 10 }, (_, n) => propertyCheck(n));
    const { summary, events } = await run(checks, { runs: 50, maxRequests: 200 });
    expect(summary.results.every((r) => r.status === 'pass')).toBe(true);
    expect(summary.requests).toBeLessThanOrEqual(200);
    expect(summary.budget?.total).toBe(200);
    // Breadth: every check got its verdict before any deepening.
    const types = events.map((e) => e.type);
    expect(types.lastIndexOf('check-end')).toBeLessThan(types.indexOf('check-deepened'));
    // Depth: spread evenly, reduced, and said so.
    const cases = summary.results.map((r) => r.cases ?? 0);
    expect(Math.min(...cases)).toBeGreaterThan(5);
    expect(Math.max(...cases) - Math.min(...cases)).toBeLessThanOrEqual(2);
    expect(summary.results.every((r) => r.depth === 'reduced' && r.fullCases === 50)).toBe(true);
    expect(summary.plan?.share).toBeGreaterThan(0);
    expect(summary.plan?.share).toBeLessThan(1);
  });

  it('takes every property to full depth when the budget allows', async () => {
    const one = check('GAMES-PROP', async (ctx) => {
      await ctx.property([fc.integer()], async () => {
        await ctx.client.get('/games', { fresh: true });
      });
    });
    const { summary } = await run([one], { runs: 30 });
    expect(summary.results[0]).toMatchObject({ status: 'pass', cases: 30, fullCases: 30, depth: 'full' });
    expect(summary.depth).toEqual({ full: 1, reduced: 0 });
  });

  it('does not let a check late in line take what the estimates left while earlier named cases wait', async () => {
    // Five checks whose first case costs three requests and every other one (their five more
    // examples) one, so the minimal pass overestimates them; then a long sweep. Planned before
    // each check over those still to come, the sweep took every request the five left unspent.
    const named = (n: number) =>
      check(`GAMES-NAMED-${n}`, async (ctx) => {
        await ctx.property(
          [fc.integer({ min: 1, max: 1000 })],
          async (i) => {
            for (let k = 0; k < (i === 1 ? 3 : 1); k += 1)
              await ctx.client.get('/games', { query: [['page', i * 10 + k]], fresh: true });
          },
          { examples: [[1], [2], [3], [4], [5], [6]] },
        );
      });
    const sweep = check('GAMES-LONG-SWEEP', async (ctx) => {
      await ctx.sweep(
        Array.from({ length: 60 }, (_, i) => i),
        async (i) => {
          await ctx.client.get('/games', {
            query: [
              ['per_page', (i % 50) + 1],
              ['page', i],
            ],
            fresh: true,
          });
        },
      );
    });
    const checks = [...Array.from({ length: 5 }, (_, n) => named(n)), sweep];
    const { summary } = await run(checks, { runs: 100, maxRequests: 56 });
    expect(summary.requests).toBeLessThanOrEqual(56);
    const cases = new Map(summary.results.map((r) => [r.id, r.cases ?? 0]));
    for (let n = 0; n < 5; n += 1)
      expect(cases.get(`GAMES-NAMED-${n}`), `GAMES-NAMED-${n}`).toBeGreaterThanOrEqual(6);
    expect(cases.get('GAMES-LONG-SWEEP')).toBeGreaterThanOrEqual(6);
  });

  it('sweeps items in order across the passes: the first in the minimal pass, then on from there', async () => {
    const visited: number[] = [];
    const sweeping = check('GAMES-SWEEP', async (ctx) => {
      await ctx.sweep(
        Array.from({ length: 30 }, (_, i) => i),
        async (i) => {
          visited.push(i);
        },
      );
    });
    const { summary } = await run([sweeping], { runs: 20 });
    expect(visited).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(summary.results[0]).toMatchObject({ status: 'pass', cases: 20, fullCases: 20, depth: 'full' });
  });

  it('a failure found while deepening replaces the pass, with a replay path marked D', async () => {
    // Holds for the minimal pass's one case (the example) and for its stream's two cases run
    // again when deepening (the example, one generated case); fails from the fourth on, on the
    // deepening's own stream.
    let seen = 0;
    const late = check('GAMES-LATE', async (ctx) => {
      await ctx.property(
        [fc.integer({ min: 0, max: 99 })],
        async () => {
          seen += 1;
          return seen <= 3;
        },
        { examples: [[0]] },
      );
    });
    const { summary } = await run([late], { runs: 200 });
    expect(summary.results[0]?.status).toBe('fail');
    expect(summary.results[0]?.failure?.property?.path).toMatch(/^D0\//);
  });
});

describe('the traffic judged to the end', () => {
  it('offers a check that judges the traffic the responses later checks received, sending nothing', async () => {
    const judging = check('TAGS-JUDGES-TRAFFIC', async (ctx) => {
      ctx.judgeObserved(
        (response) => response.url.endsWith('/games/1'),
        (response) => {
          expectStatus(response, 200);
          return true;
        },
      );
    });
    // Judges nothing it is offered, then would send: stopped in the last pass, its verdict stands.
    const sending = check('TAGS-JUDGES-AND-SENDS', async (ctx) => {
      ctx.judgeObserved(
        () => true,
        () => false,
      );
      await ctx.client.get('/tags', { fresh: true });
    });
    const later = check('GAMES-LATER', async (ctx) => {
      await ctx.client.get('/games/1', { fresh: true });
    });
    const { summary, events } = await run([judging, sending, later], { maxRequests: 50 });
    const byId = new Map(summary.results.map((r) => [r.id, r]));
    expect(byId.get('TAGS-JUDGES-TRAFFIC')?.status).toBe('fail');
    expect(byId.get('TAGS-JUDGES-TRAFFIC')?.failure?.request?.url).toMatch(/\/games\/1$/);
    expect(byId.get('TAGS-JUDGES-TRAFFIC')?.requests).toBe(0);
    expect(byId.get('TAGS-JUDGES-AND-SENDS')?.status).toBe('pass');
    expect(byId.get('TAGS-JUDGES-AND-SENDS')?.requests).toBe(1);
    expect(events.find((e) => e.type === 'traffic-judged')).toMatchObject({ checks: 2, failed: 1 });
    // The preflight's and discovery's requests, the two checks' own, nothing for the last pass.
    const discovery = events.find((e) => e.type === 'discovery-done');
    expect(summary.requests).toBe(1 + (discovery?.type === 'discovery-done' ? discovery.requests : NaN) + 2);
    expect(summary.exitCode).toBe(1);
  });
});

describe('the exhausting checks', () => {
  /** A user of the low-limit key, a slow check, and an exhausting one that waits: what ran when. */
  const scenario = () => {
    const order: string[] = [];
    const lowUser = check(
      'TAGS-LOW-USER',
      async (ctx) => {
        order.push('low-user');
        await ctx.client.get('/tags', { auth: 'low-limit', unpaced: true });
      },
      { usesLowLimitKey: true },
    );
    const slow = check('GAMES-SLOW', async (ctx) => {
      order.push('slow-start');
      for (let i = 0; i < 3; i += 1) {
        await ctx.client.get('/games', { fresh: true });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      order.push('slow-end');
    });
    const exhaust = check(
      'TAGS-EXHAUSTS',
      async (ctx) => {
        order.push('exhaust-start');
        await ctx.client.get('/tags', { auth: 'low-limit', unpaced: true });
        await ctx.client.get('/tags', { auth: 'low-limit', unpaced: true });
        await ctx.wait(150, 'Retry-After 0 s');
        order.push('exhaust-end');
      },
      { exhausting: true },
    );
    return { order, checks: [exhaust, lowUser, slow] };
  };
  const runWith = (checks: CheckDefinition[], hints: RunOptions['hints'], maxRequests?: number) =>
    run(
      checks,
      { hints, ...(maxRequests !== undefined ? { maxRequests } : {}) },
      `${FAKE_KEY.slice(0, -4)}0000`,
    );

  it('run alongside the others with a low-limit key, once its users have their verdicts, each counting its own requests', async () => {
    const { order, checks } = scenario();
    const { summary, events } = await runWith(checks, { lowLimitKey: { present: true, perMinute: 5 } });
    expect(order.indexOf('exhaust-start')).toBeGreaterThan(order.indexOf('low-user'));
    expect(order.indexOf('exhaust-start')).toBeLessThan(order.indexOf('slow-end'));
    expect(summary.results.map((r) => [r.id, r.status, r.requests])).toEqual([
      ['TAGS-LOW-USER', 'pass', 1],
      ['GAMES-SLOW', 'pass', 3],
      ['TAGS-EXHAUSTS', 'pass', 2],
    ]);
    const wait = events.find((e) => e.type === 'wait');
    expect(wait).toMatchObject({ type: 'wait', checkId: 'TAGS-EXHAUSTS', alongside: true });
    expect(events.find((e) => e.type === 'budget')).toMatchObject({
      exhaustingAlongside: true,
      reserveMs: 0,
    });
    expect(events.at(-1)?.type).toBe('run-end');
  });

  it('spend their own reserve beyond the cap the others keep to', async () => {
    const { checks } = scenario();
    // 80 requests in all, 11 kept for the exhausting check (5 + 6): the others stop at 69.
    const hungry = check('GAMES-HUNGRY', async (ctx) => {
      for (;;) await ctx.client.get('/games', { fresh: true });
    });
    const { summary } = await runWith(
      [hungry, ...checks],
      { lowLimitKey: { present: true, perMinute: 5 } },
      80,
    );
    // 69, the exhausting check's 2 on its reserve, then what it gave back: the cap, no more.
    expect(summary.requests).toBe(80);
    const byId = new Map(summary.results.map((r) => [r.id, r]));
    expect(byId.get('TAGS-EXHAUSTS')?.status).toBe('pass');
    expect(byId.get('GAMES-HUNGRY')?.status).toBe('notrun');
  });

  it('give back their reserve when they end: a check the cap stopped meanwhile gets its verdict on it', async () => {
    const { checks } = scenario();
    // 80 requests, 11 kept: the first check leaves 2 of the others' 69, the low user takes 1,
    // so the slow check (3) stops at the cap; the exhausting check ends (2) and gives back its
    // 9 unspent, on which the slow check runs again.
    const big = check('GAMES-BIG', async (ctx) => {
      while (ctx.budgetLeft() > 2) await ctx.client.get('/games', { fresh: true });
    });
    const { summary, events } = await runWith(
      [big, ...checks],
      { lowLimitKey: { present: true, perMinute: 5 } },
      80,
    );
    const late = events.find((e) => e.type === 'late-pass');
    expect(late).toMatchObject({ type: 'late-pass', because: 'reserve-returned', checks: 1 });
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([
      ['GAMES-BIG', 'pass'],
      ['TAGS-LOW-USER', 'pass'],
      ['GAMES-SLOW', 'pass'],
      ['TAGS-EXHAUSTS', 'pass'],
    ]);
    expect(summary.requests).toBeLessThanOrEqual(80);
    expect(summary.exitCode).toBe(0);
  });

  it('run last, alone, without a low-limit key', async () => {
    const { order, checks } = scenario();
    const { summary } = await runWith(checks, {});
    expect(order.filter((o) => o !== 'low-user')).toEqual([
      'slow-start',
      'slow-end',
      'exhaust-start',
      'exhaust-end',
    ]);
    expect(summary.results.find((r) => r.id === 'TAGS-EXHAUSTS')?.requests).toBe(2);
  });
});

describe('selectChecks', () => {
  const a = check('GAMES-A-ONE', async () => {});
  const b = check('GAMES-B-TWO', async () => {}, { exhausting: true });
  const c = check('TAGS-C', async () => {});

  it('keeps registry order with exhausting checks last', () => {
    expect(selectChecks([b, a, c]).map((x) => x.id)).toEqual(['GAMES-A-ONE', 'TAGS-C', 'GAMES-B-TWO']);
  });

  it('puts deferred checks after the others and before the exhausting ones', () => {
    const d = check('GAMES-D-MODEL', async () => {}, { deferred: true });
    expect(selectChecks([d, b, a, c]).map((x) => x.id)).toEqual([
      'GAMES-A-ONE',
      'TAGS-C',
      'GAMES-D-MODEL',
      'GAMES-B-TWO',
    ]);
  });

  it('filters by id, area and glob', () => {
    expect(selectChecks([a, b, c], ['tags']).map((x) => x.id)).toEqual(['TAGS-C']);
    expect(selectChecks([a, b, c], ['GAMES-*']).map((x) => x.id)).toEqual(['GAMES-A-ONE', 'GAMES-B-TWO']);
    expect(selectChecks([a, b, c], [], ['GAMES-A-ONE', 'tags']).map((x) => x.id)).toEqual(['GAMES-B-TWO']);
  });
});

describe('exitCodeFor', () => {
  const result = (status: CheckResult['status'], level: CheckResult['level'] = 'must'): CheckResult => ({
    id: `X-${status.toUpperCase()}`,
    area: 'games',
    level,
    title: '',
    source: '',
    status,
    durationMs: 0,
    requests: 0,
  });

  it('ignores skipped checks beside a must verdict', () => {
    expect(exitCodeFor([result('pass'), result('skipped')])).toBe(0);
  });

  it('fails a run in which no must check reached a verdict (a gate that tested nothing)', () => {
    expect(exitCodeFor([result('skipped'), result('notrun', 'profile')])).toBe(1);
    expect(exitCodeFor([result('pass', 'profile'), result('skipped', 'profile')])).toBe(0);
  });

  it('fails on a must timeout or notrun, and on any error', () => {
    expect(exitCodeFor([result('pass'), result('timeout')])).toBe(1);
    expect(exitCodeFor([result('pass'), result('notrun')])).toBe(1);
    expect(exitCodeFor([result('pass'), result('error', 'profile')])).toBe(1);
    expect(exitCodeFor([result('pass'), result('notrun', 'profile')])).toBe(0);
  });
});

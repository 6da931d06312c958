/**
 * A paced key whose pace set the request budget: when the run has time left at the end, the
 * checks the request cap stopped get their minimal verdict after all (the whole time budget is
 * used, not the estimate made at preflight).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { runChecks, testCheck } from '../testing/run-checks.ts';
import type { CheckDefinition } from './check.ts';

/** A key of 50 requests per window of 2 s (so a test sees windows reset). */
const LIMIT = 50;
const WINDOW_S = 2;

let api: FakeApi;
let spec: SpecValidator;

beforeAll(async () => {
  spec = await loadSpecValidator();
  let windowEnd = 0;
  let used = 0;
  api = await startFakeApi((app) => {
    app.use((_req, res, next) => {
      const now = Date.now() / 1000;
      if (now >= windowEnd) {
        windowEnd = Math.ceil(now / WINDOW_S) * WINDOW_S + WINDOW_S;
        used = 0;
      }
      used += 1;
      res.set({
        'X-RateLimit-Limit': String(LIMIT),
        'X-RateLimit-Remaining': String(Math.max(0, LIMIT - used)),
        'X-RateLimit-Reset': String(windowEnd),
        'X-Request-ID': `r${Math.random()}`,
      });
      if (used > LIMIT) {
        res.set('Retry-After', String(Math.ceil(windowEnd - now)));
        res.status(429).json({ error: { code: 'rate_limited', message: 'slow down' } });
        return;
      }
      next();
    });
  });
});
afterAll(() => api.close());

const check = testCheck;

/** Runs `checks` against the fake API with the primary key alone, one case a property. */
const runLate = (checks: CheckDefinition[], options: { timeBudgetMs: number; maxRequests?: number }) =>
  runChecks({ baseUrl: api.baseUrl, spec }, checks, { seed: 1, runs: 1, ...options });

/** Sixty checks of two requests each: more than two windows of the key allow. */
const checks: CheckDefinition[] = Array.from({ length: 60 }, (_, i) =>
  check(`TAGS-TWO-REQUESTS-${i}`, async (ctx) => {
    await ctx.client.get('/games', { query: [['page', i * 2 + 1]] });
    await ctx.client.get('/games', { query: [['page', i * 2 + 2]] });
  }),
);

describe('the late pass', () => {
  it('gives the checks the paced budget stopped their verdict when time is left', async () => {
    // The planner assumes minute windows: ~46 now and one more window's 47 in the rest of the
    // budget make fewer than the 120 the checks need; the 2 s windows allow far more.
    const { summary, events } = await runLate(checks, { timeBudgetMs: 15_000 });
    expect(summary.budget?.binding).toBe('time-budget at the key pace');
    expect(summary.budget?.total).toBeLessThan(120);
    const late = events.find((e) => e.type === 'late-pass');
    expect(late).toBeDefined();
    expect(summary.results.map((r) => r.status)).toEqual(checks.map(() => 'pass'));
    expect(summary.requests).toBeGreaterThan(summary.budget?.total ?? 0);
    expect(summary.exitCode).toBe(0);
  }, 60_000);

  it('gives the checks the cap stopped the reserve the exhausting checks, last, did not spend', async () => {
    // 240 requests, 56 kept (the key's 50 a window and 6) for the exhausting check, which runs
    // last on the primary key and takes 2: the first check leaves 2 of the others' 184, so the
    // second (3) stops at the cap and runs again after it.
    const big = check('GAMES-BIG', async (ctx) => {
      while (ctx.budgetLeft() > 2) await ctx.client.get('/games', { fresh: true });
    });
    const three = check('GAMES-THREE', async (ctx) => {
      for (let i = 0; i < 3; i += 1) await ctx.client.get('/games', { fresh: true });
    });
    const exhausts = check(
      'TAGS-EXHAUSTS',
      async (ctx) => {
        await ctx.client.get('/tags', { fresh: true, unpaced: true });
        await ctx.client.get('/tags', { fresh: true, unpaced: true });
      },
      { exhausting: true },
    );
    const { summary, events } = await runLate([big, three, exhausts], {
      maxRequests: 240,
      timeBudgetMs: 600_000,
    });
    expect(summary.budget?.binding).toBe('max-requests');
    expect(events.find((e) => e.type === 'late-pass')).toMatchObject({
      because: 'reserve-unspent',
      checks: 1,
    });
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([
      ['GAMES-BIG', 'pass'],
      ['GAMES-THREE', 'pass'],
      ['TAGS-EXHAUSTS', 'pass'],
    ]);
    expect(summary.requests).toBeLessThanOrEqual(240);
  }, 60_000);

  it('runs a must check that postponed its verdict for want of requests before the profile checks', async () => {
    // 240 requests, 56 kept for the exhausting check: the first check leaves 4 of the others'
    // 184, too few for the wave of 5 the second sends whole, so it postpones; the profile checks
    // after it stop at the cap (lowered by what it needs) and the late pass runs it first.
    const big = check('GAMES-BIG', async (ctx) => {
      while (ctx.budgetLeft() > 4) await ctx.client.get('/games', { fresh: true });
    });
    const spare: Array<[number, number]> = [];
    const wave = check('GAMES-WAVE', async (ctx) => {
      spare.push([ctx.budgetLeft(), ctx.spareBudget()]);
      if (ctx.spareBudget() < 5) ctx.postpone('a wave of 5 requests would cost another check its verdict');
      await Promise.all(Array.from({ length: 5 }, () => ctx.client.get('/games', { fresh: true })));
    });
    const profiles = [1, 2, 3].map((i) =>
      check(
        `TAGS-PROFILE-${i}`,
        async (ctx) => {
          await ctx.client.get('/tags', { fresh: true });
          await ctx.client.get('/tags', { fresh: true });
        },
        { level: 'profile' },
      ),
    );
    const exhausts = check(
      'TAGS-EXHAUSTS',
      async (ctx) => {
        await ctx.client.get('/tags', { fresh: true, unpaced: true });
      },
      { exhausting: true },
    );
    const { summary, events } = await runLate([big, wave, ...profiles, exhausts], {
      maxRequests: 240,
      timeBudgetMs: 600_000,
    });
    // The profile checks still without a verdict do not count against a must check's spare.
    expect(spare[0]).toEqual([4, 4]);
    const ends = events.flatMap((e) => (e.type === 'check-end' ? [[e.result.id, e.result.status]] : []));
    expect(ends.slice(0, 2)).toEqual([
      ['GAMES-BIG', 'pass'],
      ['GAMES-WAVE', 'notrun'],
    ]);
    const late = ends.slice(ends.findIndex(([id]) => id === 'TAGS-EXHAUSTS') + 1);
    expect(late[0]).toEqual(['GAMES-WAVE', 'pass']);
    expect(summary.results.map((r) => [r.id, r.status])).toEqual([
      ['GAMES-BIG', 'pass'],
      ['GAMES-WAVE', 'pass'],
      ['TAGS-PROFILE-1', 'pass'],
      ['TAGS-PROFILE-2', 'pass'],
      ['TAGS-PROFILE-3', 'pass'],
      ['TAGS-EXHAUSTS', 'pass'],
    ]);
    expect(summary.requests).toBeLessThanOrEqual(240);
  }, 60_000);
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { CheckFailure, type CheckContext, type CheckDefinition } from './check.ts';
import {
  RECHECKS,
  createCheckContext,
  formatReplayPath,
  parseReplayPath,
  propertySeed,
  type PassDepth,
  type PropertyStat,
} from './context.ts';
import type { Discovery } from './discovery.ts';
import { expectStatus } from './expect.ts';
import { BudgetExhausted, HttpApiClient, TimeBudgetExhausted } from './http-client.ts';
import { DEFAULT_PROFILE } from './profile.ts';

let api: FakeApi;
let spec: SpecValidator;
let client: HttpApiClient;

beforeAll(async () => {
  spec = await loadSpecValidator();
  // /games/{n}: 200 for n < 37, 500 from 37 on — the property below must find exactly 37.
  api = await startFakeApi((app) => {
    // Data that moves: /settling changes on each of its first three requests, then holds;
    // /restless changes on every request.
    let settling = 0;
    let restless = 0;
    app.get('/api/v1/settling', (_req, res) => void res.json({ n: Math.min(settling++, 3) }));
    app.get('/api/v1/restless', (_req, res) => void res.json({ n: restless++ }));
    // /restless-data moves its `data` on every request (what a bracket sees); /two-faced holds
    // still and disagrees with itself: the first of two spellings 0, the second 1.
    let restlessData = 0;
    app.get('/api/v1/restless-data', (_req, res) => {
      restlessData += 1;
      res.json({ n: restlessData, data: restlessData });
    });
    // /flapping: one spelling answered by two instances in turn, one of them wrong (its `data` flaps
    // between two states on each asking), the other spelling always otherwise.
    let flaps = 0;
    app.get('/api/v1/flapping', (req, res) => {
      if (String(req.query.x).endsWith('b')) return void res.json({ n: 2, data: 2 });
      flaps += 1;
      res.json({ n: flaps % 2, data: flaps % 2 });
    });
    app.get(
      '/api/v1/two-faced',
      (req, res) => void res.json({ n: String(req.query.x).endsWith('a') ? 0 : 1 }),
    );
    // /paced-restless moves like /restless, and its key's window is spent from the second answer
    // on (3 left: the client's reserve), resetting a minute later.
    let paced = 0;
    app.get('/api/v1/paced-restless', (_req, res) => {
      res.setHeader('X-RateLimit-Limit', '60');
      res.setHeader('X-RateLimit-Remaining', paced === 0 ? '10' : '3');
      res.setHeader('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + 60));
      res.json({ n: paced++ });
    });
    app.get('/api/v1/games/:id', (req, res) => {
      const n = Number(req.params.id);
      if (n < 37) res.json({ ok: true });
      else res.status(500).type('text/plain').send('broken');
    });
  });
  client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY } });
});
afterAll(async () => {
  await client.close();
  await api.close();
});

const definition = { id: 'GAMES-CONTEXT-TEST' } as CheckDefinition;
const comparing = { id: 'GAMES-CONTEXT-COMPARES', comparesAnswers: true } as CheckDefinition;
const discovery = { serverNow: () => Date.now() } as unknown as Discovery;

function context(
  seed: number,
  replayPath?: string,
  check = definition,
  log?: (m: string) => void,
  interruption?: () => Error | undefined,
): CheckContext {
  return createCheckContext({
    check,
    ...(log ? { log } : {}),
    ...(interruption ? { interruption } : {}),
    client,
    spec,
    discovery,
    profile: DEFAULT_PROFILE,
    hints: {},
    seed,
    runs: 60,
    ...(replayPath !== undefined ? { replayPath } : {}),
  });
}

async function failureOf(promise: Promise<void>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CheckFailure) return error.failure;
    throw error;
  }
  throw new Error('expected a CheckFailure');
}

const gameIds = () => fc.integer({ min: 1, max: 1000 });

describe('ctx.property', () => {
  it('turns a counterexample into a failure with seed, path and the shrunk value', async () => {
    const ctx = context(1234);
    const failure = await failureOf(
      ctx.property([gameIds()], async (id) => {
        expectStatus(await ctx.client.get(`/games/${id}`), 200);
      }),
    );
    expect(failure.property).toMatchObject({ seed: propertySeed(1234, definition.id), numRuns: 60 });
    expect(failure.property?.counterexample).toBe('[37]');
    expect(failure.expected).toBe('HTTP 200');
    expect(failure.received).toBe('HTTP 500');
    expect(failure.request?.url).toBe(`${api.baseUrl}/games/37`);
  });

  it('replays the same counterexample from the run seed and the path', async () => {
    const first = await failureOf(
      context(99).property([gameIds()], async (id) => {
        expectStatus(await client.get(`/games/${id}`), 200);
      }),
    );
    const before = client.requestCount;
    const replayed = await failureOf(
      context(99, first.property?.path).property([gameIds()], async (id) => {
        expectStatus(await client.get(`/games/${id}`), 200);
      }),
    );
    expect(replayed.property?.counterexample).toBe(first.property?.counterexample);
    expect(client.requestCount - before).toBeLessThan(5);
  });

  it('lets a harness error through as it is, without shrinking', async () => {
    const ctx = context(5);
    let calls = 0;
    await expect(
      ctx.property([gameIds()], async () => {
        calls += 1;
        throw new TypeError('network gone');
      }),
    ).rejects.toThrow(TypeError);
    expect(calls).toBe(1);
  });

  it('gives different checks different streams from one run seed', () => {
    expect(propertySeed(1, 'GAMES-A')).not.toBe(propertySeed(1, 'GAMES-B'));
    expect(parseReplayPath('2/3:1')).toEqual({ index: 2, fcPath: '3:1', deep: false });
    expect(parseReplayPath('3:1')).toEqual({ index: 0, fcPath: '3:1', deep: false });
  });

  it('gives the deepening pass its own stream, named by a D in the replay path', () => {
    expect(propertySeed(1, 'GAMES-A', 0, true)).not.toBe(propertySeed(1, 'GAMES-A', 0, false));
    expect(formatReplayPath(0, '3:1', true)).toBe('D0/3:1');
    expect(parseReplayPath('D2/3:1')).toEqual({ index: 2, fcPath: '3:1', deep: true });
  });
});

describe('the one-case minimal pass and its deepening', () => {
  const passes = (depth: PassDepth, stats: PropertyStat[]) =>
    createCheckContext({
      check: definition,
      client,
      spec,
      discovery,
      profile: DEFAULT_PROFILE,
      hints: {},
      seed: 3,
      runs: 60,
      depth,
      stats,
    });

  it('runs one case of the check; deepening runs the rest, a property without examples too', async () => {
    const seen: string[] = [];
    const run = async (ctx: CheckContext) => {
      await ctx.property([fc.nat()], async () => void seen.push('a'), { examples: [[1], [2]] });
      await ctx.property([fc.nat()], async () => void seen.push('b'));
    };
    const minimal: PropertyStat[] = [];
    await run(passes({ mode: 'minimal' }, minimal));
    expect(seen).toEqual(['a']);
    expect(minimal.map((s) => s.cases)).toEqual([1, 0]);
    seen.length = 0;
    const deep: PropertyStat[] = [];
    await run(passes({ mode: 'deepen', targets: [3, 1], done: [1, 0] }, deep));
    // The first property's stream again to its two examples and one generated case (the first
    // case repeated, counted once); the second property's one case.
    expect(deep.map((s) => s.cases)).toEqual([2, 1]);
    expect(seen.filter((x) => x === 'b')).toHaveLength(1);
  });
});

describe('answers compared across time (comparesAnswers, D65)', () => {
  /** Two answers of one path (distinct URLs, so the run's cache cannot make them agree). */
  let salt = 0;
  const sameTwice = (ctx: CheckContext, path: string) => async () => {
    salt += 1;
    const a = (await ctx.client.get(path, { query: [['x', `${salt}a`]] })).body as { n: number };
    const b = (await ctx.client.get(path, { query: [['x', `${salt}b`]] })).body as { n: number };
    if (a.n !== b.n) ctx.fail({ message: `moved: ${a.n} then ${b.n}`, expected: 'equal', received: 'not' });
  };

  it('passes a disagreement that vanishes on fresh answers, and says so', async () => {
    const lines: string[] = [];
    const ctx = context(1, undefined, comparing, (line) => lines.push(line));
    await ctx.property([fc.constant(0)], sameTwice(ctx, '/settling'), { numRuns: 1 });
    expect(lines.join('\n')).toMatch(
      /did not survive fresh answers \(recheck 2; the data moved\): moved: 2 then 3/,
    );
    expect(ctx.rechecking).toBe(false);
  });

  it('fails a disagreement that survives every recheck, its data still (each bracket answered alike)', async () => {
    const ctx = context(1, undefined, comparing);
    const before = client.requestCount;
    const failure = await failureOf(
      ctx.property([fc.constant(0)], sameTwice(ctx, '/two-faced'), { numRuns: 1 }),
    );
    expect(failure.message).toMatch(/^moved: 0 then 1/);
    // The judgement, each recheck's two requests, and the first recheck's bracket (its first
    // request sent again): one bracket answered alike shows the data held still, so no other is sent.
    expect(client.requestCount - before).toBe(2 + 2 * RECHECKS + 1);
  });

  it('fails answers that flap between two states: the bracket asked twice shows the first data again', async () => {
    const ctx = context(1, undefined, comparing);
    const failure = await failureOf(
      ctx.property([fc.constant(0)], sameTwice(ctx, '/flapping'), { numRuns: 1 }),
    );
    expect(failure.message).toMatch(/^moved: [01] then 2/);
  });

  it('gives no verdict on a case whose data moved during every recheck (its bracket answered otherwise)', async () => {
    const lines: string[] = [];
    const ctx = context(1, undefined, comparing, (line) => lines.push(line));
    await ctx.property([fc.constant(0)], sameTwice(ctx, '/restless-data'), { numRuns: 1 });
    expect(lines.join('\n')).toMatch(
      /not judged: the data moved during each of 3 fresh judgements \(their first answer changed\): moved: \d+ then \d+/,
    );
  });

  it('names the failure the request budget cut short while it was rechecked (it does not count)', async () => {
    const ctx = context(1, undefined, comparing);
    const cap = client.maxRequests;
    // The first judgement's two requests and one of the first recheck's: then the cap.
    client.setMaxRequests(client.requestCount + 3);
    try {
      const thrown = await ctx.property([fc.constant(0)], sameTwice(ctx, '/restless'), { numRuns: 1 }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(BudgetExhausted);
      expect((thrown as BudgetExhausted).unconfirmed).toMatch(/^moved: \d+ then \d+/);
    } finally {
      client.setMaxRequests(cap);
    }
  });

  it('names the failure the time budget cut short while it was rechecked (it does not count)', async () => {
    // A client of its own: the window this route spends stays spent in its client.
    const pacedClient = new HttpApiClient({
      baseUrl: api.baseUrl,
      keys: { primary: FAKE_KEY },
      deadline: Date.now() + 5_000,
    });
    try {
      const ctx = createCheckContext({
        check: comparing,
        client: pacedClient,
        spec,
        discovery,
        profile: DEFAULT_PROFILE,
        hints: {},
        seed: 1,
        runs: 60,
      });
      // The first judgement's two answers disagree; the first recheck's request would wait a minute.
      const thrown = await ctx
        .property([fc.constant(0)], sameTwice(ctx, '/paced-restless'), { numRuns: 1 })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(thrown).toBeInstanceOf(TimeBudgetExhausted);
      expect((thrown as TimeBudgetExhausted).unconfirmed).toBe('moved: 0 then 1');
      expect(pacedClient.requestCount).toBe(2);
    } finally {
      await pacedClient.close();
    }
  });

  it('never rechecks a check that does not compare answers', async () => {
    const ctx = context(1);
    const before = client.requestCount;
    await failureOf(ctx.property([fc.constant(0)], sameTwice(ctx, '/restless'), { numRuns: 1 }));
    expect(client.requestCount - before).toBe(2);
  });
});

describe('ctx.expectValid', () => {
  it('fails a body that is not JSON', async () => {
    const ctx = context(1);
    const failure = await failureOf((async () => ctx.expectValid(await ctx.client.get('/games/500')))());
    expect(failure.message).toMatch(/not JSON/);
  });

  it('fails a response the spec does not describe', async () => {
    const ctx = context(1);
    const failure = await failureOf((async () => ctx.expectValid(await ctx.client.get('/games/3')))());
    expect(failure.message).toMatch(/getGame HTTP 200/);
  });
});

describe('ctx.wait', () => {
  const waiting = (interruption?: () => Error | undefined) =>
    context(1, undefined, definition, undefined, interruption);

  it('waits the time asked', async () => {
    const started = Date.now();
    await waiting().wait(300, 'a window');
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
  });

  it('ends early with the interruption once there is one (the server stopped answering)', async () => {
    const started = Date.now();
    let down: Error | undefined;
    setTimeout(() => (down = new Error('the server stopped answering')), 100);
    await expect(waiting(() => down).wait(60_000, 'a minute window')).rejects.toThrow(
      'the server stopped answering',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

/**
 * The engine tests' way to run checks: a check made of an id and a body, and a run of
 * `runSuite` against a fake API (fake-api.ts) with the primary key (and a low-limit key when
 * given), its events kept.
 */
import type { Express } from 'express';
import { afterAll, beforeAll } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { defineCheck, type CheckContext, type CheckDefinition } from '../core/check.ts';
import { createCheckContext } from '../core/context.ts';
import type { Discovery } from '../core/discovery.ts';
import type { RunEvent } from '../core/events.ts';
import { HttpApiClient } from '../core/http-client.ts';
import { DEFAULT_PROFILE } from '../core/profile.ts';
import { runSuite, type RunOptions } from '../core/runner.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from './fake-api.ts';

/** A must check `id` (of the games area when the id says GAMES-, else tags) that runs `run`. */
export function testCheck(
  id: string,
  run: CheckDefinition['run'],
  extra: Partial<CheckDefinition> = {},
): CheckDefinition {
  return defineCheck({
    id,
    area: id.startsWith('GAMES-') ? 'games' : 'tags',
    source: '§4 GET /games',
    level: 'must',
    title: id,
    covers: ['S4.GAMES.Q'],
    run,
    ...extra,
  });
}

/** Runs `checks` against the API at `baseUrl`; `options` over seed 7 and 5 runs a property. */
export async function runChecks(
  target: { baseUrl: string; spec: SpecValidator; lowLimitKey?: string },
  checks: CheckDefinition[],
  options: Partial<RunOptions> = {},
) {
  const client = new HttpApiClient({
    baseUrl: target.baseUrl,
    keys: { primary: FAKE_KEY, ...(target.lowLimitKey ? { lowLimit: target.lowLimitKey } : {}) },
    timeoutMs: 2000,
  });
  const events: RunEvent[] = [];
  try {
    const summary = await runSuite({
      checks,
      client,
      spec: target.spec,
      profile: DEFAULT_PROFILE,
      hints: {},
      seed: 7,
      runs: 5,
      listeners: [(e) => void events.push(e)],
      ...options,
    });
    return { summary, events };
  } finally {
    await client.close();
  }
}

/**
 * A fake API (fake-api.ts, with `setup`'s routes) and the spec, started before a test file's
 * tests and closed after them: the target `runChecks` takes, once they run.
 */
export function useFakeTarget(
  setup?: (app: Express) => void,
): () => { baseUrl: string; spec: SpecValidator } {
  let api: FakeApi | undefined;
  let spec: SpecValidator | undefined;
  beforeAll(async () => {
    spec = await loadSpecValidator();
    api = await startFakeApi(setup);
  });
  afterAll(() => api?.close());
  return () => {
    if (api === undefined || spec === undefined) throw new Error('the fake target is used before it started');
    return { baseUrl: api.baseUrl, spec };
  };
}

/**
 * One check's body run in a context of its own against the API at `baseUrl`, with `discovery` as
 * the run's (no runner, no passes): what it threw (a CheckFailure, a CheckSkipped …), or undefined
 * when it returned. `run` replaces the check's own body (a helper of the check judged alone).
 */
export async function runInContext(
  target: { baseUrl: string; spec: SpecValidator },
  check: CheckDefinition,
  discovery: Partial<Discovery>,
  options: { runs?: number; run?: (ctx: CheckContext) => Promise<unknown> } = {},
): Promise<unknown> {
  const client = new HttpApiClient({ baseUrl: target.baseUrl, keys: { primary: FAKE_KEY }, timeoutMs: 2000 });
  const ctx = createCheckContext({
    check,
    client,
    spec: target.spec,
    discovery: discovery as Discovery,
    profile: DEFAULT_PROFILE,
    hints: {},
    seed: 1,
    runs: options.runs ?? 1,
  });
  try {
    await (options.run ?? check.run)(ctx);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure, CheckSkipped } from '../../src/core/check.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders } from '../../src/testing/fake-game.ts';
import { notAvailable } from './not-available.ts';

let spec: SpecValidator;
let api: FakeApi;
/** What GET /games/5/mssp answers now. */
let answer: unknown;

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/5/mssp', (_req, res) => void res.json(answer));
  });
});
afterAll(() => api.close());

/** Runs the check with game 5 as discovery's game without a snapshot (its lookup said so then). */
async function runCheck(): Promise<unknown> {
  const discovery = { gameWithoutMsspId: 5, serverNow: () => Date.now() } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, notAvailable, discovery);
}

describe('MSSP-NOT-AVAILABLE on a game whose first snapshot came after discovery (D65)', () => {
  it('gives no verdict on a game that answers a snapshot with its collection time', async () => {
    answer = {
      data: { collected_at: '2026-11-30T12:00:00Z', values: { PLAYERS: 3 } },
      meta: { game_id: 5, status: 'available' },
    };
    const outcome = await runCheck();
    expect(outcome).toBeInstanceOf(CheckSkipped);
    expect(outcome).not.toBeInstanceOf(CheckFailure);
  });
  const NONE = { data: null, meta: { game_id: 5, status: 'mssp_not_available' } };
  /** The check run after an answer of the run's that said game 5 has none, then a snapshot collected at `collectedAt`. */
  const afterSaidNone = (collectedAt: string) =>
    runInContext(
      { baseUrl: api.baseUrl, spec },
      notAvailable,
      { gameWithoutMsspId: 5 },
      {
        run: async (ctx) => {
          answer = NONE;
          await ctx.client.get('/games/5/mssp', { fresh: true });
          answer = {
            data: { collected_at: collectedAt, values: { PLAYERS: 3 } },
            meta: { game_id: 5, status: 'available' },
          };
          await notAvailable.run(ctx);
        },
      },
    );
  it('gives no verdict on a snapshot collected after the run was told there was none', async () => {
    const outcome = await afterSaidNone(new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z'));
    expect(outcome).toBeInstanceOf(CheckSkipped);
    expect(outcome).not.toBeInstanceOf(CheckFailure);
  });
  it('still fails a snapshot collected well before the run was told there was none (it existed then)', async () => {
    const outcome = await afterSaidNone('2026-01-01T00:00:00Z');
    expect(outcome).toBeInstanceOf(CheckFailure);
    expect((outcome as CheckFailure).failure.message).toMatch(/before the answer that said it had none/);
  });
  it('still fails an empty snapshot in place of null (fault mssp-not-available-empty-snapshot)', async () => {
    answer = {
      data: { collected_at: null, values: null },
      meta: { game_id: 5, status: 'mssp_not_available' },
    };
    expect(await runCheck()).toBeInstanceOf(CheckFailure);
  });
  it('passes data null with mssp_not_available', async () => {
    answer = { data: null, meta: { game_id: 5, status: 'mssp_not_available' } };
    expect(await runCheck()).toBeUndefined();
  });
});

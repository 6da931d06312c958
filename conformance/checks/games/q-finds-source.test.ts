import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../src/testing/fake-game.ts';
import { qFindsSource } from './q-finds-source.ts';

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: its name and whether it is archived. Every search (the fake's default) finds nothing. */
let now = { name: 'Emberfall', archived: false };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (req, res) =>
      res.json({ data: fakeGame({ name: now.name, archived: now.archived, origin: originOf(req) }, true) }),
    );
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 named Emberfall. */
async function runCheck(): Promise<unknown> {
  const discovery = {
    games: [fakeGame({ origin: api.origin }) as unknown as GameSummary],
    words: [{ word: 'Emberfall', gameId: 7 }],
    webOnlyGameIds: [],
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, qFindsSource, discovery);
}

describe('GAMES-Q-FINDS-SOURCE on a game that moved since discovery read its words (D65)', () => {
  it('gives no verdict on a game renamed since (its texts no longer hold the word)', async () => {
    now = { name: 'Ashfall', archived: false };
    expect(await runCheck()).not.toBeInstanceOf(CheckFailure);
  });
  it('nor on a game archived since', async () => {
    now = { name: 'Emberfall', archived: true };
    expect(await runCheck()).not.toBeInstanceOf(CheckFailure);
  });
  it('still fails a search that misses an active game whose name holds the word now', async () => {
    now = { name: 'Emberfall', archived: false };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/Game 7 is not found by q=/);
  });
});

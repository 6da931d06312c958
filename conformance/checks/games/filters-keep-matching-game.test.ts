import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders } from '../../src/testing/fake-game.ts';
import { filtersKeepMatchingGame } from './filters-keep-matching-game.ts';

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Game 7 as discovery saw it: reached an hour ago, so `online_recently=1` matches it. */
function summary(lastConnect: string, name = 'Emberfall'): GameSummary {
  return {
    id: 7,
    name,
    intro: 'A quiet town.',
    status: { archived: false, archive_reason: null, web_only: false, last_successful_connect: lastConnect },
    reviews: { count: 0, average_rating: null, rating_count: 0 },
    ranking: { rank: null, monthly_votes: 0 },
    dates: { created: null, listed: null, updated: null },
    tags: { categories: {}, custom: [] },
    urls: {},
    connection: {},
  } as unknown as GameSummary;
}

let spec: SpecValidator;
let api: FakeApi;
/** What game 7's detail says of its last successful connection and its name now. */
let connectNow = '';
let nameNow = 'Emberfall';

beforeAll(async () => {
  spec = await loadSpecValidator();
  // The collection (the fake's default) lists nothing: game 7 is never returned.
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (_req, res) => void res.json({ data: summary(connectNow, nameNow) }));
  });
});
afterAll(() => api.close());

async function runCheck(): Promise<unknown> {
  const now = Date.now();
  const discovery = {
    games: [summary(iso(now - HOUR_MS))],
    words: [{ word: 'Emberfall', gameId: 7 }],
    tagFilters: [],
    tagGroups: [],
    webOnlyGameIds: [],
    mudClientGameIds: [7],
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, filtersKeepMatchingGame, discovery, { runs: 2 });
}

describe('GAMES-FILTERS-KEEP-MATCHING-GAME on data that moved since discovery (D65)', () => {
  it("judges a failure again on the game's detail now: a game whose last connection moved out of the window is no verdict", async () => {
    // A failed crawl reported late: the detail now says the game was last reached 50 hours ago.
    connectNow = iso(Date.now() - 50 * HOUR_MS);
    // No failure: the check ends without a verdict (no case found the game, none could fail).
    expect(await runCheck()).not.toBeInstanceOf(CheckFailure);
  });
  it('nor is a game renamed since (its texts no longer hold the word searched)', async () => {
    connectNow = iso(Date.now() - HOUR_MS);
    nameNow = 'Ashfall';
    expect(await runCheck()).not.toBeInstanceOf(CheckFailure);
    nameNow = 'Emberfall';
  });
  it('still fails a server that leaves out a game its fresh detail shows matching', async () => {
    connectNow = iso(Date.now() - HOUR_MS);
    const error = (await runCheck()) as { failure?: { message?: string } } | undefined;
    expect(error?.failure?.message).toMatch(/Game 7 matches every filter of the query but is not among/);
  });
});

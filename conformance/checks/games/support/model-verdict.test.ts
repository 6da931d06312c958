import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../../spec/src/spec-loader.ts';
import { CheckFailure, type CheckDefinition } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../../src/testing/fake-api.ts';
import { runInContext } from '../../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../../src/testing/fake-game.ts';
import type { DirectoryModel } from './directory-model.ts';
import { judgeAgainstModel } from './model-verdict.ts';

const LONG_AGO = '2025-01-01T00:00:00Z';
const IDS = Array.from({ length: 20 }, (_, i) => i + 1);

/** Game `id`, last updated at `updated`. */
function game(id: number, updated: string, origin: string, detail = false) {
  const base = fakeGame({ id, name: `Game ${id}`, origin }, detail) as { dates: Record<string, unknown> };
  return { ...base, dates: { ...base.dates, updated } };
}

let spec: SpecValidator;
let api: FakeApi;
/** The games edited a moment ago (updated now), and the games recently_updated=1 returns. */
let edited: number[] = [];
let returned: number[] = [];
/** Whether the filtered page shows every game it returns as updated now, whatever its detail says. */
let pageSaysUpdated = false;
const nowIso = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/:id', (req, res) => {
      const id = Number(req.params.id);
      res.json({ data: game(id, edited.includes(id) ? nowIso() : LONG_AGO, originOf(req), true) });
    });
    // recently_updated=1 returns `returned`, all on one page, as they are now.
    app.get('/api/v1/games', (req, res) => {
      const data = returned.map((id) =>
        game(id, pageSaysUpdated || edited.includes(id) ? nowIso() : LONG_AGO, originOf(req)),
      );
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').toString();
      res.json({
        data,
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: data.length },
        links: { self: `${originOf(req)}/api/v1/games?${query}` },
      });
    });
  });
});
afterAll(() => api.close());

/** The model, crawled before any edit: no game updated in the last 30 days. */
function staleModel(): DirectoryModel {
  const games = IDS.map((id) => [id, { summary: game(id, LONG_AGO, api.origin) as unknown as GameSummary }]);
  return {
    games: new Map(games as [number, { summary: GameSummary }][]),
    withDescriptions: false,
    requests: 0,
  };
}

async function judge(): Promise<unknown> {
  return runInContext(
    { baseUrl: api.baseUrl, spec },
    { id: 'GAMES-MODEL-VERDICT-TEST' } as CheckDefinition,
    { serverNow: () => Date.now() },
    { run: (ctx) => judgeAgainstModel(ctx, staleModel(), { recentlyUpdated: true }) },
  );
}

describe('judgeAgainstModel on a model far behind a directory that moves fast (D63)', () => {
  it('catches up on more edited games than a case looks up, as the fresh pages show them', async () => {
    // Twelve games edited since the model's crawl: more than the eight a case looks up.
    edited = IDS.slice(0, 12);
    returned = edited;
    expect(await judge()).toBeUndefined();
  });
  it('still fails games returned that the fresh pages and their details show not updated for years', async () => {
    edited = [];
    returned = IDS.slice(0, 12);
    const error = await judge();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/was returned but recently_updated=1/);
  });
  it('fails games a filtered page alone shows as updated, when their details say years ago', async () => {
    edited = [];
    returned = IDS.slice(0, 3);
    pageSaysUpdated = true;
    try {
      const error = await judge();
      expect(error).toBeInstanceOf(CheckFailure);
      expect((error as CheckFailure).failure.message).toMatch(/was returned but recently_updated=1/);
    } finally {
      pageSaysUpdated = false;
    }
  });
});

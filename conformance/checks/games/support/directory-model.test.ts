import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { HttpApiClient } from '../../../src/core/http-client.ts';
import { FAKE_KEY, startFakeApi } from '../../../src/testing/fake-api.ts';
import {
  expectedMatches,
  matchOf,
  planModel,
  refreshGames,
  type DirectoryModel,
  type ModelGame,
} from './directory-model.ts';
import { WINDOW_SLACK_MS } from './filter-violations.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3600 * 1000;

const game = (
  id: number,
  overrides: {
    name?: string;
    intro?: string;
    description?: string;
    connect?: string | null;
    webOnly?: boolean;
  } = {},
): ModelGame => ({
  summary: {
    id,
    name: overrides.name ?? `Game ${id}`,
    intro: overrides.intro ?? 'A world of swords.',
    reviews: { count: 0 },
    dates: { updated: null },
    status: { web_only: overrides.webOnly ?? false, last_successful_connect: overrides.connect ?? null },
    tags: { categories: {}, custom: [] },
  } as unknown as GameSummary,
  ...(overrides.description !== undefined ? { description: overrides.description } : {}),
});

const model = (...games: ModelGame[]): DirectoryModel => ({
  games: new Map(games.map((g) => [g.summary.id, g])),
  withDescriptions: true,
  requests: 0,
});

describe('planModel', () => {
  it('crawls pages and details within half of what is left, pages alone when only they fit', () => {
    expect(planModel('auto', 500, 2000)).toEqual({ kind: 'full', pages: 10, details: 500 });
    expect(planModel('auto', 500, 100)).toEqual({ kind: 'list', pages: 10, details: 0 });
    expect(planModel('auto', 500, 19)).toMatchObject({ kind: 'none' });
    expect(planModel('auto', 0, 10)).toEqual({ kind: 'full', pages: 1, details: 0 });
  });

  it('obeys --model on and off whatever the budget', () => {
    expect(planModel('on', 500, 0)).toEqual({ kind: 'full', pages: 10, details: 500 });
    expect(planModel('off', 5, Number.POSITIVE_INFINITY)).toEqual({
      kind: 'none',
      reason: 'the model-based checks are off (--model off)',
    });
  });

  it('says why it leaves the model out, with the way to force it', () => {
    const plan = planModel('auto', 10_000, 300);
    expect(plan.kind === 'none' && plan.reason).toMatch(/200 page and 10000 detail requests.*--model on/);
  });
});

describe('matchOf', () => {
  it('finds terms in the full description, case-sensitive matches sure, case-insensitive possible (D21)', () => {
    const g = game(1, { description: 'Beyond the Obsidian gate lies a maze.' });
    expect(matchOf(g, { q: 'Obsidian maze' }, NOW)).toBe('sure');
    expect(matchOf(g, { q: 'obsidian' }, NOW)).toBe('possible');
    expect(matchOf(g, { q: 'Obsidian dragons' }, NOW)).toBe('no');
    expect(matchOf(g, { q: '   ' }, NOW)).toBe('sure');
  });

  it('keeps a game near a window boundary possible, not sure (D48)', () => {
    const clearly = new Date(NOW - 47 * HOUR).toISOString();
    const edge = new Date(NOW - 48 * HOUR - WINDOW_SLACK_MS / 2).toISOString();
    const outside = new Date(NOW - 49 * HOUR).toISOString();
    expect(matchOf(game(1, { connect: clearly }), { onlineRecently: true }, NOW)).toBe('sure');
    expect(matchOf(game(1, { connect: edge }), { onlineRecently: true }, NOW)).toBe('possible');
    expect(matchOf(game(1, { connect: outside }), { onlineRecently: true }, NOW)).toBe('no');
  });
});

describe('expectedMatches', () => {
  it('gives the sure and the possible games of a filter over the whole model', () => {
    const m = model(
      game(1, { webOnly: true, description: 'Sail the Amber sea.' }),
      game(2, { webOnly: false, description: 'Sail the amber sea.' }),
      game(3, { webOnly: true, description: 'Dig for iron.' }),
    );
    const all = expectedMatches(m, { q: 'Amber' }, NOW);
    expect([...all.sure]).toEqual([1]);
    expect([...all.possible]).toEqual([1, 2]);
    const webOnly = expectedMatches(m, { q: 'Amber', connectionType: 'web_only' }, NOW);
    expect([...webOnly.possible]).toEqual([1]);
  });
});

describe('refreshGames', () => {
  it("looks the games up on the server now, past the run's cache (D63: a cached detail is what a disagreement may come from)", async () => {
    // A game edited between two readings: the first reading is in the run's cache.
    let updated = '2026-07-02T14:45:59Z';
    const api = await startFakeApi((app) => {
      app.get('/api/v1/games/191', (_req, res) =>
        res.json({
          data: {
            id: 191,
            name: 'Game 191',
            description: 'A world of swords.',
            dates: { updated },
            status: { archived: false },
          },
        }),
      );
    });
    const client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY }, timeoutMs: 2000 });
    try {
      await client.get('/games/191');
      updated = '2026-11-30T12:11:57Z';
      const m = model(game(191));
      const ctx = { client, fail: () => {} } as unknown as CheckContext;
      await refreshGames(ctx, m, [191], 8);
      expect(m.games.get(191)?.summary.dates.updated).toBe('2026-11-30T12:11:57Z');
      expect(api.seen.filter((r) => r.url === '/api/v1/games/191')).toHaveLength(2);
    } finally {
      await client.close();
      await api.close();
    }
  });
});

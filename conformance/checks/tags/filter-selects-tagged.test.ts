import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { runInContext } from '../../src/testing/run-checks.ts';
import { admittedHeaders, fakeGame, originOf } from '../../src/testing/fake-game.ts';
import { filterSelectsTagged } from './filter-selects-tagged.ts';

const FANTASY = { id: 5, name: 'Fantasy' };

/** Game 7, archived or not, carrying the Fantasy theme or no tag. */
function game7(origin: string, archived: boolean, tagged: boolean) {
  const game = fakeGame({ archived, origin }, true);
  return { ...game, tags: { categories: tagged ? { theme: FANTASY } : {}, custom: [] } };
}

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: archived or not, tagged or not. The theme filter lists nothing. */
let now = { archived: true, tagged: true };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use(admittedHeaders);
    app.get('/api/v1/games/7', (req, res) =>
      res.json({ data: game7(originOf(req), now.archived, now.tagged) }),
    );
    app.get('/api/v1/games', (req, res) => {
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').toString();
      res.json({
        data: [],
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: 0 },
        links: { self: `${originOf(req)}/api/v1/games?${query}` },
      });
    });
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 active with the Fantasy theme. */
async function runCheck(): Promise<unknown> {
  const group = { id: 1, name: 'Theme', values: [FANTASY] };
  const discovery = {
    games: [game7(api.origin, false, true) as unknown as GameSummary],
    tagGroups: [group],
    tagFilters: [{ param: 'theme_tag_id', group }],
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  return runInContext({ baseUrl: api.baseUrl, spec }, filterSelectsTagged, discovery);
}

describe('TAGS-FILTER-SELECTS-TAGGED on a game that moved since discovery (D65)', () => {
  it('gives no verdict on the total when the game discovery saw carrying the tag is archived now', async () => {
    now = { archived: true, tagged: true };
    expect(await runCheck()).toBeUndefined();
  });
  it('nor when the game no longer carries the tag', async () => {
    now = { archived: false, tagged: false };
    expect(await runCheck()).toBeUndefined();
  });
  it('still fails a filter that finds nothing while the game is active and carries the tag', async () => {
    now = { archived: false, tagged: true };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/found nothing, though game 7 carries tag 5/);
  });
});

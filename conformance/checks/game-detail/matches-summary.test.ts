import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import { CheckFailure } from '../../src/core/check.ts';
import { createCheckContext } from '../../src/core/context.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { HttpApiClient } from '../../src/core/http-client.ts';
import { DEFAULT_PROFILE } from '../../src/core/profile.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../../src/testing/fake-api.ts';
import { matchesSummary } from './matches-summary.ts';

const ORIGIN = 'http://127.0.0.1:1';

/** Game 7's summary: active, or archived (§2 rule 1), with `votes` monthly votes. */
function summary(archived: boolean, votes = 12, origin = ORIGIN) {
  return {
    id: 7,
    name: 'Emberfall',
    intro: 'A quiet town.',
    urls: {
      self: `${origin}/api/v1/games/7`,
      mudverse: 'https://mudverse.example/games/emberfall',
      website: 'https://emberfall.example',
      discord: null,
      banner: 'https://mudverse.example/banners/7.png',
      play: archived ? null : 'telnet://emberfall.example:4000',
      mssp: `${origin}/api/v1/games/7/mssp`,
      players: `${origin}/api/v1/games/7/players`,
      reviews: `${origin}/api/v1/reviews?game_id=7`,
    },
    connection: { host: 'emberfall.example', port: 4000, tls_port: null, mssp_port: 4000 },
    ranking: { rank: archived ? null : 3, monthly_votes: votes },
    reviews: { count: 0, average_rating: null, rating_count: 0 },
    tags: { categories: {}, custom: [] },
    dates: {
      created: '2020-01-01T00:00:00Z',
      listed: '2020-01-01T00:00:00Z',
      updated: '2026-11-01T00:00:00Z',
    },
    status: {
      archived,
      archive_reason: archived ? 'non_connectivity' : null,
      web_only: false,
      last_crawled: '2026-11-30T12:00:00Z',
      last_successful_connect: '2026-11-20T12:00:00Z',
      confirmed_online: false,
      latest_players: null,
      mssp_collected_at: null,
    },
  };
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

let spec: SpecValidator;
let api: FakeApi;
/** Game 7 now: its detail's state, and whether a search for its name lists it. */
let now = { archived: false, votes: 12, detailVotes: 12, listed: true };

beforeAll(async () => {
  spec = await loadSpecValidator();
  api = await startFakeApi((app) => {
    app.use((_req, res, next) => {
      res.setHeader('X-RateLimit-Limit', '60');
      res.setHeader('X-RateLimit-Remaining', '59');
      res.setHeader('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + 60));
      res.setHeader('X-Request-ID', 'req-1');
      next();
    });
    app.get('/api/v1/games/7', (req, res) => {
      const detail = {
        ...summary(now.archived, now.detailVotes, originOf(req)),
        description: 'Ash.',
        watcher_count: 2,
      };
      res.json({ data: detail });
    });
    app.get('/api/v1/games', (req, res) => {
      const data = now.listed ? [summary(false, now.votes, originOf(req))] : [];
      res.json({
        data,
        meta: { page: 1, per_page: Number(req.query.per_page ?? 20), total: data.length },
        links: { self: `${originOf(req)}${req.originalUrl}` },
      });
    });
  });
});
afterAll(() => api.close());

/** The check, with discovery's walk having listed game 7 active with 12 votes. */
async function runCheck(): Promise<unknown> {
  const client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY }, timeoutMs: 2000 });
  const discovery = {
    games: [summary(false, 12, api.origin) as unknown as GameSummary],
    serverNow: () => Date.now(),
  } as unknown as Discovery;
  const ctx = createCheckContext({
    check: matchesSummary,
    client,
    spec,
    discovery,
    profile: DEFAULT_PROFILE,
    hints: {},
    seed: 1,
    runs: 1,
  });
  try {
    await matchesSummary.run(ctx);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
}

describe('GAME-DETAIL-MATCHES-SUMMARY on a game that moved since discovery (D65)', () => {
  it('passes a game whose summary and detail agree', async () => {
    now = { archived: false, votes: 12, detailVotes: 12, listed: true };
    expect(await runCheck()).toBeUndefined();
  });
  it('passes a game archived since discovery listed it: no list shows it now, its detail reads archived', async () => {
    now = { archived: true, votes: 12, detailVotes: 12, listed: false };
    expect(await runCheck()).toBeUndefined();
  });
  it('passes a game whose votes moved since discovery: judged again on the list as it is now', async () => {
    now = { archived: false, votes: 15, detailVotes: 15, listed: true };
    expect(await runCheck()).toBeUndefined();
  });
  it("still fails a detail that differs from the list's summary of the same moment", async () => {
    now = { archived: false, votes: 15, detailVotes: 16, listed: true };
    const error = await runCheck();
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).failure.message).toMatch(/ranking\.monthly_votes differs from the list's/);
  });
});

/**
 * Every legitimate variant of the catalogue (src/variants.ts) is live: with the variant
 * on, one specific request is answered differently from the default server, in the way
 * the catalogue describes. (With no variant on, the rest of the test suite pins the
 * reference choices.) Responses are read raw: a variant departs from spec/openapi.yaml
 * where the spec writes down the reference choice (e.g. `urls.mudverse`).
 */
import { request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord, GameRecord } from '../../fixtures/src/model.ts';
import { rawSamples } from '../../fixtures/src/samples.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { VARIANTS, type CataloguedVariantName } from '../src/variants.ts';
import { ANCHOR_SECONDS, KEYS, ManualClock, testDataset } from './harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

interface CallOptions {
  /** Default: the high-limit key; null sends no Authorization header. */
  key?: ApiKeyRecord | null;
  /** A raw Authorization value instead of `Bearer <key>`. */
  authorization?: string;
  /** Path relative to the origin instead of /api/v1. */
  atOrigin?: boolean;
}

/** One server (with or without the variant) as a probe sees it. */
interface Api {
  clock: ManualClock;
  call(path: string, options?: CallOptions): Promise<Reply>;
}

const DAY = 86_400;
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

const dataset = testDataset();
function find(description: string, predicate: (game: GameRecord) => boolean): GameRecord {
  const game = dataset.games.find(predicate);
  if (!game) throw new Error(`The test dataset has no ${description}`);
  return game;
}
const firstGame = dataset.games.find((g) => g.archiveReason === null)!;
const webOnlyWithSnapshot = find(
  'web-only game with an MSSP snapshot',
  (g) => g.webOnly && g.msspCollectedAt !== null,
);
const unavailableStatistics = find(
  'game with unavailable statistics',
  (g) => g.statisticsState === 'unavailable',
);
const codebaseTag = firstGame.categories.codebase!;

/**
 * A game and a UTC day (in the 60 days before the anchor) whose raw samples average to
 * an even integer and a half (e.g. 12.5): half up gives 13, half to even 12.
 */
function evenHalfDay(): { game: GameRecord; day: number; mean: number } {
  const anchorDay = ANCHOR_SECONDS - (ANCHOR_SECONDS % DAY);
  for (const game of dataset.games) {
    if (game.crawlStart === null) continue;
    for (let day = anchorDay - 60 * DAY; day < anchorDay; day += DAY) {
      const samples = rawSamples(game, day, day + DAY - 1, ANCHOR_SECONDS);
      if (samples.length === 0) continue;
      const mean = samples.reduce((sum, s) => sum + s.players, 0) / samples.length;
      if (mean % 1 === 0.5 && Math.floor(mean) % 2 === 0) return { game, day, mean };
    }
  }
  throw new Error('The test dataset has no day whose mean player count is an even integer and a half');
}

/** A key whose minute budget (5) is near its day budget (7), so a counted refusal shows in Remaining. */
const TIGHT_DAY_KEY: ApiKeyRecord = {
  key: 'test-tight-day-key-0006',
  label: 'tight-day',
  per_minute: 5,
  per_day: 7,
  revoked: false,
};
/** A key whose minute and day budgets are equal, so every request is a tie (D33). */
const TIED_KEY: ApiKeyRecord = {
  key: 'test-tied-key-0007',
  label: 'tied',
  per_minute: 5,
  per_day: 5,
  revoked: false,
};

async function statusAndCode(api: Api, path: string, options?: CallOptions) {
  const reply = await api.call(path, options);
  return { status: reply.status, code: reply.body?.error?.code };
}

/** Whether every pair of neighbours with equal reviews.count is in ascending id order (null: no tie). */
function tiesAscend(games: Json[]): boolean | null {
  const ties = games.slice(1).flatMap((game, i) => {
    const before = games[i];
    return before.reviews.count === game.reviews.count ? [before.id < game.id] : [];
  });
  if (ties.length === 0) return null;
  return ties.every(Boolean) ? true : ties.some(Boolean) ? null : false;
}

interface VariantCase {
  probe: string;
  observe(api: Api): Promise<unknown>;
  differs(variant: Json, reference: Json): void;
}

const CASES: Record<CataloguedVariantName, VariantCase> = {
  'listing-url-key-listing': {
    probe: 'GET /games/{id} → the keys of urls',
    observe: async (api) => Object.keys((await api.call(`/games/${firstGame.id}`)).body.data.urls),
    differs: (variant, reference) => {
      expect(reference).toContain('mudverse');
      expect(variant).not.toContain('mudverse');
      expect(variant).toContain('listing');
    },
  },
  'web-only-keeps-last-crawled': {
    probe: 'GET /games/{web-only id} → status.last_crawled',
    observe: async (api) =>
      (await api.call(`/games/${webOnlyWithSnapshot.id}`)).body.data.status.last_crawled,
    differs: (variant, reference) => {
      expect(reference).toBeNull();
      expect(variant).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    },
  },
  'missing-review-route-not-found': {
    probe: 'GET /reviews/999999999',
    observe: (api) => statusAndCode(api, '/reviews/999999999'),
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 404, code: 'review_not_found' });
      expect(variant).toEqual({ status: 404, code: 'route_not_found' });
    },
  },
  'games-bad-paging-clamped': {
    probe: 'GET /games?per_page=500, ?page=0, ?per_page=1.0',
    observe: async (api) =>
      Promise.all(
        ['per_page=500', 'page=0', 'per_page=1.0'].map(async (query) => {
          const reply = await api.call(`/games?${query}`);
          return reply.status === 200
            ? [reply.body.meta.page, reply.body.meta.per_page]
            : reply.body.error.code;
        }),
      ),
    differs: (variant, reference) => {
      expect(reference).toEqual(['invalid_filter', 'invalid_filter', 'invalid_filter']);
      expect(variant).toEqual([
        [1, 50],
        [1, 20],
        [1, 20],
      ]);
    },
  },
  'reviews-bad-paging-422': {
    probe: 'GET /reviews?per_page=500',
    observe: (api) => statusAndCode(api, '/reviews?per_page=500'),
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 200, code: undefined });
      expect(variant).toEqual({ status: 422, code: 'invalid_filter' });
    },
  },
  'unknown-tag-id-422': {
    probe: 'GET /games?codebase_tag_id[]=999999',
    observe: async (api) => {
      const reply = await api.call('/games?codebase_tag_id[]=999999');
      return { status: reply.status, total: reply.body.meta?.total, code: reply.body.error?.code };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 200, total: 0, code: undefined });
      expect(variant).toEqual({ status: 422, total: undefined, code: 'invalid_filter' });
    },
  },
  'sort-ties-id-desc': {
    probe: 'GET /games?sort=most_reviewed&per_page=50 → the order of games with equal reviews.count',
    observe: async (api) => tiesAscend((await api.call('/games?sort=most_reviewed&per_page=50')).body.data),
    differs: (variant, reference) => expect([reference, variant]).toEqual([true, false]),
  },
  'daily-round-half-even': {
    probe: 'GET /games/{id}/players for a day whose mean is an even integer and a half',
    observe: async (api) => {
      const { game, day } = evenHalfDay();
      return (await api.call(`/games/${game.id}/players?from=${date(day)}&to=${date(day)}`)).body.data[0]
        .players;
    },
    differs: (variant, reference) => {
      const { mean } = evenHalfDay();
      expect([reference, variant]).toEqual([mean + 0.5, mean - 0.5]);
    },
  },
  'legacy-json-under-base-only': {
    probe: 'GET /json.php at the origin root (no key) and under the base',
    observe: async (api) => [
      await statusAndCode(api, '/json.php', { atOrigin: true, key: null }),
      await statusAndCode(api, '/json.php'),
    ],
    differs: (variant, reference) => {
      const gone = { status: 410, code: 'endpoint_retired' };
      expect(reference).toEqual([gone, gone]);
      expect(variant).toEqual([{ status: 404, code: 'route_not_found' }, gone]);
    },
  },
  'refusals-counted': {
    probe: 'six GET /tags in one minute with a key of 5/min and 7/day, one more the next minute → Remaining',
    observe: async (api) => {
      for (let i = 0; i < 6; i++) await api.call('/tags', { key: TIGHT_DAY_KEY });
      api.clock.set((ANCHOR_SECONDS + 60) * 1000);
      return (await api.call('/tags', { key: TIGHT_DAY_KEY })).headers['x-ratelimit-remaining'];
    },
    // Reference: 5 + 1 counted, 1 left of the day; variant: the refusal counted too, 0 left.
    differs: (variant, reference) => expect([reference, variant]).toEqual(['1', '0']),
  },
  'reset-tie-reports-day': {
    probe: 'GET /tags at 12:00:00Z with a key of 5/min and 5/day → X-RateLimit-Reset',
    observe: async (api) => (await api.call('/tags', { key: TIED_KEY })).headers['x-ratelimit-reset'],
    differs: (variant, reference) =>
      expect([reference, variant]).toEqual([String(ANCHOR_SECONDS + 60), String(ANCHOR_SECONDS + 12 * 3600)]),
  },
  'service-name-gamedir': {
    probe: 'GET /tags without a key → WWW-Authenticate',
    observe: async (api) => (await api.call('/tags', { key: null })).headers['www-authenticate'],
    differs: (variant, reference) =>
      expect([reference, variant]).toEqual(['Bearer realm="Mudverse API"', 'Bearer realm="GameDir API"']),
  },
  'request-id-on-401': {
    probe: 'GET /tags without a key → X-Request-ID against body.request_id',
    observe: async (api) => {
      const reply = await api.call('/tags', { key: null });
      return { header: reply.headers['x-request-id'] ?? null, body: reply.body.request_id };
    },
    differs: (variant, reference) => {
      expect(reference.header).toBeNull();
      expect(variant.header).toBe(variant.body);
    },
  },
  'no-rate-limit-headers-on-503': {
    probe: 'GET /games/{id}/statistics of a game whose statistics are unavailable → X-RateLimit-Limit',
    observe: async (api) => {
      const reply = await api.call(`/games/${unavailableStatistics.id}/statistics`);
      return { status: reply.status, limit: reply.headers['x-ratelimit-limit'] ?? null };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 503, limit: String(KEYS.high.per_minute) });
      expect(variant).toEqual({ status: 503, limit: null });
    },
  },
  'bearer-scheme-case-sensitive': {
    probe: 'GET /tags with Authorization: bearer <key>',
    observe: (api) => statusAndCode(api, '/tags', { authorization: `bearer ${KEYS.high.key}` }),
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 200, code: undefined });
      expect(variant).toEqual({ status: 401, code: 'invalid_api_key' });
    },
  },
  'timezone-aliases-refused': {
    probe: 'GET /games/{id}/activity-pattern?timezone=Asia/Kolkata',
    observe: (api) => statusAndCode(api, `/games/${firstGame.id}/activity-pattern?timezone=Asia/Kolkata`),
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 200, code: undefined });
      expect(variant).toEqual({ status: 422, code: 'invalid_statistics_query' });
    },
  },
  'repeated-params-first-wins': {
    probe: 'GET /games/{id}/players?granularity=raw&granularity=daily',
    observe: async (api) => {
      const reply = await api.call(`/games/${firstGame.id}/players?granularity=raw&granularity=daily`);
      return { status: reply.status, granularity: reply.body.meta?.granularity };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 422, granularity: undefined });
      expect(variant).toEqual({ status: 200, granularity: 'raw' });
    },
  },
  'repeated-tag-id-deduplicated': {
    probe: 'GET /games?codebase_tag_id[]=A&codebase_tag_id[]=A against codebase_tag_id[]=A',
    observe: async (api) => {
      const twice = await api.call(
        `/games?codebase_tag_id[]=${codebaseTag}&codebase_tag_id[]=${codebaseTag}`,
      );
      const once = await api.call(`/games?codebase_tag_id[]=${codebaseTag}`);
      return { status: twice.status, sameTotal: twice.body.meta?.total === once.body.meta.total };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 422, sameTotal: false });
      expect(variant).toEqual({ status: 200, sameTotal: true });
    },
  },
  'connection-type-case-insensitive': {
    probe: 'GET /games?connection_type=WEB_ONLY against connection_type=web_only',
    observe: async (api) => {
      const upper = await api.call('/games?connection_type=WEB_ONLY');
      const lower = await api.call('/games?connection_type=web_only');
      return { status: upper.status, sameTotal: upper.body.meta?.total === lower.body.meta.total };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ status: 422, sameTotal: false });
      expect(variant).toEqual({ status: 200, sameTotal: true });
    },
  },
  'games-beyond-last-page-422': {
    probe: 'GET /games?per_page=50 at the last page + 2 and + 1',
    observe: async (api) => {
      const total = (await api.call('/games?per_page=50')).body.meta.total as number;
      const last = Math.max(1, Math.ceil(total / 50));
      const far = await api.call(`/games?per_page=50&page=${last + 2}`);
      const next = await api.call(`/games?per_page=50&page=${last + 1}`);
      return {
        far: far.status,
        code: far.body.error?.code,
        afterLast: next.status,
        games: next.body.data?.length,
      };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ far: 200, code: undefined, afterLast: 200, games: 0 });
      expect(variant).toEqual({ far: 422, code: 'invalid_filter', afterLast: 200, games: 0 });
    },
  },
  'stats-buckets-keyed-by-end': {
    probe: "GET /games/{id}/statistics hourly and raw over one day → the first points' dates",
    observe: async (api) => {
      const first = async (resolution: string) =>
        (
          await api.call(
            `/games/${firstGame.id}/statistics?resolution=${resolution}&from=2026-10-30&to=2026-10-30`,
          )
        ).body.data[0]?.date;
      return { hourly: await first('hourly'), raw: await first('raw') };
    },
    differs: (variant, reference) => {
      const midnight = Date.parse('2026-10-30T00:00:00Z') / 1000;
      expect(reference).toEqual({ hourly: midnight, raw: midnight });
      expect(variant).toEqual({ hourly: midnight + 3600, raw: midnight });
    },
  },
  'average-rating-whole-stars': {
    probe: "GET /games?per_page=50: the games' average ratings",
    observe: async (api) => {
      const games = (await api.call('/games?per_page=50')).body.data as Array<{
        reviews: { average_rating: number | null };
      }>;
      const averages = games.map((game) => game.reviews.average_rating).filter((a) => a !== null);
      return { rated: averages.length > 0, whole: averages.every((a) => Number.isInteger(a)) };
    },
    differs: (variant, reference) => {
      expect(reference).toEqual({ rated: true, whole: false });
      expect(variant).toEqual({ rated: true, whole: true });
    },
  },
};

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(variants: ReadonlySet<string>): Promise<Api> {
  const clock = new ManualClock();
  const server = await startServer({
    port: 0,
    dataset,
    keys: [...Object.values(KEYS), TIGHT_DAY_KEY, TIED_KEY],
    clock,
    variants,
  });
  running.push(server);
  return {
    clock,
    async call(path, { key = KEYS.high, authorization, atOrigin = false } = {}) {
      const url = `${atOrigin ? server.url : server.baseUrl}${path}`;
      const value = authorization ?? (key ? `Bearer ${key.key}` : undefined);
      const response = await undiciRequest(url, { headers: value ? { authorization: value } : {} });
      const text = await response.body.text();
      return {
        status: response.statusCode,
        headers: response.headers,
        body: text ? JSON.parse(text) : undefined,
      };
    },
  };
}

describe('legitimate variants', () => {
  it('have a live test each', () => {
    expect(Object.keys(CASES).sort()).toEqual(VARIANTS.map((v) => v.name).sort());
  });

  it.each(VARIANTS.map((variant) => ({ name: variant.name, ...CASES[variant.name] })))(
    '$name: $probe',
    async ({ name, observe, differs }) => {
      const [referenceApi, variantApi] = await Promise.all([start(new Set()), start(new Set([name]))]);
      const reference = await observe(referenceApi);
      const variant = await observe(variantApi);
      expect(variant).not.toEqual(reference);
      differs(variant, reference);
    },
  );
});

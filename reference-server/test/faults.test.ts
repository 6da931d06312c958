/**
 * Every deliberate fault of the catalogue (src/faults.ts) is live: with the fault on,
 * one specific request is answered differently from the faultless server, in the way
 * the catalogue describes. (With no fault on, the rest of the test suite pins the
 * correct behaviour.) Responses here are read raw, not validated against the spec:
 * a faulty server is expected to break it.
 */
import { request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord, GameRecord } from '../../fixtures/src/model.ts';
import { FAULTS, FIELD_FAULTS, type FaultName } from '../src/faults.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { ANCHOR_SECONDS, KEYS, ManualClock, testDataset } from './harness.ts';
import { readReply, type Json, type Reply } from '../src/blind-faults/testing/witness-harness.ts';

interface CallOptions {
  method?: string;
  /** Default: the high-limit key; null sends no Authorization header. */
  key?: ApiKeyRecord | null;
  /** Path relative to the origin instead of /api/v1. */
  atOrigin?: boolean;
}

/** One server (faulty or not) as a probe sees it. */
interface Api {
  call(path: string, options?: CallOptions): Promise<Reply>;
}

function clientOf(server: RunningServer): Api {
  return {
    async call(path, { method = 'GET', key = KEYS.high, atOrigin = false } = {}) {
      const url = `${atOrigin ? server.url : server.baseUrl}${path}`;
      const headers = key ? { authorization: `Bearer ${key.key}` } : {};
      return readReply(await undiciRequest(url, { method, headers }));
    },
  };
}

const DAY = 86_400;
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const ids = (reply: Reply): number[] => reply.body.data.map((item: { id: number }) => item.id);

/** Fixture games and reviews the probes need, found in the shared test dataset. */
const dataset = testDataset();
const active = dataset.games.filter((g) => g.archiveReason === null);
function find(description: string, predicate: (game: GameRecord) => boolean): GameRecord {
  const game = dataset.games.find(predicate);
  if (!game) throw new Error(`The test dataset has no ${description}`);
  return game;
}
const archived = find(
  'archived game with votes, a host and crawl history',
  (g) => g.archiveReason !== null && g.monthlyVotes > 0 && g.host !== null && g.crawlStart !== null,
);
const webOnly = find('active web-only game with a website', (g) => g.webOnly && g.website !== null);
const withoutSnapshot = find('game without MSSP snapshot', (g) => g.msspRaw === null);
/** Crawled continuously (no outage) over the last 20 days, statistics ready. */
const crawled = find(
  'steadily crawled game',
  (g) =>
    g.archiveReason === null &&
    !g.webOnly &&
    g.statisticsState === 'ready' &&
    g.crawlStart !== null &&
    g.crawlStart < ANCHOR_SECONDS - 400 * DAY &&
    g.crawlEnd === null &&
    g.outages.every((o) => o.end < ANCHOR_SECONDS - 20 * DAY),
);
/** First crawled 20–300 days ago: statistics buckets before that are empty. */
const recentlyCrawled = find(
  'game first crawled 20 to 300 days ago',
  (g) =>
    g.archiveReason === null &&
    g.statisticsState === 'ready' &&
    g.crawlStart !== null &&
    g.crawlStart > ANCHOR_SECONDS - 300 * DAY &&
    g.crawlStart < ANCHOR_SECONDS - 20 * DAY,
);
const withSnapshot = find(
  'game with a numeric PLAYERS in its MSSP snapshot',
  (g) => g.msspCollectedAt !== null && /^\d+$/.test(g.msspRaw?.PLAYERS ?? ''),
);
const withRpStatus = find(
  'active game with a roleplaying status',
  (g) => g.archiveReason === null && g.categories.rp_status !== undefined,
);
const playcountTag = find(
  'active game with a play-count tag',
  (g) => g.archiveReason === null && g.categories.playcount !== undefined,
).categories.playcount!;
const archivedReview = dataset.reviews.find(
  (r) => dataset.games.find((g) => g.id === r.gameId)!.archiveReason,
);
const firstGame = active[0]!;
const otherCodebaseGame = find(
  'second codebase',
  (g) =>
    g.archiveReason === null &&
    g.categories.codebase !== undefined &&
    g.categories.codebase !== firstGame.categories.codebase,
);
const otherThemeGame = find(
  'game with another theme and another codebase',
  (g) =>
    g.archiveReason === null &&
    g.categories.theme !== undefined &&
    g.categories.theme !== firstGame.categories.theme &&
    g.categories.codebase !== firstGame.categories.codebase,
);
/** A word of a game's description that is not in its name. */
const descriptionWord = firstGame.description
  .toLowerCase()
  .split(/[^a-z]+/)
  .filter((w) => w.length >= 6 && !firstGame.name.toLowerCase().includes(w))
  .sort((a, b) => b.length - a.length)[0]!;
/**
 * A game and a word found in its description only after the first 255 characters (not in its
 * name or intro), the rarest such word across the directory, so that one page holds its games.
 */
const { game: longGame, word: tailWord } = (() => {
  const texts = active.map((g) => `${g.name} ${g.intro} ${g.description}`.toLowerCase());
  let best: { game: (typeof active)[number]; word: string; count: number } | undefined;
  for (const game of active) {
    const head = `${game.name} ${game.intro} ${game.description.slice(0, 255)}`.toLowerCase();
    for (const word of game.description
      .slice(255)
      .toLowerCase()
      .split(/[^a-z]+/)) {
      if (word.length < 6 || head.includes(word)) continue;
      const count = texts.filter((text) => text.includes(word)).length;
      if (best === undefined || count < best.count) best = { game, word, count };
    }
    if (best !== undefined && best.count <= 10) break;
  }
  if (best === undefined) throw new Error('no description with a word only after its 255th character');
  return best;
})();

interface FaultCase {
  /** What the probe does, for the test title. */
  probe: string;
  /** Runs the same requests against a server; returns what the assertion compares. */
  observe(api: Api): Promise<unknown>;
  /** How the faulty observation differs from the faultless one. */
  differs(faulty: Json, normal: Json): void;
}

/** Observation: status and error code (if any). */
async function statusAndCode(api: Api, path: string, options?: CallOptions) {
  const reply = await api.call(path, options);
  return { status: reply.status, code: reply.body?.error?.code };
}

/** A key whose day budget (3) runs out before its minute budget (10). */
const DAY_LIMITED_KEY: ApiKeyRecord = {
  key: 'test-day-limited-key-0005',
  label: 'day-limited',
  per_minute: 10,
  per_day: 3,
  revoked: false,
};

/** GET /tags → data (the tag groups). */
async function tagGroups(api: Api): Promise<Json[]> {
  return (await api.call('/tags')).body.data;
}

/** Raw player samples of the crawled game over one day, three days before the anchor. */
const RAW_DAY = date(ANCHOR_SECONDS - 3 * DAY);
async function rawSamplesOfDay(api: Api): Promise<Reply> {
  return api.call(`/games/${crawled.id}/players?granularity=raw&from=${RAW_DAY}&to=${RAW_DAY}`);
}

/** Daily statistics points of the crawled game over the nine days before yesterday. */
async function statisticsPoints(api: Api): Promise<Json[]> {
  const query = `from=${date(ANCHOR_SECONDS - 10 * DAY)}&to=${date(ANCHOR_SECONDS - 2 * DAY)}`;
  return (await api.call(`/games/${crawled.id}/statistics?${query}`)).body.data;
}

/** Spends `times` requests of the low-limit key (5 per minute, 20 per day) and returns the last reply. */
async function spendLowKey(api: Api, times: number): Promise<Reply> {
  let reply: Reply | undefined;
  for (let i = 0; i < times; i++) reply = await api.call('/tags', { key: KEYS.low });
  return reply!;
}

const ABSENT = '<absent>';

/** The value at `path` of each representation, ABSENT where the key is missing. */
function valuesAt(items: unknown[], path: readonly string[]): unknown[] {
  return items.map((item) => {
    let value: unknown = item;
    for (const key of path) {
      if (typeof value !== 'object' || value === null || !(key in value)) return ABSENT;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  });
}

/** Every game of the collection (all pages) and three details (active, web-only, archived); or every review and one detail. */
async function representations(api: Api, resource: 'game' | 'review'): Promise<unknown[]> {
  const collection = resource === 'game' ? '/games' : '/reviews';
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const reply = await api.call(`${collection}?per_page=50&page=${page}`);
    items.push(...reply.body.data);
    if (reply.body.links.next === undefined) break;
  }
  const details =
    resource === 'game'
      ? [`/games/${firstGame.id}`, `/games/${webOnly.id}`, `/games/${archived.id}`]
      : [`/reviews/${dataset.reviews[0]!.id}`];
  for (const path of details) items.push((await api.call(path)).body.data);
  return items;
}

/** The field faults (faults.ts FIELD_FAULTS): the field differs somewhere among the representations. */
const FIELD_CASES = Object.fromEntries(
  FIELD_FAULTS.map((fault) => [
    fault.name,
    {
      probe: `every ${fault.resource} → ${fault.path.join('.')} (${fault.mutation})`,
      observe: async (api: Api) => valuesAt(await representations(api, fault.resource), fault.path),
      differs: (faulty: unknown[], normal: unknown[]) => {
        expect(normal.some((value) => value !== ABSENT)).toBe(true);
        expect(faulty.length).toBe(normal.length);
      },
    } satisfies FaultCase,
  ]),
) as Record<(typeof FIELD_FAULTS)[number]['name'], FaultCase>;

const CASES: Record<FaultName, FaultCase> = {
  ...FIELD_CASES,
  // §4 GET /games
  'archived-in-total': {
    probe: 'GET /games?per_page=50',
    observe: async (api) => {
      const reply = await api.call('/games?per_page=50');
      const archivedIds = new Set(dataset.games.filter((g) => g.archiveReason).map((g) => g.id));
      return { total: reply.body.meta.total, archivedListed: ids(reply).filter((id) => archivedIds.has(id)) };
    },
    differs: (faulty, normal) => {
      expect(normal.total).toBe(active.length);
      expect(faulty.total).toBe(dataset.games.length);
      expect(faulty.archivedListed).toEqual([]);
    },
  },
  'archived-in-results': {
    probe: "GET /games?q=<an archived game's name>",
    observe: async (api) => ids(await api.call(`/games?per_page=50&q=${encodeURIComponent(archived.name)}`)),
    differs: (faulty, normal) => {
      expect(normal).not.toContain(archived.id);
      expect(faulty).toContain(archived.id);
    },
  },
  'or-across-categories': {
    probe: 'GET /games?codebase_tag_id[]=A&theme_tag_id[]=B',
    observe: async (api) => {
      const query = `codebase_tag_id[]=${firstGame.categories.codebase}&theme_tag_id[]=${otherThemeGame.categories.theme}`;
      return ids(await api.call(`/games?per_page=50&${query}`));
    },
    differs: (faulty, normal) => {
      expect(normal).not.toContain(otherThemeGame.id);
      expect(faulty).toContain(otherThemeGame.id);
    },
  },
  'and-within-category': {
    probe: 'GET /games?codebase_tag_id[]=A&codebase_tag_id[]=B',
    observe: async (api) => {
      const query = `codebase_tag_id[]=${firstGame.categories.codebase}&codebase_tag_id[]=${otherCodebaseGame.categories.codebase}`;
      return (await api.call(`/games?${query}`)).body.meta.total;
    },
    differs: (faulty, normal) => {
      expect(normal).toBeGreaterThan(0);
      expect(faulty).toBe(0);
    },
  },
  'bracketless-tag-ignored': {
    probe: 'GET /games?codebase_tag_id=A',
    observe: async (api) =>
      (await api.call(`/games?codebase_tag_id=${firstGame.categories.codebase}`)).body.meta.total,
    differs: (faulty, normal) => {
      expect(normal).toBeLessThan(active.length);
      expect(faulty).toBe(active.length);
    },
  },
  'q-any-term': {
    probe: 'GET /games?q=<name word> zzzqqq',
    observe: async (api) =>
      (await api.call(`/games?q=${encodeURIComponent(`${firstGame.name} zzzqqq`)}`)).body.meta.total,
    differs: (faulty, normal) => {
      expect(normal).toBe(0);
      expect(faulty).toBeGreaterThan(0);
    },
  },
  'q-or-operator': {
    probe: 'GET /games?q=<name word> OR zzzqqq',
    observe: async (api) =>
      (await api.call(`/games?q=${encodeURIComponent(`${firstGame.name} OR zzzqqq`)}`)).body.meta.total,
    differs: (faulty, normal) => {
      expect(normal).toBe(0);
      expect(faulty).toBeGreaterThan(0);
    },
  },
  'q-name-only': {
    probe: 'GET /games?q=<a word of a description, not of the name>',
    observe: async (api) => ids(await api.call(`/games?per_page=50&q=${descriptionWord}`)),
    differs: (faulty, normal) => {
      expect(normal).toContain(firstGame.id);
      expect(faulty).not.toContain(firstGame.id);
    },
  },
  'q-description-first-255-chars': {
    probe: "GET /games?q=<a word only after a description's 255th character>",
    observe: async (api) => ids(await api.call(`/games?per_page=50&q=${tailWord}`)),
    differs: (faulty, normal) => {
      expect(normal).toContain(longGame.id);
      expect(faulty).not.toContain(longGame.id);
    },
  },
  'links-drop-filters': {
    probe: 'GET /games?sort=newest&per_page=5 → links.next',
    observe: async (api) => (await api.call('/games?sort=newest&per_page=5')).body.links.next,
    differs: (faulty, normal) => {
      expect(normal).toContain('sort=newest');
      expect(faulty).not.toContain('sort=newest');
    },
  },
  'links-relative': {
    probe: 'GET /games → links.self',
    observe: async (api) => (await api.call('/games')).body.links.self,
    differs: (faulty, normal) => {
      expect(normal).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/games\?/);
      expect(faulty).toMatch(/^\/api\/v1\/games\?/);
    },
  },
  'reviews-links-drop-game-id': {
    probe: 'GET /reviews?game_id=<a game with reviews>&per_page=1 → links.self',
    observe: async (api) => {
      const gameId = dataset.reviews[0]!.gameId;
      return (await api.call(`/reviews?game_id=${gameId}&per_page=1`)).body.links.self;
    },
    differs: (faulty, normal) => {
      expect(new URL(normal).searchParams.get('game_id')).toBe(String(dataset.reviews[0]!.gameId));
      expect(new URL(faulty).searchParams.has('game_id')).toBe(false);
    },
  },
  'review-edited-before-submitted': {
    probe: "GET /reviews?per_page=50 → the edited reviews' dates",
    observe: async (api) =>
      (await api.call('/reviews?per_page=50')).body.data
        .map((r: { dates: { submitted: string; edited: string | null } }) => r.dates)
        .filter((dates: { edited: string | null }) => dates.edited !== null),
    differs: (faulty, normal) => {
      const before = (dates: { submitted: string; edited: string }) => dates.edited < dates.submitted;
      expect(normal.length).toBeGreaterThan(0);
      expect(normal.some(before)).toBe(false);
      expect(faulty.length).toBe(normal.length);
      expect(faulty.every(before)).toBe(true);
    },
  },
  'next-on-last-page': {
    probe: 'GET /games?per_page=50&page=<last> → links.next',
    observe: async (api) => {
      const last = Math.ceil(active.length / 50);
      return (await api.call(`/games?per_page=50&page=${last}`)).body.links.next ?? null;
    },
    differs: (faulty, normal) => {
      expect(normal).toBeNull();
      expect(faulty).toEqual(expect.any(String));
    },
  },
  'previous-on-first-page': {
    probe: 'GET /games → links.previous',
    observe: async (api) => (await api.call('/games')).body.links.previous ?? null,
    differs: (faulty, normal) => {
      expect(normal).toBeNull();
      expect(faulty).toMatch(/page=0/);
    },
  },
  'per-page-default-10': {
    probe: 'GET /games → meta.per_page',
    observe: async (api) => (await api.call('/games')).body.meta.per_page,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([20, 10]),
  },
  'total-is-page-count': {
    probe: 'GET /games?per_page=5 → meta.total',
    observe: async (api) => (await api.call('/games?per_page=5')).body.meta.total,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([active.length, 5]),
  },
  'unknown-sort-422': {
    probe: 'GET /games?sort=best',
    observe: (api) => statusAndCode(api, '/games?sort=best'),
    differs: (faulty, normal) => {
      expect(normal.status).toBe(200);
      expect(faulty).toEqual({ status: 422, code: 'invalid_filter' });
    },
  },
  'unknown-sort-is-newest': {
    probe: 'GET /games?sort=best against sort=last_updated and sort=newest',
    observe: async (api) => {
      const [unknown, lastUpdated, newest] = await Promise.all(
        ['best', 'last_updated', 'newest'].map((sort) => api.call(`/games?sort=${sort}`)),
      );
      return { unknown: ids(unknown!), lastUpdated: ids(lastUpdated!), newest: ids(newest!) };
    },
    differs: (faulty, normal) => {
      expect(normal.unknown).toEqual(normal.lastUpdated);
      expect(faulty.unknown).not.toEqual(faulty.lastUpdated);
      expect(faulty.unknown).toEqual(faulty.newest);
    },
  },
  'web-only-online-recently-accepted': {
    probe: 'GET /games?connection_type=web_only&online_recently=1',
    observe: (api) => statusAndCode(api, '/games?connection_type=web_only&online_recently=1'),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_filter' });
      expect(faulty.status).toBe(200);
    },
  },
  'web-only-recently-online-sort-accepted': {
    probe: 'GET /games?connection_type=web_only&sort=recently_online',
    observe: (api) => statusAndCode(api, '/games?connection_type=web_only&sort=recently_online'),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_filter' });
      expect(faulty.status).toBe(200);
    },
  },
  'has-reviews-2-accepted': {
    probe: 'GET /games?has_reviews=2 against has_reviews=1',
    observe: async (api) => {
      const [two, one] = await Promise.all([
        api.call('/games?has_reviews=2'),
        api.call('/games?has_reviews=1'),
      ]);
      return { status: two.status, total: two.body.meta?.total, totalForOne: one.body.meta.total };
    },
    differs: (faulty, normal) => {
      expect(normal.status).toBe(422);
      expect([faulty.status, faulty.total]).toEqual([200, faulty.totalForOne]);
    },
  },
  'recently-updated-60-days': {
    probe: 'GET /games?recently_updated=1 → meta.total',
    observe: async (api) => (await api.call('/games?recently_updated=1')).body.meta.total,
    differs: (faulty, normal) => {
      const since = (days: number) => active.filter((g) => g.updated >= ANCHOR_SECONDS - days * DAY).length;
      expect([normal, faulty]).toEqual([since(30), since(60)]);
      expect(faulty).toBeGreaterThan(normal);
    },
  },
  'online-recently-7-days': {
    probe: 'GET /games?online_recently=1 → meta.total',
    observe: async (api) => (await api.call('/games?online_recently=1')).body.meta.total,
    differs: (faulty, normal) => expect(faulty).toBeGreaterThan(normal),
  },
  'mud-client-includes-web-only': {
    probe: 'GET /games?connection_type=mud_client → meta.total',
    observe: async (api) => (await api.call('/games?connection_type=mud_client')).body.meta.total,
    differs: (faulty, normal) => {
      expect(normal).toBe(active.filter((g) => !g.webOnly).length);
      expect(faulty).toBe(active.length);
    },
  },
  'page-skips-item': {
    probe: 'GET /games?per_page=5&page=2 against per_page=10',
    observe: async (api) => {
      const [page2, first10] = await Promise.all([
        api.call('/games?per_page=5&page=2'),
        api.call('/games?per_page=10'),
      ]);
      return { page2: ids(page2), first10: ids(first10) };
    },
    differs: (faulty, normal) => {
      expect(normal.page2).toEqual(normal.first10.slice(5, 10));
      expect(faulty.page2[0]).toBe(faulty.first10[6]);
    },
  },
  'offset-capped-at-250': {
    probe: 'GET /games?per_page=10&page=27 (offset 260) against per_page=50&page=6 (offset 250)',
    observe: async (api) => {
      const [page27, from250] = await Promise.all([
        api.call('/games?per_page=10&page=27'),
        api.call('/games?per_page=50&page=6'),
      ]);
      return { page27: ids(page27), from250: ids(from250) };
    },
    differs: (faulty, normal) => {
      expect(normal.page27).toEqual(normal.from250.slice(10, 20));
      expect(normal.page27).toHaveLength(10);
      expect(faulty.page27).toEqual(faulty.from250.slice(0, 10));
    },
  },
  'sort-top-voted-ascending': {
    probe: 'GET /games?sort=top_voted → monthly votes of page 1',
    observe: async (api) =>
      (await api.call('/games?sort=top_voted')).body.data.map(
        (g: { ranking: { monthly_votes: number } }) => g.ranking.monthly_votes,
      ),
    differs: (faulty, normal) => {
      expect(normal).toEqual([...normal].sort((a, b) => b - a));
      expect(faulty).toEqual([...faulty].sort((a, b) => a - b));
      expect(faulty[0]).toBeLessThan(normal[0]);
    },
  },

  // §2 representations, §4 GET /games/{gameId}
  'archived-rank-not-null': {
    probe: 'GET /games/<archived> → ranking.rank',
    observe: async (api) => (await api.call(`/games/${archived.id}`)).body.data.ranking.rank,
    differs: (faulty, normal) => {
      expect(normal).toBeNull();
      expect(faulty).toEqual(expect.any(Number));
    },
  },
  'archived-play-not-null': {
    probe: 'GET /games/<archived> → urls.play',
    observe: async (api) => (await api.call(`/games/${archived.id}`)).body.data.urls.play,
    differs: (faulty, normal) => {
      expect(normal).toBeNull();
      expect(faulty).toMatch(/^telnet:\/\//);
    },
  },
  'archived-confirmed-online': {
    probe: 'GET /games/<archived> → status.confirmed_online',
    observe: async (api) => (await api.call(`/games/${archived.id}`)).body.data.status.confirmed_online,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([false, true]),
  },
  'web-only-play-null': {
    probe: 'GET /games/<web-only> → urls.play',
    observe: async (api) => (await api.call(`/games/${webOnly.id}`)).body.data.urls.play,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([webOnly.website, null]),
  },
  'web-only-connection-present': {
    probe: 'GET /games/<web-only> → connection.host',
    observe: async (api) => (await api.call(`/games/${webOnly.id}`)).body.data.connection.host,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([null, new URL(webOnly.website!).hostname]),
  },
  'detail-missing-mssp-link': {
    probe: 'GET /games/<id> → urls.mssp',
    observe: async (api) => (await api.call(`/games/${firstGame.id}`)).body.data.urls.mssp ?? null,
    differs: (faulty, normal) => {
      expect(normal).toMatch(/\/mssp$/);
      expect(faulty).toBeNull();
    },
  },
  'unknown-game-200-null': {
    probe: 'GET /games/999999',
    observe: async (api) => {
      const reply = await api.call('/games/999999');
      return { status: reply.status, body: reply.body };
    },
    differs: (faulty, normal) => {
      expect([normal.status, normal.body.error.code]).toEqual([404, 'game_not_found']);
      expect(faulty).toEqual({ status: 200, body: { data: null } });
    },
  },
  'timestamps-with-millis': {
    probe: 'GET /games/<id> → dates.listed',
    observe: async (api) => (await api.call(`/games/${firstGame.id}`)).body.data.dates.listed,
    differs: (faulty, normal) => {
      expect(normal).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(faulty).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    },
  },
  'detail-name-differs': {
    probe: 'GET /games/<id> → name against the summary in GET /games',
    observe: async (api) => {
      const [detail, list] = await Promise.all([
        api.call(`/games/${firstGame.id}`),
        api.call(`/games?q=${encodeURIComponent(firstGame.name)}&per_page=50`),
      ]);
      const summary = list.body.data.find((g: { id: number }) => g.id === firstGame.id);
      return { detail: detail.body.data.name, summary: summary.name };
    },
    differs: (faulty, normal) => {
      expect(normal.detail).toBe(normal.summary);
      expect(faulty.detail).not.toBe(faulty.summary);
    },
  },
  'category-keys-from-group-names': {
    probe: 'GET /games/<id with a roleplaying status> → keys of tags.categories',
    observe: async (api) =>
      Object.keys((await api.call(`/games/${withRpStatus.id}`)).body.data.tags.categories),
    differs: (faulty, normal) => {
      expect(normal).toContain('rp_status');
      expect(faulty).not.toContain('rp_status');
      expect(faulty).toContain('roleplaying_status');
    },
  },

  // §4 GET /games/{gameId}/mssp
  'mssp-available-with-null-data': {
    probe: 'GET /games/<no snapshot>/mssp',
    observe: async (api) => (await api.call(`/games/${withoutSnapshot.id}/mssp`)).body,
    differs: (faulty, normal) => {
      expect([normal.data, normal.meta.status]).toEqual([null, 'mssp_not_available']);
      expect([faulty.data, faulty.meta.status]).toEqual([null, 'available']);
    },
  },
  'mssp-archived-404': {
    probe: 'GET /games/<archived>/mssp',
    observe: (api) => statusAndCode(api, `/games/${archived.id}/mssp`),
    differs: (faulty, normal) => {
      expect(normal.status).toBe(200);
      expect(faulty).toEqual({ status: 404, code: 'game_not_found' });
    },
  },
  'mssp-collected-at-epoch': {
    probe: 'GET /games/<id>/mssp → data.collected_at',
    observe: async (api) => (await api.call(`/games/${withSnapshot.id}/mssp`)).body.data.collected_at,
    differs: (faulty, normal) => {
      expect(normal).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(faulty).toBe(withSnapshot.msspCollectedAt);
    },
  },
  'mssp-numbers-left-as-text': {
    probe: 'GET /games/<id>/mssp → data.values.players',
    observe: async (api) => (await api.call(`/games/${withSnapshot.id}/mssp`)).body.data.values.players,
    differs: (faulty, normal) => {
      expect(normal).toEqual(expect.any(Number));
      expect(faulty).toBe(String(normal));
    },
  },
  'mssp-not-available-empty-snapshot': {
    probe: 'GET /games/<no snapshot>/mssp',
    observe: async (api) => (await api.call(`/games/${withoutSnapshot.id}/mssp`)).body,
    differs: (faulty, normal) => {
      expect([normal.data, normal.meta.status]).toEqual([null, 'mssp_not_available']);
      expect([faulty.data, faulty.meta.status]).toEqual([
        { collected_at: null, values: null },
        'mssp_not_available',
      ]);
    },
  },

  // §4 GET /games/{gameId}/players
  'daily-range-366-accepted': {
    probe: 'GET /games/<id>/players?from=2025-01-01&to=2026-01-01',
    observe: (api) => statusAndCode(api, `/games/${crawled.id}/players?from=2025-01-01&to=2026-01-01`),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_date_range' });
      expect(faulty.status).toBe(200);
    },
  },
  'daily-range-365-refused': {
    probe: 'GET /games/<id>/players?from=2025-01-01&to=2025-12-31',
    observe: (api) => statusAndCode(api, `/games/${crawled.id}/players?from=2025-01-01&to=2025-12-31`),
    differs: (faulty, normal) => {
      expect(normal.status).toBe(200);
      expect(faulty).toEqual({ status: 422, code: 'invalid_date_range' });
    },
  },
  'raw-range-91-accepted': {
    probe: 'GET /games/<id>/players?granularity=raw&from=2026-01-01&to=2026-04-01',
    observe: (api) =>
      statusAndCode(api, `/games/${crawled.id}/players?granularity=raw&from=2026-01-01&to=2026-04-01`),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_date_range' });
      expect(faulty.status).toBe(200);
    },
  },
  'daily-value-max': {
    probe: 'GET /games/<id>/players over 10 days → daily values',
    observe: async (api) => {
      const to = date(ANCHOR_SECONDS - 2 * DAY);
      const from = date(ANCHOR_SECONDS - 11 * DAY);
      const reply = await api.call(`/games/${crawled.id}/players?from=${from}&to=${to}`);
      return reply.body.data.map((s: { players: number }) => s.players);
    },
    differs: (faulty: number[], normal: number[]) => {
      expect(faulty).toHaveLength(normal.length);
      expect(faulty.every((max, i) => max >= normal[i]!)).toBe(true);
      expect(faulty.some((max, i) => max > normal[i]!)).toBe(true);
    },
  },
  'players-default-31-days': {
    probe: 'GET /games/<id>/players → meta.from',
    observe: async (api) => (await api.call(`/games/${crawled.id}/players`)).body.meta.from,
    differs: (faulty, normal) =>
      expect([normal, faulty]).toEqual([date(ANCHOR_SECONDS - 29 * DAY), date(ANCHOR_SECONDS - 30 * DAY)]),
  },
  'players-reverse-chronological': {
    probe: 'GET /games/<id>/players → recorded_at order',
    observe: async (api) =>
      (await api.call(`/games/${crawled.id}/players`)).body.data.map(
        (s: { recorded_at: string }) => s.recorded_at,
      ),
    differs: (faulty: string[], normal: string[]) => {
      expect(normal).toEqual([...normal].sort());
      expect(faulty).toEqual([...normal].reverse());
    },
  },
  'players-invalid-date-accepted': {
    probe: 'GET /games/<id>/players?from=2026-02-30&to=2026-03-10',
    observe: async (api) => {
      const reply = await api.call(`/games/${crawled.id}/players?from=2026-02-30&to=2026-03-10`);
      return { status: reply.status, code: reply.body.error?.code, from: reply.body.meta?.from };
    },
    differs: (faulty, normal) => {
      expect([normal.status, normal.code]).toEqual([422, 'invalid_date_range']);
      expect([faulty.status, faulty.from]).toEqual([200, '2026-03-02']);
    },
  },
  'player-count-as-text': {
    probe: 'GET /games/<id>/players?granularity=raw for one day → types of players',
    observe: async (api) => [
      ...new Set((await rawSamplesOfDay(api)).body.data.map((s: { players: unknown }) => typeof s.players)),
    ],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([['number'], ['string']]),
  },
  'players-meta-always-daily': {
    probe: 'GET /games/<id>/players?granularity=raw → meta.granularity',
    observe: async (api) => (await rawSamplesOfDay(api)).body.meta.granularity,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual(['raw', 'daily']),
  },
  'raw-includes-next-midnight': {
    probe: 'GET /games/<id>/players?granularity=raw for one day → the last recorded_at',
    observe: async (api) => (await rawSamplesOfDay(api)).body.data.at(-1).recorded_at,
    differs: (faulty, normal) => {
      expect(normal).toBe(`${RAW_DAY}T23:30:00Z`);
      expect(faulty).toBe(`${date(ANCHOR_SECONDS - 2 * DAY)}T00:00:00Z`);
    },
  },
  'daily-stamped-at-noon': {
    probe: 'GET /games/<id>/players → times of day of recorded_at',
    observe: async (api) => [
      ...new Set(
        (await api.call(`/games/${crawled.id}/players`)).body.data.map((s: { recorded_at: string }) =>
          s.recorded_at.slice(10),
        ),
      ),
    ],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([['T00:00:00Z'], ['T12:00:00Z']]),
  },
  'players-web-only-404': {
    probe: 'GET /games/<web-only>/players',
    observe: (api) => statusAndCode(api, `/games/${webOnly.id}/players`),
    differs: (faulty, normal) => {
      expect(normal.status).toBe(200);
      expect(faulty).toEqual({ status: 404, code: 'game_not_found' });
    },
  },

  // §4 GET /reviews, GET /reviews/{reviewId}
  'reviews-oldest-first': {
    probe: 'GET /reviews → dates.submitted order',
    observe: async (api) =>
      (await api.call('/reviews')).body.data.map((r: { dates: { submitted: string } }) => r.dates.submitted),
    differs: (faulty: string[], normal: string[]) => {
      expect(normal).toEqual([...normal].sort().reverse());
      expect(faulty).toEqual([...faulty].sort());
      expect(faulty[0]! < normal[0]!).toBe(true);
    },
  },
  'archived-review-in-collection': {
    probe: 'GET /reviews → meta.total',
    observe: async (api) => (await api.call('/reviews')).body.meta.total,
    differs: (faulty, normal) => {
      const activeIds = new Set(active.map((g) => g.id));
      expect(normal).toBe(dataset.reviews.filter((r) => activeIds.has(r.gameId)).length);
      expect(faulty).toBe(dataset.reviews.length);
    },
  },
  'archived-review-404-by-id': {
    probe: "GET /reviews/<an archived game's review>",
    observe: (api) => statusAndCode(api, `/reviews/${archivedReview!.id}`),
    differs: (faulty, normal) => {
      expect(normal.status).toBe(200);
      expect(faulty.status).toBe(404);
    },
  },
  'reviews-unknown-game-unfiltered': {
    probe: 'GET /reviews?game_id=<id of no game> → meta.total',
    observe: async (api) => (await api.call('/reviews?game_id=1000000001')).body.meta.total,
    differs: (faulty, normal) => {
      expect(normal).toBe(0);
      expect(faulty).toBeGreaterThan(0);
    },
  },
  'review-game-filter-ignored': {
    probe: 'GET /reviews?game_id=<id> → game ids listed',
    observe: async (api) => {
      const gameId = dataset.reviews.find((r) => active.some((g) => g.id === r.gameId))!.gameId;
      const reply = await api.call(`/reviews?per_page=50&game_id=${gameId}`);
      return {
        gameId,
        listed: [...new Set(reply.body.data.map((r: { game: { id: number } }) => r.game.id))],
      };
    },
    differs: (faulty, normal) => {
      expect(normal.listed).toEqual([normal.gameId]);
      expect(faulty.listed.length).toBeGreaterThan(1);
    },
  },
  'missing-review-game-not-found': {
    probe: 'GET /reviews/999999',
    observe: (api) => statusAndCode(api, '/reviews/999999'),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 404, code: 'review_not_found' });
      expect(faulty).toEqual({ status: 404, code: 'game_not_found' });
    },
  },

  // §4 GET /tags and the tag filters of GET /games
  'tag-group-id-as-text': {
    probe: 'GET /tags → types of the group ids',
    observe: async (api) => [...new Set((await tagGroups(api)).map((group) => typeof group.id))],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([['number'], ['string']]),
  },
  'duplicate-tag-group-id': {
    probe: 'GET /tags → group ids',
    observe: async (api) => (await tagGroups(api)).map((group) => group.id),
    differs: (faulty, normal) => {
      expect(new Set(normal).size).toBe(normal.length);
      expect(faulty.at(-1)).toBe(faulty[0]);
    },
  },
  'duplicate-tag-id': {
    probe: 'GET /tags → tag ids of the first group',
    observe: async (api) => (await tagGroups(api))[0].values.map((tag: { id: number }) => tag.id),
    differs: (faulty, normal) => {
      expect(new Set(normal).size).toBe(normal.length);
      expect(faulty).toEqual([normal[0], ...normal]);
    },
  },
  'tag-missing-from-taxonomy': {
    probe: 'GET /tags → number of tags listed',
    observe: async (api) => (await tagGroups(api)).flatMap((group) => group.values).length,
    differs: (faulty, normal) => {
      const groups = dataset.taxonomy.groups;
      expect(normal).toBe(groups.flatMap((group) => group.values).length);
      expect(faulty).toBe(normal - groups.length);
    },
  },
  'tag-names-title-cased': {
    probe: 'GET /tags → names of the roleplaying-status group',
    observe: async (api) =>
      (await tagGroups(api))
        .find((group) => group.name === 'Roleplaying status')
        .values.map((tag: { name: string }) => tag.name),
    differs: (faulty, normal) => {
      expect(normal).toContain('Roleplay enforced');
      expect(faulty).toContain('Roleplay Enforced');
    },
  },
  'player-killing-group-missing': {
    probe: 'GET /tags → group names',
    observe: async (api) => (await tagGroups(api)).map((group) => group.name),
    differs: (faulty, normal) => {
      expect(normal).toContain('Player killing');
      expect(faulty).toEqual(normal.filter((name: string) => name !== 'Player killing'));
    },
  },
  'untagged-games-pass-tag-filter': {
    probe: 'GET /games?playcount_tag_id[]=<id> → meta.total',
    observe: async (api) => (await api.call(`/games?playcount_tag_id[]=${playcountTag}`)).body.meta.total,
    differs: (faulty, normal) => {
      const carrying = active.filter((g) => g.categories.playcount === playcountTag).length;
      const untagged = active.filter((g) => g.categories.playcount === undefined).length;
      expect(untagged).toBeGreaterThan(0);
      expect([normal, faulty]).toEqual([carrying, carrying + untagged]);
    },
  },

  // §4 statistics endpoints
  'stats-zero-for-missing': {
    probe: 'GET /games/<id>/statistics over the days before its first crawl → first point',
    observe: async (api) => {
      const start = recentlyCrawled.crawlStart!;
      const query = `from=${date(start - 5 * DAY)}&to=${date(start + 5 * DAY)}`;
      return (await api.call(`/games/${recentlyCrawled.id}/statistics?${query}`)).body.data[0];
    },
    differs: (faulty, normal) => {
      expect([normal.count, normal.average, normal.min, normal.max]).toEqual([0, null, null, null]);
      expect([faulty.count, faulty.average, faulty.min, faulty.max]).toEqual([0, 0, 0, 0]);
    },
  },
  'activity-null-threshold-2': {
    probe: 'GET /games/<id>/activity-pattern for one day → averages of two-sample cells',
    observe: async (api) => {
      const day = date(ANCHOR_SECONDS - 2 * DAY);
      const reply = await api.call(`/games/${crawled.id}/activity-pattern?from=${day}&to=${day}`);
      return reply.body.data
        .filter((cell: { count: number }) => cell.count === 2)
        .map((cell: { average: number | null }) => cell.average);
    },
    differs: (faulty: Array<number | null>, normal: Array<number | null>) => {
      expect(normal.length).toBeGreaterThan(0);
      expect(normal.every((average) => average === null)).toBe(true);
      expect(faulty.every((average) => typeof average === 'number')).toBe(true);
    },
  },
  'activity-pattern-91-days-accepted': {
    probe: 'GET /games/<id>/activity-pattern?from=2026-08-01&to=2026-10-30',
    observe: (api) =>
      statusAndCode(api, `/games/${crawled.id}/activity-pattern?from=2026-08-01&to=2026-10-30`),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_statistics_query' });
      expect(faulty.status).toBe(200);
    },
  },
  'invalid-timezone-accepted': {
    probe: 'GET /games/<id>/activity-pattern?timezone=Mars/Olympus',
    observe: (api) => statusAndCode(api, `/games/${crawled.id}/activity-pattern?timezone=Mars%2FOlympus`),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, code: 'invalid_statistics_query' });
      expect(faulty.status).toBe(200);
    },
  },
  'stats-average-as-text': {
    probe: 'GET /games/<id>/statistics → types of the averages',
    observe: async (api) => [...new Set((await statisticsPoints(api)).map((point) => typeof point.average))],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([['number'], ['string']]),
  },
  'stats-min-max-swapped': {
    probe: 'GET /games/<id>/statistics → min and max of the first point',
    observe: async (api) => {
      const [point] = await statisticsPoints(api);
      return { min: point.min, max: point.max };
    },
    differs: (faulty, normal) => {
      expect(normal.min).toBeLessThan(normal.max);
      expect(faulty).toEqual({ min: normal.max, max: normal.min });
    },
  },
  'activity-hours-one-based': {
    probe: 'GET /games/<id>/activity-pattern → lowest and highest hour',
    observe: async (api) => {
      const hours = (await api.call(`/games/${crawled.id}/activity-pattern`)).body.data.map(
        (cell: { hour: number }) => cell.hour,
      );
      return [Math.min(...hours), Math.max(...hours)];
    },
    differs: (faulty, normal) =>
      expect([normal, faulty]).toEqual([
        [0, 23],
        [1, 24],
      ]),
  },

  // §5 authentication
  'revoked-key-accepted': {
    probe: 'GET /tags with a revoked key',
    observe: (api) => statusAndCode(api, '/tags', { key: KEYS.revoked }),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 401, code: 'invalid_api_key' });
      expect(faulty.status).toBe(200);
    },
  },
  'missing-auth-invalid-key-code': {
    probe: 'GET /tags without Authorization',
    observe: (api) => statusAndCode(api, '/tags', { key: null }),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 401, code: 'authentication_required' });
      expect(faulty).toEqual({ status: 401, code: 'invalid_api_key' });
    },
  },
  'no-www-authenticate': {
    probe: 'GET /tags without Authorization → WWW-Authenticate',
    observe: async (api) => (await api.call('/tags', { key: null })).headers['www-authenticate'] ?? null,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual(['Bearer realm="Mudverse API"', null]),
  },
  'method-before-auth': {
    probe: 'POST /games without Authorization',
    observe: (api) => statusAndCode(api, '/games', { method: 'POST', key: null }),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 401, code: 'authentication_required' });
      expect(faulty).toEqual({ status: 405, code: 'method_not_allowed' });
    },
  },
  'route-404-before-auth': {
    probe: 'GET /nowhere without Authorization',
    observe: (api) => statusAndCode(api, '/nowhere', { key: null }),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 401, code: 'authentication_required' });
      expect(faulty).toEqual({ status: 404, code: 'route_not_found' });
    },
  },

  // §4 methods and paths, §1 protocol, §7 errors
  'head-answered-200': {
    probe: 'HEAD /games',
    observe: async (api) => (await api.call('/games', { method: 'HEAD' })).status,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([405, 200]),
  },
  'undefined-param-refused': {
    probe: 'GET /tags?utm_source=x',
    observe: async (api) => (await api.call('/tags?utm_source=x')).status,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([200, 422]),
  },
  'options-answered-204': {
    probe: 'OPTIONS /games',
    observe: async (api) => {
      const reply = await api.call('/games', { method: 'OPTIONS' });
      return { status: reply.status, allow: reply.headers.allow };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 405, allow: 'GET' });
      expect(faulty).toEqual({ status: 204, allow: 'GET, HEAD' });
    },
  },
  'post-404-instead-of-405': {
    probe: 'POST /games',
    observe: (api) => statusAndCode(api, '/games', { method: 'POST' }),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 405, code: 'method_not_allowed' });
      expect(faulty).toEqual({ status: 404, code: 'route_not_found' });
    },
  },
  'cors-enabled': {
    probe: 'GET /tags → Access-Control-Allow-Origin',
    observe: async (api) => (await api.call('/tags')).headers['access-control-allow-origin'] ?? null,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([null, '*']),
  },
  'json-php-404': {
    probe: 'GET /json.php at the origin root and under the base',
    observe: async (api) => [
      (await api.call('/json.php', { atOrigin: true, key: null })).status,
      (await api.call('/json.php')).status,
    ],
    differs: (faulty, normal) =>
      expect([normal, faulty]).toEqual([
        [410, 410],
        [404, 404],
      ]),
  },
  'errors-as-html': {
    probe: 'GET /nowhere → Content-Type',
    observe: async (api) => {
      const reply = await api.call('/nowhere');
      return { status: reply.status, type: reply.headers['content-type'] };
    },
    differs: (faulty, normal) => {
      expect(normal.status).toBe(404);
      expect(normal.type).toMatch(/^application\/json/);
      expect(faulty.status).toBe(404);
      expect(faulty.type).toMatch(/^text\/html/);
    },
  },
  'error-without-request-id': {
    probe: 'GET /nowhere → body.request_id',
    observe: async (api) => (await api.call('/nowhere')).body.request_id ?? null,
    differs: (faulty, normal) => {
      expect(normal).toEqual(expect.any(String));
      expect(faulty).toBeNull();
    },
  },

  // §7 response headers, §8 limits (low-limit key: 5 per minute, 20 per day; clock at 12:00:00Z)
  'remaining-not-falling': {
    probe: 'two GET /tags with the low-limit key → X-RateLimit-Remaining',
    observe: async (api) => (await spendLowKey(api, 2)).headers['x-ratelimit-remaining'],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual(['3', '5']),
  },
  'limit-header-is-day-limit': {
    probe: 'GET /tags with the low-limit key → X-RateLimit-Limit',
    observe: async (api) => (await spendLowKey(api, 1)).headers['x-ratelimit-limit'],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual(['5', '20']),
  },
  'error-limit-header-default': {
    probe: 'GET /nowhere → X-RateLimit-Limit',
    observe: async (api) => (await api.call('/nowhere')).headers['x-ratelimit-limit'],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([String(KEYS.high.per_minute), '60']),
  },
  'no-retry-after-on-429': {
    probe: 'six GET /tags with the low-limit key → the 429',
    observe: async (api) => {
      const reply = await spendLowKey(api, 6);
      return { status: reply.status, retryAfter: reply.headers['retry-after'] ?? null };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 429, retryAfter: expect.any(String) });
      expect(faulty).toEqual({ status: 429, retryAfter: null });
    },
  },
  'rate-limit-headers-missing-on-404': {
    probe: 'GET /nowhere → X-RateLimit-Limit',
    observe: async (api) => (await api.call('/nowhere')).headers['x-ratelimit-limit'] ?? null,
    differs: (faulty, normal) => {
      expect(normal).toEqual(expect.any(String));
      expect(faulty).toBeNull();
    },
  },
  'request-id-mismatch': {
    probe: 'GET /nowhere → X-Request-ID against body.request_id',
    observe: async (api) => {
      const reply = await api.call('/nowhere');
      return reply.headers['x-request-id'] === reply.body.request_id;
    },
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([true, false]),
  },
  'request-id-generated-once': {
    probe: 'two GET /tags → X-Request-ID of each',
    observe: async (api) => {
      const [first, second] = [await api.call('/tags'), await api.call('/tags')];
      return first.headers['x-request-id'] === second.headers['x-request-id'];
    },
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([false, true]),
  },
  'minute-limit-off-by-one': {
    probe: 'six GET /tags with the low-limit key → the sixth',
    observe: async (api) => (await spendLowKey(api, 6)).status,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([429, 200]),
  },
  'rate-limit-count-not-atomic': {
    probe: 'eight GET /tags with the low-limit key at once → how many were admitted',
    observe: async (api) => {
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => api.call('/tags', { key: KEYS.low })),
      );
      return replies.filter((reply) => reply.status === 200).length;
    },
    differs: (faulty, normal) => {
      expect(normal).toBe(5);
      expect(faulty).toBeGreaterThan(5);
    },
  },
  'reset-as-delta-seconds': {
    probe: 'GET /tags with the low-limit key at 12:00:00Z → X-RateLimit-Reset',
    observe: async (api) => (await spendLowKey(api, 1)).headers['x-ratelimit-reset'],
    differs: (faulty, normal) => expect([normal, faulty]).toEqual([String(ANCHOR_SECONDS + 60), '60']),
  },
  'day-limit-retry-after-minute': {
    probe: 'four GET /tags with a key allowing 3 a day, at 12:00:00Z → the 429',
    observe: async (api) => {
      let reply: Reply | undefined;
      for (let i = 0; i < 4; i++) reply = await api.call('/tags', { key: DAY_LIMITED_KEY });
      return { status: reply!.status, retryAfter: reply!.headers['retry-after'] };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 429, retryAfter: String(12 * 3600) });
      expect(faulty).toEqual({ status: 429, retryAfter: '60' });
    },
  },
  'raw-history-500': {
    probe: 'GET /games/1/players?granularity=raw → status and code',
    observe: async (api) => {
      const reply = await api.call('/games/1/players?granularity=raw');
      return { status: reply.status, code: reply.body?.error?.code };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 200, code: undefined });
      expect(faulty).toEqual({ status: 500, code: 'internal_error' });
    },
  },
  'sort-most-reviewed-ascending': {
    probe: 'GET /games?sort=most_reviewed → review counts of page 1',
    observe: async (api) =>
      (await api.call('/games?sort=most_reviewed')).body.data.map(
        (g: { reviews: { count: number } }) => g.reviews.count,
      ),
    differs: (faulty, normal) => {
      expect(normal).toEqual([...normal].sort((a, b) => b - a));
      expect(faulty).toEqual([...faulty].sort((a, b) => a - b));
      expect(faulty[0]).toBeLessThan(normal[0]);
    },
  },
  'sort-oldest-is-newest': {
    probe: 'GET /games?sort=oldest → listed dates of page 1',
    observe: async (api) =>
      (await api.call('/games?sort=oldest')).body.data.map(
        (g: { dates: { listed: string } }) => g.dates.listed,
      ),
    differs: (faulty, normal) => {
      expect(normal).toEqual([...normal].sort());
      expect(faulty).toEqual([...faulty].sort().reverse());
    },
  },
  'activity-pattern-167-cells': {
    probe: 'GET /games/1/activity-pattern → number of cells',
    observe: async (api) => (await api.call('/games/1/activity-pattern')).body.data.length,
    differs: (faulty, normal) => {
      expect(normal).toBe(168);
      expect(faulty).toBe(167);
    },
  },
  'stats-point-cap-ignored': {
    probe: 'GET /games/1/statistics?resolution=hourly over 60 days → status and points',
    observe: async (api) => {
      const reply = await api.call(
        '/games/1/statistics?metric=players&resolution=hourly&from=2026-09-01&to=2026-10-30',
      );
      return { status: reply.status, points: reply.body?.data?.length };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 422, points: undefined });
      expect(faulty.status).toBe(200);
      expect(faulty.points).toBeGreaterThan(1000);
    },
  },
  'stats-raw-day-refused': {
    probe: 'GET /games/1/statistics?resolution=raw over one day (from = to) → status',
    observe: async (api) =>
      (await api.call('/games/1/statistics?metric=players&resolution=raw&from=2026-10-30&to=2026-10-30'))
        .status,
    differs: (faulty, normal) => {
      expect(normal).toBe(200);
      expect(faulty).toBe(422);
    },
  },
  'stats-hourly-cap-extra-day': {
    probe: 'GET /games/1/statistics?resolution=hourly over 41 and 40 days → statuses',
    observe: async (api) => {
      const over = async (from: string) =>
        (await api.call(`/games/1/statistics?metric=players&resolution=hourly&from=${from}&to=2026-10-30`))
          .status;
      return { days41: await over('2026-09-20'), days40: await over('2026-09-21') };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ days41: 200, days40: 200 });
      expect(faulty).toEqual({ days41: 422, days40: 200 });
    },
  },
  'stats-raw-one-per-hour': {
    probe:
      'GET /games/{crawled}/statistics?resolution=raw over one day → raw observations against the hourly count',
    observe: async (api) => {
      const day = async (resolution: string) =>
        (
          await api.call(
            `/games/${crawled.id}/statistics?metric=players&resolution=${resolution}&from=${RAW_DAY}&to=${RAW_DAY}`,
          )
        ).body.data as Array<{ count: number }>;
      const total = (points: Array<{ count: number }>) => points.reduce((sum, point) => sum + point.count, 0);
      return { raw: total(await day('raw')), hourly: total(await day('hourly')) };
    },
    differs: (faulty, normal) => {
      expect(normal.raw).toBe(normal.hourly);
      expect(faulty.raw).toBeLessThan(faulty.hourly);
      expect(faulty.hourly).toBe(normal.hourly);
    },
  },
  'stats-weekly-no-points': {
    probe: 'GET /games/{crawled}/statistics?resolution=weekly over nine days → points',
    observe: async (api) =>
      (
        await api.call(
          `/games/${crawled.id}/statistics?metric=players&resolution=weekly&from=${date(ANCHOR_SECONDS - 10 * DAY)}&to=${date(ANCHOR_SECONDS - 2 * DAY)}`,
        )
      ).body.data.length,
    differs: (faulty, normal) => {
      expect(normal).toBeGreaterThan(0);
      expect(faulty).toBe(0);
    },
  },
  'remaining-minute-only': {
    probe: 'GET /tags with the day-limited key (10/min, 3/day) → X-RateLimit-Remaining',
    observe: async (api) =>
      (await api.call('/tags', { key: DAY_LIMITED_KEY })).headers['x-ratelimit-remaining'],
    differs: (faulty, normal) => {
      expect(normal).toBe('2');
      expect(faulty).toBe('9');
    },
  },
  'players-to-exclusive': {
    probe: 'GET /games/<id>/players?from=2026-11-10&to=2026-11-12 → the days served',
    observe: async (api) =>
      (await api.call(`/games/${crawled.id}/players?from=2026-11-10&to=2026-11-12`)).body.data.map(
        (s: { recorded_at: string }) => s.recorded_at.slice(0, 10),
      ),
    differs: (faulty, normal) => {
      expect(normal).toContain('2026-11-12');
      expect(faulty).not.toContain('2026-11-12');
    },
  },
  'unlisted-without-discord': {
    probe: 'GET /games?per_page=1 → meta.total',
    observe: async (api) => (await api.call('/games?per_page=1')).body.meta.total,
    differs: (faulty, normal) => {
      expect(faulty).toBeLessThan(normal);
    },
  },
  'api-key-query-param-accepted': {
    probe: 'GET /tags?api_key=<key> without Authorization → status',
    observe: async (api) => (await api.call(`/tags?api_key=${KEYS.high.key}`, { key: null })).status,
    differs: (faulty, normal) => {
      expect(normal).toBe(401);
      expect(faulty).toBe(200);
    },
  },
  'mssp-unknown-game-200': {
    probe: 'GET /games/999999/mssp',
    observe: (api) => statusAndCode(api, '/games/999999/mssp'),
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 404, code: 'game_not_found' });
      expect(faulty.status).toBe(200);
    },
  },
  'players-unknown-game-empty': {
    probe: 'GET /games/999999/players',
    observe: async (api) => {
      const reply = await api.call('/games/999999/players');
      return { status: reply.status, data: reply.body.data ?? null };
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual({ status: 404, data: null });
      expect(faulty).toEqual({ status: 200, data: [] });
    },
  },
  'self-link-to-collection': {
    probe: 'GET /games/<id> → urls.self',
    observe: async (api) => (await api.call(`/games/${crawled.id}`)).body.data.urls.self,
    differs: (faulty, normal) => {
      expect(normal).toMatch(new RegExp(`/api/v1/games/${crawled.id}$`));
      expect(faulty).toMatch(/\/api\/v1\/games$/);
    },
  },
  'method-not-allowed-without-allow': {
    probe: 'DELETE /games → Allow',
    observe: async (api) => (await api.call('/games', { method: 'DELETE' })).headers.allow ?? null,
    differs: (faulty, normal) => expect([normal, faulty]).toEqual(['GET', null]),
  },
  'statistics-without-key': {
    probe: 'GET /games/<id>/statistics and /activity-pattern without Authorization',
    observe: async (api) => [
      (await api.call(`/games/${crawled.id}/statistics`, { key: null })).status,
      (await api.call(`/games/${crawled.id}/activity-pattern`, { key: null })).status,
      (await api.call('/tags', { key: null })).status,
    ],
    differs: (faulty, normal) => {
      expect(normal).toEqual([401, 401, 401]);
      expect(faulty[0]).not.toBe(401);
      expect(faulty[1]).not.toBe(401);
      expect(faulty[2]).toBe(401);
    },
  },
  'watcher-count-as-text': {
    probe: 'GET /games/<id> → watcher_count',
    observe: async (api) => (await api.call(`/games/${crawled.id}`)).body.data.watcher_count,
    differs: (faulty, normal) => {
      expect(typeof normal).toBe('number');
      expect(faulty).toBe(String(normal));
    },
  },
  'activity-zero-for-empty-cell': {
    probe: 'GET /games/<id>/activity-pattern over days before its first crawl → averages of the empty cells',
    observe: async (api) => {
      const firstCrawlDay = recentlyCrawled.crawlStart! - DAY;
      const range = `from=${date(firstCrawlDay - 9 * DAY)}&to=${date(firstCrawlDay)}`;
      const reply = await api.call(`/games/${recentlyCrawled.id}/activity-pattern?${range}`);
      return reply.body.data
        .filter((cell: Json) => cell.count === 0)
        .map((cell: Json) => cell.average)
        .slice(0, 3);
    },
    differs: (faulty, normal) => {
      expect(normal).toEqual([null, null, null]);
      expect(faulty).toEqual([0, 0, 0]);
    },
  },
  'review-detail-without-body': {
    probe: 'GET /reviews/<id> → body',
    observe: async (api) => (await api.call(`/reviews/${dataset.reviews[0]!.id}`)).body.data.body ?? null,
    differs: (faulty, normal) => {
      expect(typeof normal).toBe('string');
      expect(faulty).toBeNull();
    },
  },
};

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(faults: ReadonlySet<string>): Promise<Api> {
  const server = await startServer({
    port: 0,
    dataset,
    keys: [...Object.values(KEYS), DAY_LIMITED_KEY],
    clock: new ManualClock(),
    faults,
  });
  running.push(server);
  return clientOf(server);
}

describe('deliberate faults', () => {
  it('have a live test each', () => {
    expect(Object.keys(CASES).sort()).toEqual(FAULTS.map((f) => f.name).sort());
  });

  it.each(FAULTS.map((fault) => ({ name: fault.name, ...CASES[fault.name] })))(
    '$name: $probe',
    async ({ name, observe, differs }) => {
      const [normalApi, faultyApi] = await Promise.all([start(new Set()), start(new Set([name]))]);
      const normal = await observe(normalApi);
      const faulty = await observe(faultyApi);
      expect(faulty).not.toEqual(normal);
      differs(faulty, normal);
    },
  );
});

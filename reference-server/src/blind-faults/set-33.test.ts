/**
 * Witnesses of blind fault set 33 (set-33.ts): for every blind fault, a request about the rare record
 * the fault mishandles, whose answer differs between a server with that fault on and the faultless
 * server, in status or body. Responses are read raw (a faulty server breaks the spec). The servers
 * run in-process on the default fixtures (`createApp`'s dataset: seed 1, 500 games) anchored at the
 * fixtures' anchor, with a hand-moved clock that starts there (2026-11-22T12:00:00Z); each fault gets
 * a fresh pair of servers.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import type { ApiKeyRecord, GameRecord } from '../../../fixtures/src/model.ts';
import { latestPlayers, sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import { ANCHOR_SECONDS, ManualClock } from '../../test/harness.ts';
import { startServer, type RunningServer } from '../server.ts';
import {
  DAY,
  itCatalogues,
  itWitnessesEach,
  pick,
  readReply,
  type Call,
  type Observe,
  witnessKeys,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_33, type BlindFault33Name } from './set-33.ts';

const KEYS = witnessKeys('blind33');

/** The default fixtures: the directory `createApp` serves when given none (seed 1, 500 games), at the anchor. */
const fixtures = generateDataset({ seed: 1, games: 500, anchor: ANCHOR_SECONDS });
const active = fixtures.games.filter((g) => g.archiveReason === null);
const reviewsOf = (id: number) => fixtures.reviews.filter((review) => review.gameId === id);
const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const TODAY = date(ANCHOR_SECONDS);

/** Servers on the default fixtures, started with the faults given and stopped after the test (as witnessServers). */
function fixtureServers(keys: readonly ApiKeyRecord[]): (faults: readonly string[]) => Promise<Call> {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (faults) => {
    const server = await startServer({
      dataset: fixtures,
      keys,
      clock: new ManualClock(),
      faults: new Set(faults),
      variants: new Set(),
    });
    running.push(server);
    return async (path, { method = 'GET', key = keys[0]!, authorization, headers = {} } = {}) => {
      const value = authorization ?? (key ? `Bearer ${key.key}` : undefined);
      const sent = value === undefined ? { ...headers } : { ...headers, authorization: value };
      return readReply(await request(`${server.baseUrl}${path}`, { method, headers: sent }));
    };
  };
}

/** A tag value carried by one to four active games. */
const carriers = (tagId: number) => active.filter((g) => Object.values(g.categories).includes(tagId)).length;
const rareTag = pick(
  fixtures.taxonomy.groups
    .flatMap((group) => group.values)
    .filter((tag) => carriers(tag.id) > 0 && carriers(tag.id) < 5),
  'tag value of one to four active games',
);

/** The active game whose searched document is longer than 1,000 characters, and a word only its end holds. */
const documentOf = (g: GameRecord) => [g.name, g.intro, g.description].join('\n');
const longDocument = pick(
  active.filter((g) => documentOf(g).length > 1000),
  'active game with a document over 1,000 characters',
);
const tailWord = pick(
  documentOf(longDocument)
    .slice(1000)
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^a-z]/g, ''))
    .filter(
      (word) => word.length > 3 && !documentOf(longDocument).slice(0, 1000).toLowerCase().includes(word),
    )
    .reverse(),
  'word found only past the 1,000th character',
);

const maxId = Math.max(...fixtures.games.map((g) => g.id));
/** An active game whose every review is unrated. */
const allUnrated = pick(
  active.filter(
    (g) => reviewsOf(g.id).length > 0 && reviewsOf(g.id).every((review) => review.rating === null),
  ),
  'active game whose every review is unrated',
);
/** An active game with a name of more than 30 characters and reviews. */
const longNamed = pick(
  active.filter((g) => g.name.length > 30 && reviewsOf(g.id).length > 0),
  'long-named active game with reviews',
);
/** A review of an active game whose title is longer than 32 characters. */
const longTitled = pick(
  fixtures.reviews.filter((review) => review.title.length > 32 && active.some((g) => g.id === review.gameId)),
  'review with a title of more than 32 characters',
);

/** An active game and a day of the last 30 whose raw history holds one sample. */
function loneSampleDay(): { game: GameRecord; day: string } {
  for (const game of active) {
    const perDay = new Map<number, number>();
    for (const t of sampleTimes(game, ANCHOR_SECONDS - 29 * DAY, ANCHOR_SECONDS, ANCHOR_SECONDS))
      perDay.set(dayFloor(t), (perDay.get(dayFloor(t)) ?? 0) + 1);
    for (const [day, count] of perDay) if (count === 1) return { game, day: date(day) };
  }
  throw new Error('the default fixtures have no day with one sample');
}
const lone = loneSampleDay();
/** The game with the most players at its last crawl. */
const busiest = [...active].sort(
  (a, b) => (latestPlayers(b, ANCHOR_SECONDS) ?? -1) - (latestPlayers(a, ANCHOR_SECONDS) ?? -1),
)[0]!;
/** A game whose stored MSSP reply holds fewer than 23 variables. */
const shortReply = pick(
  active.filter((g) => g.msspRaw !== null && Object.keys(g.msspRaw).length < 23),
  'game with a short MSSP reply',
);
/** A crawled game whose statistics are unavailable. */
const unavailable = pick(
  fixtures.games.filter((g) => g.statisticsState === 'unavailable' && !g.webOnly && g.crawlStart !== null),
  'crawled game whose statistics are unavailable',
);
/** An active game crawled all through today (its current hour holds one crawl at 12:00). */
const crawledToday = pick(
  active.filter(
    (g) =>
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 2 * DAY &&
      g.crawlEnd === null &&
      g.outages.every((o) => o.end < ANCHOR_SECONDS - 2 * DAY),
  ),
  'game crawled all through today',
);
/** A crawled active game nobody plays (its player base 0), with statistics. */
const empty = pick(
  active.filter(
    (g) =>
      g.playerBase === 0 &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 30 * DAY &&
      g.crawlEnd === null,
  ),
  'crawled active game with player base 0',
);
const codebase = fixtures.taxonomy.groups.find((group) => group.key === 'codebase')!;

const WITNESSES: Record<BlindFault33Name, Observe> = {
  'blind33-tag-filter-rare-value-matches-nothing': async (call) => {
    const group = fixtures.taxonomy.groups.find((g) => g.values.some((tag) => tag.id === rareTag.id))!;
    return (await call(`/games?${group.key}_tag_id[]=${rareTag.id}&per_page=1`)).body.meta.total;
  },
  'blind33-q-search-document-cut-at-1000': async (call) => {
    const found: number[] = [];
    for (let page = 1; ; page++) {
      const reply = await call(`/games?q=${tailWord}&per_page=50&page=${page}`);
      found.push(...reply.body.data.map((g: { id: number }) => g.id));
      if (reply.body.links.next === undefined) return found.includes(longDocument.id);
    }
  },
  'blind33-most-reviewed-counts-compared-as-text': async (call) =>
    (await call('/games?sort=most_reviewed&per_page=5')).body.data.map((g: { id: number }) => g.id),
  'blind33-detail-highest-id-not-found': async (call) => (await call(`/games/${maxId}`)).status,
  'blind33-top-voted-rank-null': async (call) =>
    (await call('/games?sort=top_voted&per_page=1')).body.data[0].ranking.rank,
  'blind33-detail-all-unrated-reviews-500': async (call) => (await call(`/games/${allUnrated.id}`)).status,
  'blind33-reviews-older-than-1000-days-unlisted': async (call) =>
    (await call('/reviews?per_page=1')).body.meta.total,
  'blind33-review-list-game-name-cut-at-30': async (call) =>
    (await call(`/reviews?game_id=${longNamed.id}`)).body.data.map(
      (review: { game: { name: string } }) => review.game.name,
    ),
  'blind33-review-detail-long-title-shortened': async (call) =>
    (await call(`/reviews/${longTitled.id}`)).body.data.title,
  'blind33-daily-lone-sample-day-dropped': async (call) =>
    (await call(`/games/${lone.game.id}/players?from=${lone.day}&to=${lone.day}`)).body.data.length,
  'blind33-raw-players-clamped-255': async (call) =>
    (await call(`/games/${busiest.id}/players?granularity=raw&from=${TODAY}&to=${TODAY}`)).body.data.map(
      (sample: { players: number }) => sample.players,
    ),
  'blind33-mssp-short-reply-not-available': async (call) =>
    (await call(`/games/${shortReply.id}/mssp`)).body.meta.status,
  'blind33-stats-unavailable-other-metrics-served': async (call) =>
    (await call(`/games/${unavailable.id}/statistics?metric=areas`)).status,
  'blind33-stats-lone-observation-min-max-null': async (call) => {
    const reply = await call(
      `/games/${crawledToday.id}/statistics?resolution=hourly&from=${TODAY}&to=${TODAY}`,
    );
    const last = reply.body.data.at(-1);
    return [last.count, last.min, last.max];
  },
  'blind33-activity-zero-average-null': async (call) =>
    (await call(`/games/${empty.id}/activity-pattern`)).body.data.map(
      (cell: { average: number | null }) => cell.average,
    ),
  'blind33-tags-group-values-capped-11': async (call) =>
    (await call('/tags')).body.data.flatMap((group: { values: Array<{ id: number }> }) =>
      group.values.map((tag) => tag.id),
    ),
};

describe('blind fault set 33', () => {
  const start = fixtureServers(Object.values(KEYS));

  itCatalogues('blind33', 16, BLIND_FAULTS_33, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_33, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    // GET /games: the rare value's games; the word at the end of the longest document; most reviews first.
    expect(await WITNESSES['blind33-tag-filter-rare-value-matches-nothing'](call)).toBe(carriers(rareTag.id));
    expect(await WITNESSES['blind33-q-search-document-cut-at-1000'](call)).toBe(true);
    const mostReviewed = (await WITNESSES['blind33-most-reviewed-counts-compared-as-text'](call)) as number[];
    const counts = mostReviewed.map((id) => reviewsOf(id).length);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(counts[0]).toBeGreaterThan(9);

    // Game detail and rank: the highest id served; the top-voted game ranked 1; an unrated game's detail.
    expect(await WITNESSES['blind33-detail-highest-id-not-found'](call)).toBe(200);
    expect(await WITNESSES['blind33-top-voted-rank-null'](call)).toBe(1);
    expect(await WITNESSES['blind33-detail-all-unrated-reviews-500'](call)).toBe(200);

    // Reviews: every review of an active game listed; the game's whole name; the whole title.
    expect(await WITNESSES['blind33-reviews-older-than-1000-days-unlisted'](call)).toBe(
      fixtures.reviews.filter((review) => active.some((g) => g.id === review.gameId)).length,
    );
    expect((await WITNESSES['blind33-review-list-game-name-cut-at-30'](call)) as string[]).toEqual(
      reviewsOf(longNamed.id).map(() => longNamed.name),
    );
    expect(await WITNESSES['blind33-review-detail-long-title-shortened'](call)).toBe(longTitled.title);

    // Player history: a day of one sample has its average; the raw counts above 255.
    expect(await WITNESSES['blind33-daily-lone-sample-day-dropped'](call)).toBe(1);
    const raw = (await WITNESSES['blind33-raw-players-clamped-255'](call)) as number[];
    expect(Math.max(...raw)).toBeGreaterThan(255);
    expect(raw.at(-1)).toBe(latestPlayers(busiest, ANCHOR_SECONDS));

    // MSSP, statistics, activity pattern, tags.
    expect(await WITNESSES['blind33-mssp-short-reply-not-available'](call)).toBe('available');
    expect(await WITNESSES['blind33-stats-unavailable-other-metrics-served'](call)).toBe(503);
    const [count, min, max] = (await WITNESSES['blind33-stats-lone-observation-min-max-null'](call)) as Array<
      number | null
    >;
    expect(count).toBe(1);
    expect(min).not.toBeNull();
    expect(max).toBe(min);
    expect((await WITNESSES['blind33-activity-zero-average-null'](call)) as Array<number | null>).toContain(
      0,
    );
    expect((await WITNESSES['blind33-tags-group-values-capped-11'](call)) as number[]).toEqual(
      expect.arrayContaining(codebase.values.map((tag) => tag.id)),
    );
    expect(codebase.values.length).toBeGreaterThan(11);
  });
});

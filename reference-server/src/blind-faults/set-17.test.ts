/**
 * Witnesses of blind fault set 17 (set-17.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z (a Sunday) and stays there unless a witness moves it (only the
 * minute-of-hour witness does, by one hour); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastCrawled, lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  archived,
  clockOf,
  crawledAllWeek,
  dataset,
  date,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  TODAY,
  witnessKeys,
  type Observe,
  sendRaw,
  type Reply,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_17, type BlindFault17Name } from './set-17.ts';

const KEYS = witnessKeys('blind17');

/** A POST of JSON that does not parse (the body-parser witness), with the set's high-limit key. */
const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"tag":' };

const now = ANCHOR_SECONDS;
const lower = (game: GameRecord) => [game.name, game.intro, game.description].map((t) => t.toLowerCase());
const matches = (game: GameRecord, term: string) => lower(game).some((text) => text.includes(term));

/** A word of an active web-only game's name. */
const webOnlyWord = pick(
  active
    .filter((game) => game.webOnly)
    .flatMap((game) =>
      game.name
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => /^[a-z]{4,}$/.test(word))
        .map((word) => ({ game, word })),
    ),
  "word of a web-only game's name",
);

/** Two categories' ids whose AND differs from the first category alone (codebase before theme). */
const [codebaseId, themeId] = (() => {
  for (const game of active) {
    const c = game.categories.codebase;
    const t = game.categories.theme;
    if (c === undefined || t === undefined) continue;
    const withC = active.filter((g) => g.categories.codebase === c);
    const both = withC.filter((g) => g.categories.theme === t);
    if (both.length > 0 && both.length < withC.length) return [c, t];
  }
  throw new Error('the test dataset has no codebase/theme pair to tell apart');
})();
const codebaseAndTheme = active.filter(
  (g) => g.categories.codebase === codebaseId && g.categories.theme === themeId,
).length;

/** A term found in more than 100 active games, and a theme carried by one of them past the 100th (by id). */
const commonTerm = pick(
  ['the', 'and', 'of', 'a', 'e'].filter((term) => active.filter((game) => matches(game, term)).length > 100),
  'term found in more than 100 games',
);
const commonHits = active.filter((game) => matches(game, commonTerm)).sort((a, b) => a.id - b.id);
const lateTheme = pick(
  commonHits
    .slice(100)
    .map((game) => game.categories.theme)
    .filter((id): id is number => id !== undefined),
  'theme of a game past the 100th hit',
);
const lateThemeHits = commonHits.filter((game) => game.categories.theme === lateTheme).length;

/** An active MUD-client game never reached (no sample, no MSSP snapshot), crawled all the same. */
const neverReached = pick(
  active.filter(
    (game) => !game.webOnly && lastSuccessfulConnect(game, now) === null && lastCrawled(game, now) !== null,
  ),
  'active MUD-client game never reached',
);
/** An archived game whose last crawl is before today. */
const archivedCrawled = pick(
  archived.filter((game) => {
    const last = lastCrawled(game, now);
    return last !== null && date(last) !== TODAY;
  }),
  'archived game crawled before today',
);
const allWeek = crawledAllWeek(120);
/** A game with statistics, crawled all through the last weeks. */
const steady = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.statisticsState === 'ready' &&
      game.crawlStart !== null &&
      game.crawlStart < ANCHOR_SECONDS - 30 * DAY &&
      game.crawlEnd === null &&
      game.outages.every((o) => o.end < ANCHOR_SECONDS - 15 * DAY),
  ),
  'game with statistics crawled all through the last weeks',
);
/** 2026-11-19, the Thursday of the anchor's week (Monday 2026-11-16). */
const thursday = daysAgo(3);
const weekly = `/games/${steady.id}/statistics?metric=players&resolution=weekly&from=${thursday}&to=${TODAY}`;
const daily = `/games/${steady.id}/statistics?metric=players&resolution=daily&from=${thursday}&to=${TODAY}`;
const longActivity = `/games/${steady.id}/activity-pattern?from=${daysAgo(119)}&to=${TODAY}&timezone=Asia/Tokyo`;

const remaining = (reply: Reply) => Number(reply.headers['x-ratelimit-remaining']);

const WITNESSES: Record<BlindFault17Name, Observe> = {
  'blind17-online-recently-filtered-after-paging': async (call) =>
    ids(await call('/games?online_recently=1&per_page=50')).length,
  'blind17-q-skips-web-only': async (call) => ids(await call(`/games?q=${webOnlyWord.word}&per_page=50`)),
  'blind17-tag-filter-first-category-only': async (call) =>
    (await call(`/games?codebase_tag_id[]=${codebaseId}&theme_tag_id[]=${themeId}&per_page=1`)).body.meta
      .total,
  'blind17-oldest-reverses-newest-page': async (call) => ids(await call('/games?sort=oldest&per_page=5')),
  'blind17-web-only-any-flag-refused': async (call) =>
    (await call('/games?connection_type=web_only&has_reviews=1')).status,
  'blind17-q-tag-filter-first-100-hits': async (call) =>
    (await call(`/games?q=${commonTerm}&theme_tag_id[]=${lateTheme}&per_page=1`)).body.meta.total,
  'blind17-web-only-unknown-sort-refused': async (call) =>
    (await call('/games?connection_type=web_only&sort=rating')).status,
  'blind17-links-page-replaced-inside-per-page': async (call) =>
    (await call('/games?per_page=5&page=2')).body.links,
  'blind17-total-counted-from-offset': async (call) => (await call('/games?page=2')).body.meta.total,
  'blind17-mssp-collected-at-falls-back-to-crawl': async (call) =>
    (await call(`/games/${neverReached.id}`)).body.data.status.mssp_collected_at,
  'blind17-span-measured-to-now-without-to': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=${daysAgo(364)}`)).status,
  'blind17-players-never-reached-404': async (call) =>
    (await call(`/games/${neverReached.id}/players`)).status,
  'blind17-archived-players-default-to-last-crawl': async (call) =>
    (await call(`/games/${archivedCrawled.id}/players`)).body.meta,
  'blind17-activity-zone-skips-range-limit': async (call) => (await call(longActivity)).status,
  'blind17-explicit-utc-zone-refused': async (call) =>
    (await call(`/games/${steady.id}/activity-pattern?timezone=UTC`)).status,
  'blind17-stats-clipped-bucket-reads-whole-period': async (call) => (await call(weekly)).body.data[0],
  'blind17-json-body-parsed-before-method-check': async (call) =>
    (await sendRaw(call, '/tags', JSON_POST)).status,
  'blind17-raw-history-costs-two': async (call) => {
    const before = remaining(await call('/tags'));
    return before - remaining(await call(`/games/${allWeek.id}/players?granularity=raw&from=${TODAY}`));
  },
  'blind17-minute-window-keyed-by-minute-of-hour': async (call) => {
    for (let i = 0; i < 5; i++) await call('/tags', { key: KEYS.low });
    clockOf(call).advance(3_600_000);
    return (await call('/tags', { key: KEYS.low })).status;
  },
  'blind17-day-refusal-remaining-minute': async (call) => {
    let last: Reply | undefined;
    for (let i = 0; i < 4; i++) last = await call('/tags', { key: KEYS.dayLimited });
    return [last!.status, last!.headers['x-ratelimit-remaining']];
  },
};

describe('blind fault set 17', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind17', 20, BLIND_FAULTS_17, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const recent = (game: GameRecord) => {
      const connect = game.webOnly ? null : lastSuccessfulConnect(game, now);
      return connect !== null && connect >= now - 48 * 3600;
    };

    // online_recently=1: 214 games reached in the last 48 hours, full pages of 50.
    const online = await call('/games?online_recently=1&per_page=50');
    expect(online.body.meta.total).toBe(active.filter(recent).length);
    expect(ids(online)).toHaveLength(50);
    expect(ids(online).every((id) => recent(dataset.games.find((g) => g.id === id)!))).toBe(true);
    // …while the unfiltered first page holds games not reached recently.
    const first = ids(await call('/games?per_page=50'));
    expect(first.some((id) => !recent(dataset.games.find((g) => g.id === id)!))).toBe(true);

    // q finds web-only games too.
    expect(ids(await call(`/games?q=${webOnlyWord.word}&per_page=50`))).toContain(webOnlyWord.game.id);

    // Two tag categories combine with AND.
    const tagged = await call(`/games?codebase_tag_id[]=${codebaseId}&theme_tag_id[]=${themeId}&per_page=1`);
    expect(tagged.body.meta.total).toBe(codebaseAndTheme);

    // sort=oldest: its first page shares no game with newest's first page (ties aside, the reverse order).
    const oldest = ids(await call('/games?sort=oldest&per_page=50&page=1'));
    const newestAll = [
      ...ids(await call('/games?sort=newest&per_page=50&page=1')),
      ...ids(await call('/games?sort=newest&per_page=50&page=2')),
      ...ids(await call('/games?sort=newest&per_page=50&page=3')),
      ...ids(await call('/games?sort=newest&per_page=50&page=4')),
      ...ids(await call('/games?sort=newest&per_page=50&page=5')),
      ...ids(await call('/games?sort=newest&per_page=50&page=6')),
    ];
    expect(newestAll).toHaveLength(275);
    const newestFirst5 = new Set(newestAll.slice(0, 5));
    const oldest5 = ids(await call('/games?sort=oldest&per_page=5'));
    expect(oldest5).toEqual(oldest.slice(0, 5));
    expect(oldest5.some((id) => newestFirst5.has(id))).toBe(false);

    // web_only with has_reviews=1, and with an unknown sort, are answered 200.
    const webOnlyReviewed = await call('/games?connection_type=web_only&has_reviews=1');
    expect(webOnlyReviewed.status).toBe(200);
    const unknownSort = await call('/games?connection_type=web_only&sort=rating');
    expect(unknownSort.status).toBe(200);
    expect(ids(unknownSort)).toEqual(ids(await call('/games?connection_type=web_only&sort=last_updated')));

    // q with a tag filter: every hit carrying the theme, also past the 100th.
    expect(commonHits.length).toBeGreaterThan(100);
    expect(lateThemeHits).toBeGreaterThan(
      commonHits.slice(0, 100).filter((g) => g.categories.theme === lateTheme).length,
    );
    const searchedTagged = await call(`/games?q=${commonTerm}&theme_tag_id[]=${lateTheme}&per_page=1`);
    expect(searchedTagged.body.meta.total).toBe(lateThemeHits);

    // Links keep per_page and set page.
    const links = (await call('/games?per_page=5&page=2')).body.links;
    expect(links.self).toMatch(/\?per_page=5&page=2$/);
    expect(links.next).toMatch(/\?per_page=5&page=3$/);
    expect(links.previous).toMatch(/\?per_page=5&page=1$/);

    // meta.total counts every page's items, on page 2 too.
    expect((await call('/games?page=2')).body.meta.total).toBe(275);

    // A game never reached: no snapshot, mssp_collected_at null, an empty history.
    const neverDetail = (await call(`/games/${neverReached.id}`)).body.data.status;
    expect(neverDetail.mssp_collected_at).toBeNull();
    expect(neverDetail.last_crawled).not.toBeNull();
    expect((await call(`/games/${neverReached.id}/mssp`)).body.meta.status).toBe('mssp_not_available');
    const neverHistory = await call(`/games/${neverReached.id}/players`);
    expect([neverHistory.status, neverHistory.body.data]).toEqual([200, []]);

    // A daily range of exactly 365 days ending today, `to` omitted: accepted.
    const year = await call(`/games/${allWeek.id}/players?from=${daysAgo(364)}`);
    expect([year.status, year.body.meta.to]).toEqual([200, TODAY]);

    // An archived game's default range ends today.
    const archivedHistory = await call(`/games/${archivedCrawled.id}/players`);
    expect(archivedHistory.body.meta).toMatchObject({ from: daysAgo(29), to: TODAY });

    // Activity pattern: a 120-day range in a zone refused, an explicit UTC accepted.
    const long = await call(longActivity);
    expect([long.status, long.body.error.code]).toEqual([422, 'invalid_statistics_query']);
    expect((await call(`/games/${steady.id}/activity-pattern?timezone=UTC`)).status).toBe(200);

    // The first weekly point counts the observations from `from` on only: the daily counts' sum.
    const weeks = (await call(weekly)).body.data as Array<{ date: number; count: number }>;
    const days = (await call(daily)).body.data as Array<{ date: number; count: number }>;
    expect(weeks[0]!.date).toBeLessThan(Date.parse(`${thursday}T00:00:00Z`) / 1000);
    expect(weeks[0]!.count).toBe(days.reduce((sum, day) => sum + day.count, 0));

    // A POST with a malformed JSON body: 405 with Allow: GET.
    const posted = await sendRaw(call, '/tags', JSON_POST);
    expect([posted.status, posted.headers.allow, posted.body.error.code]).toEqual([
      405,
      'GET',
      'method_not_allowed',
    ]);

    // A raw history costs one request.
    const before = remaining(await call('/tags'));
    const raw = await call(`/games/${allWeek.id}/players?granularity=raw&from=${TODAY}`);
    expect([raw.status, before - remaining(raw)]).toEqual([200, 1]);

    // The low key (5/min): spent at 12:00, admitted again an hour later.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/tags', { key: KEYS.low })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    clockOf(call).advance(3_600_000);
    expect((await call('/tags', { key: KEYS.low })).status).toBe(200);

    // The day-limited key (10/min, 3/day): its day refusal shows 0 remaining.
    const day: Reply[] = [];
    for (let i = 0; i < 4; i++) day.push(await call('/tags', { key: KEYS.dayLimited }));
    expect(day.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(day[3]!.headers['x-ratelimit-remaining']).toBe('0');
  });

  itWitnessesEach(BLIND_FAULTS_17, WITNESSES, start);
});

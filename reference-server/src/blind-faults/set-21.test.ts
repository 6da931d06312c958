/**
 * Witnesses of blind fault set 21 (set-21.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  active,
  archived,
  clockOf,
  crawledAllWeek,
  dataset,
  itCatalogues,
  itWitnessesEach,
  pick,
  witnessKeys,
  type Call,
  type Observe,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_21, type BlindFault21Name } from './set-21.ts';

const KEYS = witnessKeys('blind21');
const now = ANCHOR_SECONDS;

const allWeek = crawledAllWeek(400);
/** An active game none of whose reviews has a rating (its average_rating is null). */
const rated = new Set(dataset.reviews.filter((review) => review.rating !== null).map((r) => r.gameId));
const unrated = pick(
  active.filter((game) => !rated.has(game.id)),
  'active game without a rated review',
);
const archivedGame = pick(archived, 'archived game');
const themes = dataset.taxonomy.groups.find((group) => group.key === 'theme')!.values;
const [themeA, themeB] = [themes[0]!.id, themes[1]!.id];
const TWO_THEMES = `/games?per_page=1&theme_tag_id[]=${themeA}&theme_tag_id[]=${themeB}`;
const NO_MATCH = '/games?q=zzqqxxnomatch';
/** 20:00Z on the anchor's day, and 00:30Z the next day. */
const evening = (Math.floor(now / DAY) * DAY + 20 * 3600) * 1000;
const nextDay = (Math.floor(now / DAY) * DAY + DAY + 1800) * 1000;
/** 30.4 seconds into the anchor's minute: 29.6 seconds left in it. */
const fractional = now * 1000 + 30_400;

/** An active game without an MSSP snapshot (web-only). */
const withoutSnapshot = pick(
  active.filter((game) => game.msspRaw === null && game.webOnly),
  'active web-only game without an MSSP snapshot',
);
/** An active game created or listed on a whole minute. */
const wholeMinute = pick(
  active.filter((game) => game.created % 60 === 0 || game.listed % 60 === 0),
  'active game created or listed on a whole minute',
);
const HOUR = 3600;
/** A game that stopped answering: its last successful connect fixed in the past. */
const stopped = pick(
  active.filter((game) => {
    if (game.webOnly) return false;
    const connect = lastSuccessfulConnect(game, now);
    return connect !== null && now - connect > 3 * DAY && now - connect < 10 * DAY && game.crawlEnd !== null;
  }),
  'active game no longer answering',
);
/** Half an hour before the stopped game leaves the 48-hour window. */
const lastHourOfWindow = (lastSuccessfulConnect(stopped, now)! + 47.5 * HOUR) * 1000;
const reachedWithin48Hours = async (call: Call) => {
  clockOf(call).set(lastHourOfWindow);
  return (await call('/games?online_recently=1&per_page=1')).body.meta.total;
};

const tagValues = (link: string, name: string) => new URL(link).searchParams.getAll(name);

async function refusedAt(call: Call, atMs: number) {
  clockOf(call).set(atMs);
  let last;
  for (let i = 0; i < 6; i++) last = await call('/tags', { key: KEYS.low });
  return last!;
}

async function dayKeyAfterMidnight(call: Call) {
  clockOf(call).set(evening);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await call('/tags', { key: KEYS.dayLimited })).status);
  clockOf(call).set(nextDay);
  statuses.push((await call('/tags', { key: KEYS.dayLimited })).status);
  return statuses;
}

const WITNESSES: Record<BlindFault21Name, Observe> = {
  'blind21-links-absent-written-null': async (call) => {
    const { links } = (await call('/games?per_page=5')).body;
    return [Object.keys(links), links.previous];
  },
  'blind21-mssp-data-omitted-when-null': async (call) => {
    const { body } = await call(`/games/${withoutSnapshot.id}/mssp`);
    return ['data' in body, body.meta.status];
  },
  'blind21-tag-ids-int64-strings': async (call) => {
    const group = (await call('/tags')).body.data[0];
    return [typeof group.id, typeof group.values[0].id];
  },
  'blind21-dates-seconds-dropped-when-zero': async (call) => {
    const { dates } = (await call(`/games/${wholeMinute.id}`)).body.data;
    return [dates.created, dates.listed];
  },
  'blind21-online-recently-local-now': reachedWithin48Hours,
  'blind21-empty-page-data-null': async (call) => (await call(NO_MATCH)).body.data,
  'blind21-average-rating-nan': async (call) => {
    const reply = await call(`/games/${unrated.id}`);
    return [reply.status, reply.body === undefined, reply.text.includes('NaN')];
  },
  'blind21-rank-omitted-when-null': async (call) =>
    Object.keys((await call(`/games/${archivedGame.id}`)).body.data.ranking),
  'blind21-status-false-flags-omitted': async (call) =>
    Object.keys((await call(`/games/${allWeek.id}`)).body.data.status),
  'blind21-updated-naive-no-zone': async (call) =>
    (await call(`/games/${allWeek.id}`)).body.data.dates.updated,
  'blind21-raw-recorded-at-local-offset': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw&from=${TODAY}&to=${TODAY}`)).body.data[0]
      .recorded_at,
  'blind21-default-from-dst-local-days': async (call) =>
    (await call(`/games/${allWeek.id}/players?to=2026-04-10`)).body.meta.from,
  'blind21-enum-params-case-insensitive': async (call) =>
    (await call('/games?connection_type=WEB_ONLY')).status,
  'blind21-q-turkish-lowercase': async (call) => (await call('/games?q=Iron')).body.meta.total,
  'blind21-links-repeated-params-python-repr': async (call) =>
    tagValues((await call(TWO_THEMES)).body.links.self, 'theme_tag_id[]'),
  'blind21-reset-grouped-digits': async (call) => (await call('/tags')).headers['x-ratelimit-reset'],
  'blind21-retry-after-floored': async (call) => (await refusedAt(call, fractional)).headers['retry-after'],
  'blind21-day-counter-ttl-24h': dayKeyAfterMidnight,
  'blind21-path-id-python-int': async (call) => (await call(`/games/+${allWeek.id}`)).status,
  'blind21-non-numeric-id-400': async (call) => (await call('/games/abc')).status,
};

describe('blind fault set 21', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind21', 20, BLIND_FAULTS_21, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_21, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);

    const first = await call('/games?per_page=5');
    expect(first.body.links.next).toMatch(/page=2/);
    expect('previous' in first.body.links).toBe(false);

    const empty = await call(NO_MATCH);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta.total).toBe(0);

    const detail = await call(`/games/${unrated.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.reviews.average_rating).toBeNull();
    expect(detail.text).not.toContain('NaN');

    const noSnapshot = (await call(`/games/${withoutSnapshot.id}/mssp`)).body;
    expect(noSnapshot).toHaveProperty('data', null);
    expect(noSnapshot.meta.status).toBe('mssp_not_available');

    const taxonomy = (await call('/tags')).body.data;
    expect(Number.isInteger(taxonomy[0].id)).toBe(true);
    expect(Number.isInteger(taxonomy[0].values[0].id)).toBe(true);

    const minute = (await call(`/games/${wholeMinute.id}`)).body.data.dates;
    for (const stamp of [minute.created, minute.listed])
      expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect([minute.created, minute.listed].some((stamp: string) => stamp.endsWith(':00Z'))).toBe(true);

    const old = (await call(`/games/${archivedGame.id}`)).body.data;
    expect(old.status.archived).toBe(true);
    expect(old.ranking).toHaveProperty('rank', null);

    const game = (await call(`/games/${allWeek.id}`)).body.data;
    expect(game.status).toMatchObject({ archived: false, web_only: false });
    expect(typeof game.status.confirmed_online).toBe('boolean');
    expect(game.dates.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const raw = (await call(`/games/${allWeek.id}/players?granularity=raw&from=${TODAY}&to=${TODAY}`)).body;
    expect(raw.data.length).toBeGreaterThan(0);
    expect(raw.data[0].recorded_at).toMatch(new RegExp(`^${TODAY}T\\d{2}:\\d{2}:\\d{2}Z$`));

    expect((await call(`/games/${allWeek.id}/players?to=2026-04-10`)).body.meta.from).toBe('2026-03-12');

    const capitals = await call('/games?connection_type=WEB_ONLY');
    expect(capitals.status).toBe(422);
    expect(capitals.body.error.code).toBe('invalid_filter');

    const iron = active.filter((g) => /iron/i.test(`${g.name}\n${g.intro}\n${g.description}`)).length;
    expect(iron).toBeGreaterThan(0);
    expect((await call('/games?q=Iron')).body.meta.total).toBe(iron);

    const two = (await call(TWO_THEMES)).body;
    expect(two.meta.total).toBeGreaterThan(1);
    for (const link of [two.links.self, two.links.next]) {
      expect(tagValues(link, 'theme_tag_id[]')).toEqual([String(themeA), String(themeB)]);
    }

    expect((await call('/tags')).headers['x-ratelimit-reset']).toMatch(/^\d+$/);

    const total = await reachedWithin48Hours(call);
    const at = lastHourOfWindow / 1000;
    const reached = active.filter((g) => {
      const connect = g.webOnly ? null : lastSuccessfulConnect(g, at);
      return connect !== null && connect >= at - 48 * HOUR;
    }).length;
    expect(total).toBe(reached);

    const refused = await refusedAt(call, fractional);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');

    expect(await dayKeyAfterMidnight(call)).toEqual([200, 200, 200, 429, 200]);

    const signed = await call(`/games/+${allWeek.id}`);
    expect(signed.status).toBe(404);
    const letters = await call('/games/abc');
    expect(letters.status).toBe(404);
    expect(typeof letters.body.error.code).toBe('string');
    expect(typeof letters.body.request_id).toBe('string');
  });
});

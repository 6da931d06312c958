/**
 * Witnesses of blind fault set 19 (set-19.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a hand-moved clock that starts
 * at 2026-11-22T12:00:00Z; each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  active,
  clockOf,
  crawledAllWeek,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  witnessKeys,
  type Call,
  type Observe,
  type Reply,
  witnessServers,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_19, type BlindFault19Name } from './set-19.ts';

const KEYS = witnessKeys('blind19');
const now = ANCHOR_SECONDS;
const HOUR = 3600;

const texts = (game: GameRecord) => [game.name, game.intro, game.description].map((t) => t.toLowerCase());
const contains = (game: GameRecord, term: string) => texts(game).some((text) => text.includes(term));
const listed = async (call: Call, query: string) => {
  const reply = await call(`/games?per_page=50&${query}`);
  return [reply.status, reply.body?.meta?.total, reply.status === 200 ? ids(reply) : reply.body];
};
const remaining = (reply: Reply) => Number(reply.headers['x-ratelimit-remaining']);
const reset = (reply: Reply) => Number(reply.headers['x-ratelimit-reset']);

/** A word of active games' names, found in several of them. */
function pickWord(): string {
  const counts = new Map<string, number>();
  for (const game of active)
    for (const word of new Set(game.name.toLowerCase().split(/\s+/u)))
      if (/^[a-z]{5,}$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
const WORD = pickWord();
/** The word with a non-ASCII letter inserted (occurring in no game). */
const WORD_WITH_UMLAUT = `${WORD.slice(0, 3)}ä${WORD.slice(3)}`;
/** Two tag ids of different categories carried together by an active game. */
const tagged = pick(
  active.filter((game) => game.categories.theme !== undefined && game.categories.language !== undefined),
  'active game with a theme and a language',
);
const THEME = tagged.categories.theme!;
const LANGUAGE = tagged.categories.language!;
/** A game that stopped answering: its last successful connect fixed in the past (2026-11-17 here). */
const stopped = pick(
  active.filter((game) => {
    if (game.webOnly) return false;
    const connect = lastSuccessfulConnect(game, now);
    return connect !== null && now - connect > 3 * DAY && now - connect < 10 * DAY && game.crawlEnd !== null;
  }),
  'active game no longer answering',
);
const stoppedAt = lastSuccessfulConnect(stopped, now)!;
/** 66 hours after it: 20:00Z or so on the day two days after its connect (its connect 02:00Z here). */
const sixtySixHoursLater = (stoppedAt + 66 * HOUR) * 1000;
/** An active game updated at least a few minutes into its UTC day, updated within the last year. */
const updatedGame = pick(
  active.filter((game) => game.updated % DAY > 600 && game.updated > now - 300 * DAY && game.updated < now),
  'active game updated late enough in its day',
);
/** A clock 30 days after its update, one minute short: the update lies just within the window, on the cut-off's day. */
const updatedWindowEdge = (updatedGame.updated + 30 * DAY - 60) * 1000;
const allWeek = crawledAllWeek(400);
const midnightAfterAnchor = (Math.floor(now / DAY) + 1) * DAY * 1000;

const WITNESSES: Record<BlindFault19Name, Observe> = {
  'blind19-q-non-ascii-letters-stripped': (call) => listed(call, `q=${encodeURIComponent(WORD_WITH_UMLAUT)}`),
  'blind19-q-encoded-ampersand-splits': (call) => listed(call, `q=${WORD}%26keep`),
  'blind19-q-repeated-term-matches-nothing': (call) => listed(call, `q=${WORD.toUpperCase()}%20${WORD}`),
  'blind19-q-edge-whitespace-matches-nothing': (call) => listed(call, `q=${WORD}%20`),
  'blind19-q-encoded-space-not-split': (call) => listed(call, `q=${WORD}%20${WORD.slice(0, 3)}`),
  'blind19-per-page-after-page-resets-page': async (call) => {
    const reply = await call('/games?page=3&per_page=10');
    return [reply.body.meta.page, ids(reply)];
  },
  'blind19-bare-tag-ignored-beside-bracketed': (call) =>
    listed(call, `theme_tag_id=${THEME}&language_tag_id[]=${LANGUAGE}`),
  'blind19-web-only-check-skipped-when-flag-first': async (call) =>
    (await call('/games?online_recently=1&connection_type=web_only')).status,
  'blind19-online-recently-calendar-days': async (call) => {
    clockOf(call).set(sixtySixHoursLater);
    return (await listed(call, 'online_recently=1'))[1];
  },
  'blind19-recently-updated-cutoff-day-excluded': async (call) => {
    clockOf(call).set(updatedWindowEdge);
    return (await listed(call, 'recently_updated=1'))[1];
  },
  'blind19-players-december-refused': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=2025-12-01&to=2025-12-31`)).status,
  'blind19-daily-year-end-order': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=2025-12-30&to=2026-01-02`)).body.data.map(
      (sample: { recorded_at: string }) => sample.recorded_at,
    ),
  'blind19-raw-long-range-thinned': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(40)}&to=${daysAgo(1)}`)).body
      .data.length,
  'blind19-raw-to-day-cut-at-midnight': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(2)}`)).body.data
      .length,
  'blind19-players-default-to-hour-behind': async (call) => {
    clockOf(call).set(midnightAfterAnchor + 30 * 60_000);
    return (await call(`/games/${allWeek.id}/players`)).body.meta.to;
  },
  'blind19-day-reset-day-start': async (call) => {
    const reply = await call('/tags', { key: KEYS.dayLimited });
    return reset(reply);
  },
  'blind19-day-window-keyed-by-hour': async (call) => {
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.dayLimited });
    clockOf(call).advance(HOUR * 1000);
    return (await call('/tags', { key: KEYS.dayLimited })).status;
  },
  'blind19-minute-rollover-stale-remaining': async (call) => {
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.low });
    clockOf(call).toNextMinute();
    return remaining(await call('/tags', { key: KEYS.low }));
  },
  'blind19-first-minute-counted-to-previous-day': async (call) => {
    clockOf(call).set(midnightAfterAnchor - 10_000);
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.dayLimited });
    clockOf(call).set(midnightAfterAnchor + 20_000);
    return (await call('/tags', { key: KEYS.dayLimited })).status;
  },
  'blind19-minute-window-advanced-one-step': async (call) => {
    await call('/tags', { key: KEYS.low });
    clockOf(call).advance(5 * 60_000);
    const reply = await call('/tags', { key: KEYS.low });
    return reset(reply) > clockOf(call).now() / 1000;
  },
};

describe('blind fault set 19', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind19', 20, BLIND_FAULTS_19, WITNESSES, start);
  itWitnessesEach(BLIND_FAULTS_19, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    const matching = (...terms: string[]) =>
      active.filter((game) => terms.every((term) => contains(game, term))).map((game) => game.id);

    // q: a non-ASCII letter is part of its term; an encoded & too; repeated terms, edge spaces and %20 are plain.
    expect((await listed(call, `q=${encodeURIComponent(WORD_WITH_UMLAUT)}`))[1]).toBe(0);
    expect((await listed(call, `q=${WORD}%26keep`))[1]).toBe(0);
    const withWord = matching(WORD);
    expect(withWord.length).toBeGreaterThan(1);
    expect((await listed(call, `q=${WORD.toUpperCase()}%20${WORD}`))[1]).toBe(withWord.length);
    expect((await listed(call, `q=${WORD}%20`))[1]).toBe(withWord.length);
    const both = matching(WORD, WORD.slice(0, 3));
    expect((await listed(call, `q=${WORD}%20${WORD.slice(0, 3)}`))[1]).toBe(both.length);

    // Paging: the order of page and per_page does not matter.
    const pageFirst = await call('/games?page=3&per_page=10');
    const perPageFirst = await call('/games?per_page=10&page=3');
    expect(pageFirst.body.meta.page).toBe(3);
    expect(ids(pageFirst)).toEqual(ids(perPageFirst));

    // A bare theme id beside a bracketed language id: both filters apply.
    const [, , found] = await listed(call, `theme_tag_id=${THEME}&language_tag_id[]=${LANGUAGE}`);
    const expected = active
      .filter((game) => game.categories.theme === THEME && game.categories.language === LANGUAGE)
      .map((game) => game.id);
    expect([...(found as number[])].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));

    // The web_only combination is refused in either order.
    expect((await call('/games?online_recently=1&connection_type=web_only')).status).toBe(422);
    expect((await call('/games?connection_type=web_only&online_recently=1')).status).toBe(422);

    // Player history: December dates, a new year crossed in order, long raw ranges whole, the `to` day whole.
    expect((await call(`/games/${allWeek.id}/players?from=2025-12-01&to=2025-12-31`)).status).toBe(200);
    const newYear = (await call(`/games/${allWeek.id}/players?from=2025-12-30&to=2026-01-02`)).body.data.map(
      (sample: { recorded_at: string }) => sample.recorded_at,
    );
    expect(newYear.some((stamp: string) => stamp.startsWith('2025-12'))).toBe(true);
    expect(newYear.some((stamp: string) => stamp.startsWith('2026-01'))).toBe(true);
    expect(newYear).toEqual([...newYear].sort());
    const longRaw = await call(
      `/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(40)}&to=${daysAgo(1)}`,
    );
    expect(
      longRaw.body.data.some((sample: { recorded_at: string }) => sample.recorded_at.slice(14, 16) === '30'),
    ).toBe(true);
    const oneRawDay = await call(
      `/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(2)}`,
    );
    expect(oneRawDay.body.data).toHaveLength(48);

    // Rate limits: the day budget's reset is the next UTC midnight.
    const first = await call('/tags', { key: KEYS.dayLimited });
    expect(reset(first)).toBe((Math.floor(now / DAY) + 1) * DAY);
    await call('/tags', { key: KEYS.dayLimited });
    await call('/tags', { key: KEYS.dayLimited });
    clockOf(call).advance(HOUR * 1000);
    expect((await call('/tags', { key: KEYS.dayLimited })).status).toBe(429);
    // A new minute: the first request reports the limit minus one.
    clockOf(call).toNextMinute();
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.low });
    clockOf(call).toNextMinute();
    expect(remaining(await call('/tags', { key: KEYS.low }))).toBe(4);
    // After an idle spell, the reset is in the future.
    clockOf(call).advance(5 * 60_000);
    expect(reset(await call('/tags', { key: KEYS.low }))).toBeGreaterThan(clockOf(call).now() / 1000);

    // The 48-hour window at 66 hours after a game's last connect: not listed.
    clockOf(call).set(sixtySixHoursLater);
    const at66 = sixtySixHoursLater / 1000;
    const reached = active.filter((game) => {
      const connect = game.webOnly ? null : lastSuccessfulConnect(game, at66);
      return connect !== null && connect >= at66 - 48 * HOUR;
    });
    expect(reached.some((game) => game.id === stopped.id)).toBe(false);
    expect((await listed(call, 'online_recently=1'))[1]).toBe(reached.length);
    // The 30-day window one minute before the update leaves it: listed.
    clockOf(call).set(updatedWindowEdge);
    const cutoff = updatedWindowEdge / 1000 - 30 * DAY;
    expect(updatedGame.updated).toBeGreaterThanOrEqual(cutoff);
    expect((await listed(call, 'recently_updated=1'))[1]).toBe(
      active.filter((game) => game.updated >= cutoff).length,
    );

    // 00:30Z: the default `to` is the new day.
    clockOf(call).set(midnightAfterAnchor + 30 * 60_000);
    const afterMidnight = await call(`/games/${allWeek.id}/players`);
    expect(afterMidnight.body.meta.to).toBe(new Date(midnightAfterAnchor).toISOString().slice(0, 10));
    // A day budget spent just before midnight is fresh in the first minute after it.
    clockOf(call).set(midnightAfterAnchor + DAY * 1000 - 10_000);
    for (let i = 0; i < 3; i++) await call('/tags', { key: KEYS.dayLimited });
    clockOf(call).set(midnightAfterAnchor + DAY * 1000 + 20_000);
    expect((await call('/tags', { key: KEYS.dayLimited })).status).toBe(200);
  });
});

/**
 * Witnesses of blind fault set 10 (set-10.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock
 * (2026-11-22T12:00:00Z, a Sunday); each fault gets a fresh pair of servers.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  TODAY,
  active,
  archived,
  crawledAllWeek,
  dataset,
  daysAgo,
  ids,
  itCatalogues,
  itWitnessesEach,
  pick,
  witnessKeys,
  witnessServers,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_10, type BlindFault10Name } from './set-10.ts';

const KEYS = witnessKeys('blind10');

const searchable = (game: GameRecord) =>
  [game.name, game.intro, game.description].map((text) => text.toLowerCase());
const containing = (term: string) =>
  active.filter((game) => searchable(game).some((text) => text.includes(term)));

/** A hyphenated pair `b-a` found in no game, whose two words `a` and `b` occur together in some game. */
const reversedPair = (() => {
  for (const game of active) {
    for (const [, a, b] of game.description.toLowerCase().matchAll(/\b([a-z]{3,})-([a-z]{3,})\b/g)) {
      const pair = `${b}-${a}`;
      if (containing(pair).length === 0) return { pair, words: [a!, b!] };
    }
  }
  throw new Error('no hyphenated pair');
})();
const reviewed = new Set(dataset.reviews.map((review) => review.gameId));
const adminDisabled = pick(
  archived.filter((game) => game.archiveReason === 'admin_disabled'),
  'game archived by an administrator',
);
const withoutSnapshot = pick(
  active.filter((game) => !game.webOnly && game.msspCollectedAt === null),
  'active game without an MSSP snapshot',
);
/** A theme carried by an archived game (and by active ones). */
const archivedTheme = (() => {
  for (const game of archived) {
    const theme = game.categories.theme;
    if (theme !== undefined && active.some((g) => g.categories.theme === theme)) return theme;
  }
  throw new Error('no theme carried by an archived game');
})();
const allWeek = crawledAllWeek(60);
const onlineRecently = active.filter((game) => {
  const connect = game.webOnly ? null : lastSuccessfulConnect(game, ANCHOR_SECONDS);
  return connect !== null && connect >= ANCHOR_SECONDS - 48 * 3600;
});

const WITNESSES: Record<BlindFault10Name, Observe> = {
  'blind10-unknown-sort-first-option': async (call) => ids(await call('/games?sort=popular&per_page=10')),
  'blind10-top-voted-votes-compared-as-text': async (call) =>
    ids(await call('/games?sort=top_voted&per_page=20')),
  'blind10-q-split-on-punctuation': async (call) =>
    (await call(`/games?q=${reversedPair.pair}&per_page=1`)).body.meta.total,
  'blind10-mud-client-online-recently-refused': async (call) =>
    (await call('/games?connection_type=mud_client&online_recently=1&per_page=1')).status,
  'blind10-archived-listed-with-tag-filter': async (call) =>
    (await call(`/games?theme_tag_id[]=${archivedTheme}&per_page=1`)).body.meta.total,
  'blind10-online-recently-keeps-web-only': async (call) =>
    (await call('/games?online_recently=1&per_page=1')).body.meta.total,
  'blind10-has-reviews-zero-inverts': async (call) => (await call('/games?has_reviews=0&per_page=1')).status,
  'blind10-admin-disabled-detail-404': async (call) => (await call(`/games/${adminDisabled.id}`)).status,
  'blind10-detail-mssp-link-omitted-without-snapshot': async (call) =>
    typeof (await call(`/games/${withoutSnapshot.id}`)).body.data.urls.mssp,
  'blind10-reviews-per-page-50-default': async (call) =>
    (await call('/reviews?per_page=50')).body.meta.per_page,
  'blind10-mssp-no-snapshot-status-available': async (call) =>
    (await call(`/games/${withoutSnapshot.id}/mssp`)).body.meta.status,
  'blind10-raw-from-midnight-excluded': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(2)}`)).body
      .data[0].recorded_at,
  'blind10-raw-default-range-one-day': async (call) =>
    (await call(`/games/${allWeek.id}/players?granularity=raw`)).body.meta.from,
  'blind10-players-reversed-dates-swapped': async (call) =>
    (await call(`/games/${allWeek.id}/players?from=${daysAgo(1)}&to=${daysAgo(3)}`)).status,
  'blind10-stats-minimum-initialised-zero': async (call) =>
    (await call(`/games/${allWeek.id}/statistics?from=${daysAgo(3)}&to=${daysAgo(1)}`)).body.data.map(
      (point: { min: number | null }) => point.min,
    ),
  'blind10-activity-weekday-utc': async (call) =>
    (
      await call(
        `/games/${allWeek.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}&timezone=Asia/Tokyo`,
      )
    ).body.data.map((cell: { count: number }) => cell.count),
  'blind10-activity-range-error-code': async (call) =>
    (await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(100)}&to=${daysAgo(1)}`)).body.error
      .code,
  'blind10-missing-key-no-challenge': async (call) =>
    (await call('/tags', { key: null })).headers['www-authenticate'],
  'blind10-realm-unquoted': async (call) =>
    (await call('/tags', { authorization: 'Bearer not-a-key' })).headers['www-authenticate'],
  'blind10-request-id-header-only-on-200': async (call) =>
    typeof (await call('/games/999999')).headers['x-request-id'],
};

describe('blind fault set 10', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind10', 20, BLIND_FAULTS_10, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    // An unknown sort reads as last_updated, not as the first sort of the list.
    const fallback = ids(await call('/games?sort=popular&per_page=10'));
    expect(fallback).toEqual(ids(await call('/games?sort=last_updated&per_page=10')));
    expect(fallback).not.toEqual(ids(await call('/games?sort=top_voted&per_page=10')));

    // top_voted: the most votes first, as numbers.
    const voted = (await call('/games?sort=top_voted&per_page=20')).body.data.map(
      (game: { ranking: { monthly_votes: number } }) => game.ranking.monthly_votes,
    );
    expect(voted).toEqual([...voted].sort((a: number, b: number) => b - a));
    expect(voted.some((votes: number) => String(votes).length !== String(voted[0]).length)).toBe(true);

    // A hyphenated term is one term: found nowhere, though its two words are found together.
    expect((await call(`/games?q=${reversedPair.pair}&per_page=1`)).body.meta.total).toBe(0);
    expect(
      active.some((game) =>
        reversedPair.words.every((word) => searchable(game).some((t) => t.includes(word))),
      ),
    ).toBe(true);

    const mud = await call('/games?connection_type=mud_client&online_recently=1&per_page=1');
    expect([mud.status, mud.body.meta.total]).toEqual([200, onlineRecently.length]);
    expect((await call('/games?connection_type=mud_client&sort=recently_online&per_page=1')).status).toBe(
      200,
    );

    const themed = active.filter((game) => game.categories.theme === archivedTheme).length;
    expect((await call(`/games?theme_tag_id[]=${archivedTheme}&per_page=1`)).body.meta.total).toBe(themed);

    expect(active.some((game) => game.webOnly)).toBe(true);
    expect((await call('/games?online_recently=1&per_page=1')).body.meta.total).toBe(onlineRecently.length);

    const zero = await call('/games?has_reviews=0&per_page=1');
    expect([zero.status, zero.body.error.code]).toEqual([422, 'invalid_filter']);
    expect(active.some((game) => !reviewed.has(game.id))).toBe(true);

    const disabled = await call(`/games/${adminDisabled.id}`);
    expect([disabled.status, disabled.body.data.status.archive_reason]).toEqual([200, 'admin_disabled']);

    const detail = (await call(`/games/${withoutSnapshot.id}`)).body.data;
    expect(detail.urls.mssp).toMatch(new RegExp(`/api/v1/games/${withoutSnapshot.id}/mssp$`));
    expect(detail.status.mssp_collected_at).toBeNull();
    const mssp = (await call(`/games/${withoutSnapshot.id}/mssp`)).body;
    expect([mssp.data, mssp.meta.status]).toEqual([null, 'mssp_not_available']);

    const fifty = (await call('/reviews?per_page=50')).body;
    expect([fifty.meta.per_page, fifty.data.length]).toEqual([50, 50]);

    const raw = (
      await call(`/games/${allWeek.id}/players?granularity=raw&from=${daysAgo(2)}&to=${daysAgo(2)}`)
    ).body.data;
    expect([raw[0].recorded_at, raw.length]).toEqual([`${daysAgo(2)}T00:00:00Z`, 48]);
    const rawDefault = (await call(`/games/${allWeek.id}/players?granularity=raw`)).body.meta;
    expect([rawDefault.from, rawDefault.to]).toEqual([daysAgo(29), TODAY]);
    const reversed = await call(`/games/${allWeek.id}/players?from=${daysAgo(1)}&to=${daysAgo(3)}`);
    expect([reversed.status, reversed.body.error.code]).toEqual([422, 'invalid_date_range']);

    const stats = await call(`/games/${allWeek.id}/statistics?from=${daysAgo(3)}&to=${daysAgo(1)}`);
    expect(stats.status).toBe(200);
    expect(stats.body.data.some((point: { min: number | null }) => (point.min ?? 0) > 0)).toBe(true);

    // A one-day range in Tokyo (UTC+9) spreads over two local weekdays: 09h–23h and 00h–08h of the next.
    const tokyo = (
      await call(
        `/games/${allWeek.id}/activity-pattern?from=${daysAgo(1)}&to=${daysAgo(1)}&timezone=Asia/Tokyo`,
      )
    ).body.data as Array<{ weekday: number; count: number }>;
    const weekdays = new Set(tokyo.filter((cell) => cell.count > 0).map((cell) => cell.weekday));
    expect(weekdays.size).toBe(2);
    const long = await call(`/games/${allWeek.id}/activity-pattern?from=${daysAgo(100)}&to=${daysAgo(1)}`);
    expect([long.status, long.body.error.code]).toEqual([422, 'invalid_statistics_query']);

    const anonymous = await call('/tags', { key: null });
    expect([anonymous.status, anonymous.headers['www-authenticate']]).toEqual([
      401,
      'Bearer realm="Mudverse API"',
    ]);
    const unknownKey = await call('/tags', { authorization: 'Bearer not-a-key' });
    expect(unknownKey.headers['www-authenticate']).toBe('Bearer realm="Mudverse API"');

    const missing = await call('/games/999999');
    expect([missing.status, typeof missing.headers['x-request-id']]).toEqual([404, 'string']);
    expect(missing.headers['x-request-id']).toBe(missing.body.request_id);
  });

  itWitnessesEach(BLIND_FAULTS_10, WITNESSES, start);
});

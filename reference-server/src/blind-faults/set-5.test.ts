/**
 * Witnesses of blind fault set 5 (set-5.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock; each fault
 * gets a fresh pair of servers, so rate-limit budgets start full on both.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import { normalizeMssp } from '../domain/mssp.ts';
import {
  DAY,
  TODAY,
  active,
  archived,
  dataset,
  daysAgo,
  ids,
  isActive,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessKeys,
  witnessServers,
  type Observe,
  itCatalogues,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_5, type BlindFault5Name } from './set-5.ts';

const KEYS = witnessKeys('blind5');
const reviewsOf = (game: GameRecord) => dataset.reviews.filter((r) => r.gameId === game.id);

const adminDisabled = pick(
  archived.filter((g) => g.archiveReason === 'admin_disabled'),
  'game archived by an administrator',
);
const severalParagraphs = pick(
  active.filter((g) => g.description.split(/\n\s*\n/).length > 1),
  'active game whose description has several paragraphs',
);
/** A category and two of its tag ids, each held by some active game. */
const [tagCategory, firstTag, secondTag] = (() => {
  for (const group of dataset.taxonomy.groups) {
    const used = group.values
      .map((tag) => tag.id)
      .filter((id) => active.some((g) => g.categories[group.key] === id));
    if (used.length >= 2) return [group.key, used[0]!, used[1]!] as const;
  }
  throw new Error('the test dataset has no category with two tags in use');
})();
/** A word of active games' website addresses that none of their names, intros or descriptions holds. */
const websiteTerm = (() => {
  const texts = active.map((g) => [g.name, g.intro, g.description].join('\n').toLowerCase());
  for (const game of active) {
    if (game.website === null) continue;
    for (const word of new URL(game.website).hostname.split('.')) {
      if (word.length >= 4 && texts.every((text) => !text.includes(word))) return word;
    }
  }
  throw new Error('no website word outside the searched texts');
})();
const zeroPlayersSnapshot = pick(
  active.filter(
    (g) => g.msspRaw !== null && g.msspCollectedAt !== null && normalizeMssp(g.msspRaw).players === 0,
  ),
  'active game whose snapshot reports 0 players',
);
/** An active game that stopped answering in the last weeks (else one never reached): days without samples. */
const withEmptyDays = pick(
  [
    ...active.filter(
      (g) =>
        !g.webOnly &&
        g.crawlStart !== null &&
        g.crawlStart < ANCHOR_SECONDS - 60 * DAY &&
        g.crawlEnd !== null &&
        g.crawlEnd > ANCHOR_SECONDS - 25 * DAY,
    ),
    ...active.filter((g) => !g.webOnly && lastSuccessfulConnect(g, ANCHOR_SECONDS) === null),
  ],
  'active game with days without samples',
);
/** An active game with statistics ready, crawled successfully all through the last 100 days. */
const crawledReady = pick(
  active.filter(
    (g) =>
      !g.webOnly &&
      g.statisticsState === 'ready' &&
      g.crawlStart !== null &&
      g.crawlStart < ANCHOR_SECONDS - 100 * DAY &&
      g.crawlEnd === null,
  ),
  'game with statistics ready, crawled for 100 days',
);
const twoReviews = pick(
  active.filter((g) => reviewsOf(g).length >= 2),
  'active game with two reviews or more',
);
const NO_GAME = Math.max(...dataset.games.map((g) => g.id)) + 1000;

/** A link without its origin, as written: the two servers listen on different ports. */
const asWritten = (link: string | undefined): string | undefined => link?.replace(/^[a-z]+:\/\/[^/]+/, '');

const WITNESSES: Record<BlindFault5Name, Observe> = {
  'blind5-next-missing-without-page-param': async (call) =>
    asWritten((await call('/games?per_page=5')).body.links.next),
  'blind5-previous-points-to-first': async (call) =>
    asWritten((await call('/games?per_page=5&page=3')).body.links.previous),
  'blind5-admin-disabled-archived-false': async (call) =>
    (await call(`/games/${adminDisabled.id}`)).body.data.status.archived,
  'blind5-detail-description-first-paragraph': async (call) =>
    (await call(`/games/${severalParagraphs.id}`)).body.data.description,
  'blind5-online-recently-true-accepted': async (call) => (await call('/games?online_recently=true')).status,
  'blind5-tag-repeat-last-wins': async (call) =>
    ids(
      await call(
        `/games?${tagCategory}_tag_id%5B%5D=${firstTag}&${tagCategory}_tag_id%5B%5D=${secondTag}&per_page=50`,
      ),
    ),
  'blind5-q-searches-website': async (call) =>
    (await call(`/games?q=${encodeURIComponent(websiteTerm)}`)).body.meta.total,
  'blind5-archived-listed-with-recently-online-sort': async (call) =>
    (await call('/games?sort=recently_online&per_page=1')).body.meta.total,
  'blind5-mssp-zero-values-null': async (call) =>
    (await call(`/games/${zeroPlayersSnapshot.id}/mssp`)).body.data.values.players,
  'blind5-players-empty-days-zero': async (call) =>
    (await call(`/games/${withEmptyDays.id}/players`)).body.data,
  'blind5-players-to-default-from-plus-29': async (call) =>
    (await call(`/games/${crawledReady.id}/players?from=${daysAgo(60)}`)).body.meta.to,
  'blind5-reviews-unknown-game-404': async (call) => (await call(`/reviews?game_id=${NO_GAME}`)).status,
  'blind5-reviews-game-filter-no-offset': async (call) =>
    ids(await call(`/reviews?game_id=${twoReviews.id}&per_page=1&page=2`)),
  'blind5-tags-value-label-key': async (call) => Object.keys((await call('/tags')).body.data[0].values[0]),
  'blind5-stats-reversed-range-empty': async (call) =>
    (await call(`/games/${crawledReady.id}/statistics?from=${TODAY}&to=${daysAgo(5)}`)).status,
  'blind5-activity-90-days-refused': async (call) =>
    (await call(`/games/${crawledReady.id}/activity-pattern?from=${daysAgo(89)}&to=${TODAY}`)).status,
  'blind5-activity-offset-fixed-at-now': async (call) =>
    (
      await call(
        `/games/${crawledReady.id}/activity-pattern?timezone=America%2FNew_York&from=2026-10-01&to=2026-10-31`,
      )
    ).body.data,
  'blind5-revoked-key-no-challenge': async (call) =>
    (await call('/tags', { key: KEYS.revoked })).headers['www-authenticate'],
  'blind5-invalid-filter-without-message': async (call) =>
    (await call('/games?connection_type=bogus')).body.error.message,
  'blind5-retry-after-minute-when-day-binds': async (call) =>
    (await sendTimes(call, 4, KEYS.dayLimited)).headers['retry-after'],
};

describe('blind fault set 5', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind5', 20, BLIND_FAULTS_5, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    // The implicit first page of a collection with several pages links to page 2.
    expect(asWritten((await call('/games?per_page=5')).body.links.next)).toBe(
      '/api/v1/games?per_page=5&page=2',
    );
    expect(asWritten((await call('/games?per_page=5&page=3')).body.links.previous)).toBe(
      '/api/v1/games?per_page=5&page=2',
    );
    const admin = (await call(`/games/${adminDisabled.id}`)).body.data.status;
    expect([admin.archived, admin.archive_reason]).toEqual([true, 'admin_disabled']);
    expect((await call(`/games/${severalParagraphs.id}`)).body.data.description).toBe(
      severalParagraphs.description,
    );
    const refused = await call('/games?online_recently=true');
    expect([refused.status, refused.body.error.code]).toEqual([422, 'invalid_filter']);
    expect(typeof refused.body.error.message).toBe('string');
    const either = active.filter((g) => [firstTag, secondTag].includes(g.categories[tagCategory] ?? -1));
    const tagged = await call(
      `/games?${tagCategory}_tag_id%5B%5D=${firstTag}&${tagCategory}_tag_id%5B%5D=${secondTag}&per_page=50`,
    );
    expect(tagged.body.meta.total).toBe(either.length);
    expect((await call(`/games?q=${encodeURIComponent(websiteTerm)}`)).body.meta.total).toBe(0);
    expect((await call('/games?sort=recently_online&per_page=1')).body.meta.total).toBe(active.length);
    expect((await call(`/games/${zeroPlayersSnapshot.id}/mssp`)).body.data.values.players).toBe(0);
    const history = (await call(`/games/${withEmptyDays.id}/players`)).body;
    expect(history.data.length).toBeLessThan(30);
    expect(history.data.every((sample: { players: number }) => sample.players >= 0)).toBe(true);
    expect((await call(`/games/${crawledReady.id}/players?from=${daysAgo(60)}`)).body.meta.to).toBe(TODAY);
    const none = await call(`/reviews?game_id=${NO_GAME}`);
    expect([none.status, none.body.meta.total, none.body.data]).toEqual([200, 0, []]);
    const second = await call(`/reviews?game_id=${twoReviews.id}&per_page=1&page=2`);
    const first = await call(`/reviews?game_id=${twoReviews.id}&per_page=1&page=1`);
    expect(ids(second)).toHaveLength(1);
    expect(ids(second)).not.toEqual(ids(first));
    expect(Object.keys((await call('/tags')).body.data[0].values[0]).sort()).toEqual(['id', 'name']);
    const reversed = await call(`/games/${crawledReady.id}/statistics?from=${TODAY}&to=${daysAgo(5)}`);
    expect([reversed.status, reversed.body.error.code]).toEqual([422, 'invalid_statistics_query']);
    expect(
      (await call(`/games/${crawledReady.id}/activity-pattern?from=${daysAgo(89)}&to=${TODAY}`)).status,
    ).toBe(200);
    expect(
      (await call(`/games/${crawledReady.id}/activity-pattern?from=${daysAgo(90)}&to=${TODAY}`)).status,
    ).toBe(422);
    const revoked = await call('/tags', { key: KEYS.revoked });
    expect([revoked.status, revoked.body.error.code]).toEqual([401, 'invalid_api_key']);
    expect(revoked.headers['www-authenticate']).toMatch(/^Bearer realm=".+ API"$/);
    const dayRefused = await sendTimes(call, 4, KEYS.dayLimited);
    expect(dayRefused.status).toBe(429);
    // 12:00:00Z: the UTC day's budget returns at midnight, 12 hours on.
    expect(dayRefused.headers['retry-after']).toBe(String(12 * 3600));
  });

  it('has the data the archived-listing and review-paging witnesses need', () => {
    expect(archived.some((g) => !g.webOnly && lastSuccessfulConnect(g, ANCHOR_SECONDS) !== null)).toBe(true);
    expect(isActive(twoReviews.id)).toBe(true);
  });

  itWitnessesEach(BLIND_FAULTS_5, WITNESSES, start);
});

/**
 * Witnesses of blind fault set 11 (set-11.ts): for every blind fault, one request (or a few)
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
  DAY,
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
  sendTimes,
  witnessKeys,
  witnessServers,
  type Observe,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_11, type BlindFault11Name } from './set-11.ts';

const KEYS = witnessKeys('blind11');

const searchable = (game: GameRecord) =>
  [game.name, game.intro, game.description].map((text) => text.toLowerCase());
const containing = (term: string) =>
  active.filter((game) => searchable(game).some((text) => text.includes(term)));

const reviewCounts = new Map<number, number>();
for (const review of dataset.reviews)
  reviewCounts.set(review.gameId, (reviewCounts.get(review.gameId) ?? 0) + 1);
const reviewedOnce = active.filter((game) => reviewCounts.get(game.id) === 1);
const reviewed = active.filter((game) => (reviewCounts.get(game.id) ?? 0) >= 1);

/** A location tag whose name (`Europe` …) is in no game's text, carried by active games. */
const locationTag = (() => {
  const group = dataset.taxonomy.groups.find((g) => g.key === 'location')!;
  for (const tag of group.values) {
    const carriers = active.filter((game) => game.categories.location === tag.id);
    if (carriers.length > 0 && containing(tag.name.toLowerCase()).length === 0)
      return { term: tag.name.toLowerCase(), carriers: carriers.length };
  }
  throw new Error('no location tag name outside the texts');
})();
const themes = dataset.taxonomy.groups.find((g) => g.key === 'theme')!.values.map((tag) => tag.id);
const theOnes = containing('the');
const allWeek = crawledAllWeek(60);
/** An active game with a snapshot whose crawled capability flags include one reported as 0. */
const withZeroFlag = pick(
  active.filter(
    (game) =>
      !game.webOnly &&
      game.msspCollectedAt !== null &&
      game.msspRaw !== null &&
      ['MXP', 'MSP', 'PUEBLO', 'GMCP', 'MSDP'].some((flag) => game.msspRaw![flag]?.trim() === '0'),
  ),
  'game reporting a capability flag as 0',
);
/** The busiest game crawled for the last two months: one more sample moves its daily means. */
const busy = [...active]
  .filter(
    (game) =>
      !game.webOnly &&
      game.crawlStart !== null &&
      game.crawlStart < ANCHOR_SECONDS - 60 * DAY &&
      game.crawlEnd === null &&
      lastSuccessfulConnect(game, ANCHOR_SECONDS) !== null,
  )
  .sort((a, b) => b.playerBase - a.playerBase)[0]!;
/** The quietest game crawled all week: its players drop to 0 at night. */
const quiet = [...active]
  .filter((game) => game === allWeek || (game.crawlStart !== null && game.crawlEnd === null && !game.webOnly))
  .sort((a, b) => a.playerBase - b.playerBase)[0]!;
const archivedGame = pick(archived, 'archived game');
/** A review submitted in British Summer Time (July) and one with paragraphs, both of active games. */
const summerReview = pick(
  dataset.reviews.filter((review) => new Date(review.submitted * 1000).getUTCMonth() === 6),
  'review submitted in July',
);
const paragraphed = pick(
  dataset.reviews.filter((review) => review.body.includes('\n\n')),
  'review with paragraphs',
);

const WITNESSES: Record<BlindFault11Name, Observe> = {
  'blind11-has-reviews-needs-two': async (call) =>
    (await call('/games?has_reviews=1&per_page=1')).body.meta.total,
  'blind11-search-page-offset-twice': async (call) => ids(await call('/games?q=the&per_page=5&page=2')),
  'blind11-q-matches-tag-names': async (call) =>
    (await call(`/games?q=${locationTag.term}&per_page=1`)).body.meta.total,
  'blind11-tag-ids-comma-separated-accepted': async (call) =>
    (await call(`/games?theme_tag_id[]=${themes[0]},${themes[1]}&per_page=1`)).status,
  'blind11-sort-ignored-with-q': async (call) => ids(await call('/games?q=the&sort=top_voted&per_page=10')),
  'blind11-next-link-on-exact-last-page': async (call) =>
    typeof (await call('/games?per_page=25&page=11')).body.links.next,
  'blind11-archived-detail-live-links-null': async (call) =>
    (await call(`/games/${archivedGame.id}`)).body.data.urls.players,
  'blind11-mssp-flag-zero-truthy': async (call) =>
    (await call(`/games/${withZeroFlag.id}/mssp`)).body.data.values,
  'blind11-players-default-to-server-local-date': async (call) =>
    (await call(`/games/${allWeek.id}/players`)).body.meta.to,
  'blind11-daily-bucket-includes-next-midnight': async (call) =>
    (await call(`/games/${busy.id}/players?from=${daysAgo(29)}&to=${daysAgo(1)}`)).body.data.map(
      (sample: { players: number }) => sample.players,
    ),
  'blind11-stats-zero-minimum-replaced': async (call) =>
    (await call(`/games/${quiet.id}/statistics?from=${daysAgo(14)}&to=${daysAgo(1)}`)).body.data.map(
      (point: { min: number | null }) => point.min,
    ),
  'blind11-stats-unknown-game-unavailable': async (call) => (await call('/games/999999/statistics')).status,
  'blind11-activity-offset-zone-accepted': async (call) =>
    (
      await call(
        `/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${daysAgo(1)}&timezone=%2B09:00`,
      )
    ).status,
  'blind11-review-dates-london-wall-clock': async (call) =>
    (await call(`/reviews/${summerReview.id}`)).body.data.dates.submitted,
  'blind11-review-body-newlines-collapsed': async (call) =>
    (await call(`/reviews/${paragraphed.id}`)).body.data.body,
  'blind11-tags-rows-limited-50': async (call) =>
    (await call('/tags')).body.data.map((group: { values: unknown[] }) => group.values.length),
  'blind11-key-matched-by-prefix': async (call) =>
    (await call('/tags', { authorization: `Bearer ${KEYS.high.key.slice(0, 12)}-not-the-key` })).status,
  'blind11-unknown-key-authentication-required': async (call) =>
    (await call('/tags', { authorization: 'Bearer not-a-key' })).body.error.code,
  'blind11-day-quota-403': async (call) => (await sendTimes(call, 4, KEYS.dayLimited)).status,
  'blind11-429-remaining-day-budget': async (call) =>
    (await sendTimes(call, 6, KEYS.low)).headers['x-ratelimit-remaining'],
};

describe('blind fault set 11', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind11', 20, BLIND_FAULTS_11, WITNESSES, start);

  it('answers the witnesses as the description says when no fault is on', async () => {
    const call = await start([]);
    // has_reviews=1: every active game with at least one review, those with exactly one included.
    expect(reviewedOnce.length).toBeGreaterThan(0);
    expect((await call('/games?has_reviews=1&per_page=1')).body.meta.total).toBe(reviewed.length);

    // A search's second page holds the next games.
    expect(theOnes.length).toBeGreaterThan(10);
    const second = await call('/games?q=the&per_page=5&page=2');
    expect([second.body.meta.total, second.body.data.length]).toEqual([theOnes.length, 5]);

    // A tag's name is not searched.
    expect(locationTag.carriers).toBeGreaterThan(0);
    expect((await call(`/games?q=${locationTag.term}&per_page=1`)).body.meta.total).toBe(0);

    const comma = await call(`/games?theme_tag_id[]=${themes[0]},${themes[1]}&per_page=1`);
    expect([comma.status, comma.body.error.code]).toEqual([422, 'invalid_filter']);

    // With q, top_voted is obeyed: the most votes first, not the last updated.
    const voted = await call('/games?q=the&sort=top_voted&per_page=10');
    const votes = voted.body.data.map(
      (game: { ranking: { monthly_votes: number } }) => game.ranking.monthly_votes,
    );
    expect(votes).toEqual([...votes].sort((a: number, b: number) => b - a));
    expect(ids(voted)).not.toEqual(ids(await call('/games?q=the&sort=last_updated&per_page=10')));

    // 275 active games: page 11 of 25 is the last, without next.
    expect(active.length).toBe(275);
    const last = (await call('/games?per_page=25&page=11')).body;
    expect([last.data.length, last.links.next, typeof last.links.previous]).toEqual([
      25,
      undefined,
      'string',
    ]);

    const detail = (await call(`/games/${archivedGame.id}`)).body.data;
    expect(detail.status.archived).toBe(true);
    expect(detail.urls.players).toMatch(new RegExp(`/api/v1/games/${archivedGame.id}/players$`));
    expect(detail.urls.mssp).toMatch(new RegExp(`/api/v1/games/${archivedGame.id}/mssp$`));

    const values = (await call(`/games/${withZeroFlag.id}/mssp`)).body.data.values;
    expect(Object.values(values)).toContain(false);

    // Default `to` is the UTC date, even though it is already tomorrow in UTC+13.
    const defaulted = (await call(`/games/${allWeek.id}/players`)).body.meta;
    expect([defaulted.from, defaulted.to]).toEqual([daysAgo(29), TODAY]);

    const daily = (await call(`/games/${busy.id}/players?from=${daysAgo(29)}&to=${daysAgo(1)}`)).body.data;
    expect(daily.length).toBe(29);

    const minima = (
      await call(`/games/${quiet.id}/statistics?from=${daysAgo(14)}&to=${daysAgo(1)}`)
    ).body.data.map((point: { min: number | null }) => point.min);
    expect(minima).toContain(0);

    const unknown = await call('/games/999999/statistics');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'game_not_found']);

    const offset = await call(
      `/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${daysAgo(1)}&timezone=%2B09:00`,
    );
    expect([offset.status, offset.body.error.code]).toEqual([422, 'invalid_statistics_query']);
    expect(
      (
        await call(
          `/games/${allWeek.id}/activity-pattern?from=${daysAgo(7)}&to=${daysAgo(1)}&timezone=Asia/Tokyo`,
        )
      ).status,
    ).toBe(200);

    const summer = (await call(`/reviews/${summerReview.id}`)).body.data;
    expect(summer.dates.submitted).toBe(
      new Date(summerReview.submitted * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    expect((await call(`/reviews/${paragraphed.id}`)).body.data.body).toBe(paragraphed.body);

    const groups = (await call('/tags')).body.data as Array<{ values: unknown[] }>;
    expect(groups.length).toBe(9);
    expect(groups.reduce((sum, group) => sum + group.values.length, 0)).toBeGreaterThan(50);

    const prefixed = await call('/tags', {
      authorization: `Bearer ${KEYS.high.key.slice(0, 12)}-not-the-key`,
    });
    expect([prefixed.status, prefixed.body.error.code]).toEqual([401, 'invalid_api_key']);
    expect((await call('/tags', { authorization: 'Bearer not-a-key' })).body.error.code).toBe(
      'invalid_api_key',
    );

    const dayRefused = await sendTimes(call, 4, KEYS.dayLimited);
    expect([dayRefused.status, dayRefused.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
    const minuteRefused = await sendTimes(call, 6, KEYS.low);
    expect([minuteRefused.status, minuteRefused.headers['x-ratelimit-remaining']]).toEqual([429, '0']);
  });

  itWitnessesEach(BLIND_FAULTS_11, WITNESSES, start);
});

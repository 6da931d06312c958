/**
 * Witnesses of blind fault set 4 (set-4.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock; each fault
 * gets a fresh pair of servers, so rate-limit budgets start full on both.
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
  isActive,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessKeys,
  witnessServers,
  type Json,
  type Observe,
  itCatalogues,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_4, type BlindFault4Name } from './set-4.ts';

const KEYS = witnessKeys('blind4');
const reviewsOf = (game: GameRecord) => dataset.reviews.filter((r) => r.gameId === game.id);

const withoutDiscord = pick(
  active.filter((g) => g.discord === null),
  'active game without a community link',
);
const neverReached = pick(
  active.filter((g) => !g.webOnly && lastSuccessfulConnect(g, ANCHOR_SECONDS) === null),
  'active game never reached',
);
const partlyRated = pick(
  active.filter((g) => {
    const ratings = reviewsOf(g).map((r) => r.rating);
    return ratings.includes(null) && ratings.some((rating) => rating !== null && rating > 0);
  }),
  'active game with rated and unrated reviews',
);
const archivedReviewed = pick(
  archived.filter((g) => reviewsOf(g).length > 0),
  'archived game with reviews',
);
const listedReview = pick(
  dataset.reviews.filter((r) => isActive(r.gameId)),
  'review of an active game',
);
const withoutSnapshot = pick(
  active.filter((g) => !g.webOnly && g.msspCollectedAt === null),
  'active game without an MSSP snapshot',
);
/** An active game crawled successfully all through the last week (samples every 30 minutes). */
const crawled = crawledAllWeek(100);
const statisticsReady = pick(
  active.filter((g) => g.statisticsState === 'ready' && g.crawlStart !== null),
  'game with statistics ready',
);

/** A piece of a word of an active game's name that begins no word of that game's texts. */
function midWordTerm(): string {
  for (const game of active) {
    const texts = [game.name, game.intro, game.description].map((t) => t.toLowerCase());
    for (const word of game.name.toLowerCase().split(/[^a-z]+/)) {
      if (word.length < 6) continue;
      const piece = word.slice(2);
      if (texts.every((text) => !new RegExp(`(^|[^a-z0-9])${piece}`).test(text))) return piece;
    }
  }
  throw new Error('no active game with a mid-word term');
}

/** A link without its origin, as written (not normalised by URL): the two servers listen on different ports. */
const asWritten = (link: string | undefined): string | undefined => link?.replace(/^[a-z]+:\/\/[^/]+/, '');

const WITNESSES: Record<BlindFault4Name, Observe> = {
  'blind4-links-query-unencoded': async (call) =>
    asWritten((await call('/games?q=the%20a&per_page=5')).body.links.self),
  'blind4-links-page-appended': async (call) =>
    asWritten((await call('/games?per_page=5&page=2')).body.links.next),
  'blind4-discord-omitted-when-null': async (call) =>
    'discord' in (await call(`/games/${withoutDiscord.id}`)).body.data.urls,
  'blind4-never-reached-connect-epoch-zero': async (call) =>
    (await call(`/games/${neverReached.id}`)).body.data.status.last_successful_connect,
  'blind4-average-rating-unrated-as-zero': async (call) =>
    (await call(`/games/${partlyRated.id}`)).body.data.reviews.average_rating,
  'blind4-archived-review-count-zero': async (call) =>
    (await call(`/games/${archivedReviewed.id}`)).body.data.reviews.count,
  'blind4-review-list-self-game-id': async (call) =>
    (await call('/reviews?per_page=5')).body.data.map((review: Json) => asWritten(review.urls.self)),
  'blind4-review-detail-latin1': async (call) =>
    (await call(`/reviews/${listedReview.id}`)).headers['content-type'],
  'blind4-q-word-prefix-only': async (call) =>
    ids(await call(`/games?q=${encodeURIComponent(midWordTerm())}&per_page=50`)),
  'blind4-most-reviewed-by-rating-count': async (call) =>
    ids(await call('/games?sort=most_reviewed&per_page=50')),
  'blind4-online-recently-ignored-with-mud-client': async (call) =>
    (await call('/games?connection_type=mud_client&online_recently=1')).body.meta.total,
  'blind4-web-only-sort-combination-code': async (call) =>
    (await call('/games?connection_type=web_only&sort=recently_online')).body.error.code,
  'blind4-mssp-no-snapshot-404': async (call) => (await call(`/games/${withoutSnapshot.id}/mssp`)).status,
  'blind4-players-meta-dates-as-timestamps': async (call) =>
    (await call(`/games/${crawled.id}/players`)).body.meta.from,
  'blind4-players-meta-granularity-echo': async (call) =>
    (await call(`/games/${crawled.id}/players`)).body.meta.granularity,
  'blind4-players-leap-day-refused': async (call) =>
    (await call(`/games/${crawled.id}/players?from=2024-02-29&to=2024-03-01`)).status,
  'blind4-stats-weekly-refused': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics?resolution=weekly`)).status,
  'blind4-stats-1000-points-refused': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics?resolution=daily&from=${daysAgo(999)}&to=${TODAY}`))
      .status,
  'blind4-activity-malformed-date-500': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern?from=2026-13-01`)).status,
  'blind4-revoked-key-statistics-accepted': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics`, { key: KEYS.revoked })).status,
  'blind4-reviews-per-page-uncapped': async (call) => (await call('/reviews?per_page=100')).body.data.length,
  'blind4-reset-milliseconds': async (call) => (await call('/tags')).headers['x-ratelimit-reset'],
  'blind4-minute-limit-one-short': async (call) => (await sendTimes(call, 5, KEYS.low)).status,
};

describe('blind fault set 4', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind4', 20, BLIND_FAULTS_4, WITNESSES, start);

  it('answers the witnesses of the boundary faults as the description says when no fault is on', async () => {
    const call = await start([]);
    expect((await call(`/games/${crawled.id}/players?from=2024-02-29&to=2024-03-01`)).status).toBe(200);
    expect(
      (
        await call(
          `/games/${statisticsReady.id}/statistics?resolution=daily&from=${daysAgo(999)}&to=${TODAY}`,
        )
      ).status,
    ).toBe(200);
    expect((await call(`/games/${crawled.id}/activity-pattern?from=2026-13-01`)).status).toBe(422);
    expect((await call(`/games/${withoutSnapshot.id}/mssp`)).body.meta.status).toBe('mssp_not_available');
    expect((await call('/reviews?per_page=100')).body.meta.per_page).toBe(50);
  });

  itWitnessesEach(BLIND_FAULTS_4, WITNESSES, start);
});

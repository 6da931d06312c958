/**
 * Witnesses of blind fault set 2 (set-2.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock; each fault
 * gets a fresh pair of servers, so rate-limit budgets start full on both.
 */
import { describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../../../fixtures/src/model.ts';
import { REVIEW_LISTING } from '../domain/review-query.ts';
import {
  TODAY,
  dataset,
  ids,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessServers,
  type Json,
  type Observe,
  active,
  archived,
  isActive,
  daysAgo,
  crawledAllWeek,
  witnessKeys,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_2, type BlindFault2Name } from './set-2.ts';

const KEYS = witnessKeys('blind2');

const activeReviews = dataset.reviews.filter((r) => isActive(r.gameId));

const adminDisabled = pick(
  archived.filter((g) => g.archiveReason === 'admin_disabled'),
  'game archived by an administrator',
);
const tagged = pick(
  active.filter((g) => Object.keys(g.categories).length > 0),
  'active game with a category tag',
);
const unratedReview = pick(
  activeReviews.filter((r) => r.rating === null),
  'unrated review of an active game',
);
const uneditedReview = pick(
  activeReviews.filter((r) => r.edited === null),
  'unedited review of an active game',
);
const archivedReview = pick(
  dataset.reviews.filter((r) => !isActive(r.gameId)),
  'review of an archived game',
);
/** An active game none of whose reviews is among the five newest listed reviews. */
const reviewedOffFirstPage = (() => {
  const newest = new Set(
    [...activeReviews]
      .sort((a: ReviewRecord, b: ReviewRecord) => REVIEW_LISTING.order(a, b))
      .slice(0, 5)
      .map((r) => r.gameId),
  );
  return pick(
    active.filter((g) => !newest.has(g.id) && activeReviews.some((r) => r.gameId === g.id)),
    'reviewed game off the first page',
  );
})();
const languageTag = (() => {
  const group = dataset.taxonomy.groups.find((g) => g.key === 'language')!;
  return pick(
    group.values.filter((tag) => active.some((g) => g.categories.language === tag.id)),
    'language tag in use',
  );
})();
const msspGame = pick(
  active.filter(
    (g) => !g.webOnly && g.msspRaw !== null && g.msspCollectedAt !== null && g.msspRaw.ANSI !== undefined,
  ),
  'active game with a snapshot reporting ANSI',
);
/** An active game crawled successfully all through the last week (samples every 30 minutes). */
const crawled = crawledAllWeek(400);
const statisticsReady = pick(
  active.filter((g) => g.statisticsState === 'ready' && g.crawlStart !== null),
  'game with statistics ready',
);
const statisticsPending = pick(
  dataset.games.filter((g) => g.statisticsState === 'pending_long_ranges'),
  'game with pending statistics',
);
const statisticsUnavailable = pick(
  dataset.games.filter((g) => g.statisticsState === 'unavailable'),
  'game with unavailable statistics',
);

/** A word of an active game's name with its second letter replaced by `_` (a LIKE wildcard). */
function underscoredWord(): string {
  for (const game of active) {
    for (const word of game.name.toLowerCase().split(/[^a-z]+/)) {
      if (word.length >= 5) return `${word[0]}_${word.slice(2)}`;
    }
  }
  throw new Error('no name word of five letters');
}

/** A link without its origin: the two servers of a witness listen on different ports. */
const pathOf = (link: string | undefined): string | undefined => {
  if (link === undefined) return undefined;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const WITNESSES: Record<BlindFault2Name, Observe> = {
  'blind2-meta-per-page-is-item-count': async (call) =>
    (await call('/games?per_page=50&page=100')).body.meta.per_page,
  'blind2-meta-page-as-text': async (call) => (await call('/games?page=2&per_page=5')).body.meta.page,
  'blind2-next-page-string-concat': async (call) =>
    pathOf((await call('/games?page=2&per_page=5')).body.links.next),
  'blind2-links-collapse-repeated-params': async (call) =>
    pathOf((await call('/games?theme_tag_id[]=153&theme_tag_id[]=154&per_page=5')).body.links.self),
  'blind2-admin-disabled-reason-rewritten': async (call) =>
    (await call(`/games/${adminDisabled.id}`)).body.data.status.archive_reason,
  'blind2-listed-date-only': async (call) => (await call(`/games/${tagged.id}`)).body.data.dates.listed,
  'blind2-category-tag-group-id': async (call) =>
    (await call(`/games/${tagged.id}`)).body.data.tags.categories,
  'blind2-reviews-link-wrong-parameter': async (call) =>
    pathOf((await call(`/games/${tagged.id}`)).body.data.urls.reviews),
  'blind2-summary-custom-tags-empty': async (call) =>
    (await call('/games?per_page=50')).body.data.map((g: Json) => g.tags.custom),
  'blind2-review-rating-zero-when-unrated': async (call) =>
    (await call(`/reviews/${unratedReview.id}`)).body.data.rating,
  'blind2-review-edited-defaults-to-submitted': async (call) =>
    (await call(`/reviews/${uneditedReview.id}`)).body.data.dates.edited,
  'blind2-review-archived-game-name-null': async (call) =>
    (await call(`/reviews/${archivedReview.id}`)).body.data.game.name,
  'blind2-recently-online-nulls-first': async (call) =>
    ids(await call('/games?sort=recently_online&per_page=10')),
  'blind2-online-recently-reads-last-crawled': async (call) =>
    (await call('/games?online_recently=1')).body.meta.total,
  'blind2-recently-updated-reads-listed': async (call) =>
    (await call('/games?recently_updated=1')).body.meta.total,
  'blind2-language-filter-reads-location': async (call) =>
    (await call(`/games?language_tag_id[]=${languageTag.id}`)).body.meta.total,
  'blind2-q-underscore-wildcard': async (call) =>
    (await call(`/games?q=${encodeURIComponent(underscoredWord())}`)).body.meta.total,
  'blind2-empty-search-404': async (call) => (await call('/games?q=zzqxjvw')).status,
  'blind2-mssp-flags-as-numbers': async (call) =>
    (await call(`/games/${msspGame.id}/mssp`)).body.data.values.ansi,
  'blind2-mssp-game-id-as-text': async (call) => (await call(`/games/${msspGame.id}/mssp`)).body.meta.game_id,
  'blind2-mssp-collected-at-local-time': async (call) =>
    (await call(`/games/${msspGame.id}/mssp`)).body.data.collected_at,
  'blind2-players-default-from-relative-to-today': async (call) =>
    (await call(`/games/${crawled.id}/players?to=${daysAgo(60)}`)).status,
  'blind2-players-daily-limit-without-granularity': async (call) =>
    (await call(`/games/${crawled.id}/players?from=${daysAgo(199)}&to=${TODAY}`)).status,
  'blind2-players-date-lenient-parse': async (call) =>
    (await call(`/games/${crawled.id}/players?from=${daysAgo(5)}T00:00:00Z`)).status,
  'blind2-reviews-game-filter-after-paging': async (call) =>
    ids(await call(`/reviews?game_id=${reviewedOffFirstPage.id}&per_page=5`)),
  'blind2-reviews-sorted-by-last-edit': async (call) => ids(await call('/reviews?per_page=50')),
  'blind2-tags-bare-array': async (call) => Array.isArray((await call('/tags')).body),
  'blind2-stats-raw-two-days-accepted': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics?resolution=raw&from=${daysAgo(3)}&to=${daysAgo(2)}`))
      .status,
  'blind2-stats-unknown-metric-players': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics?metric=visitors`)).status,
  'blind2-stats-pending-reported-unavailable': async (call) =>
    (await call(`/games/${statisticsPending.id}/statistics?from=${daysAgo(199)}&to=${TODAY}`)).body.error
      .code,
  'blind2-activity-ignores-unavailable': async (call) =>
    (await call(`/games/${statisticsUnavailable.id}/activity-pattern`)).status,
  'blind2-activity-timezone-sign-inverted': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern?timezone=Asia/Tokyo`)).body.data.map((cell: Json) => [
      cell.count,
      cell.average,
    ]),
  'blind2-activity-default-range-90-days': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern`)).body.meta.from,
  'blind2-key-case-insensitive': async (call) =>
    (await call('/tags', { authorization: `Bearer ${KEYS.high.key.toUpperCase()}` })).status,
  'blind2-realm-without-api-suffix': async (call) =>
    (await call('/tags', { key: null })).headers['www-authenticate'],
  'blind2-route-not-found-flat-error': async (call) => (await call('/no-such-route')).body.error,
  'blind2-game-not-found-html-content-type': async (call) =>
    (await call('/games/999999')).headers['content-type'],
  'blind2-429-without-request-id': async (call) =>
    (await sendTimes(call, 6, KEYS.low)).headers['x-request-id'] === undefined,
  'blind2-remaining-negative-on-429': async (call) =>
    (await sendTimes(call, 6, KEYS.low)).headers['x-ratelimit-remaining'],
  'blind2-reset-minute-start': async (call) => (await call('/tags')).headers['x-ratelimit-reset'],
  'blind2-limits-counted-per-client': async (call) => {
    await sendTimes(call, 5, KEYS.high);
    return (await call('/tags', { key: KEYS.low })).status;
  },
};

describe('blind fault set 2', () => {
  const start = witnessServers(Object.values(KEYS));

  it('has at least 36 faults, each named blind2-… once, each with a witness', () => {
    const names = BLIND_FAULTS_2.map((fault) => fault.name);
    expect(names.length).toBeGreaterThanOrEqual(36);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !/^blind2-[a-z0-9]+(-[a-z0-9]+)*$/.test(name))).toEqual([]);
    expect(Object.keys(WITNESSES).sort()).toEqual([...names].sort());
  });

  it('accepts its names beside set 1 and the main catalogue', async () => {
    await expect(start(['blind2-tags-bare-array', 'blind-revoked-key-403'])).resolves.toBeTypeOf('function');
  });

  itWitnessesEach(BLIND_FAULTS_2, WITNESSES, start);
});

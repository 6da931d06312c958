/**
 * Witnesses of blind fault set 1 (set-1.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock; each fault
 * gets a fresh pair of servers, so rate-limit budgets start full on both.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
  DAY,
  TODAY,
  dataset,
  date,
  ids,
  itWitnessesEach,
  pick,
  sendTimes,
  witnessServers,
  type Json,
  type Observe,
  active,
  archived,
  crawledAllWeek,
  witnessKeys,
} from './testing/witness-harness.ts';
import { BLIND_FAULTS_1, type BlindFaultName } from './set-1.ts';

const KEYS = witnessKeys('blind');

const reviewsOf = (game: GameRecord): ReviewRecord[] => dataset.reviews.filter((r) => r.gameId === game.id);
const isArchived = (id: number) => dataset.games.find((g) => g.id === id)!.archiveReason !== null;

const unratedGame = pick(
  active.filter((g) => reviewsOf(g).every((r) => r.rating === null)),
  'active game without a rated review',
);
const partlyRatedGame = pick(
  active.filter((g) => reviewsOf(g).some((r) => r.rating === null)),
  'active game with an unrated review',
);
const nonConnectivity = pick(
  archived.filter((g) => g.archiveReason === 'non_connectivity'),
  'game archived for non-connectivity',
);
const archivedWithReviews = pick(
  archived.filter((g) => reviewsOf(g).length > 0),
  'archived game with reviews',
);
const archivedWithSnapshot = pick(
  archived.filter((g) => g.msspCollectedAt !== null),
  'archived game with a snapshot',
);
const webOnly = pick(
  active.filter((g) => g.webOnly),
  'web-only game',
);
const activeReviewed = pick(
  active.filter((g) => reviewsOf(g).length > 0),
  'active game with reviews',
);
const editedReview = pick(
  dataset.reviews.filter((r) => r.edited !== null && !isArchived(r.gameId)),
  'edited review',
);
const archivedReview = pick(
  dataset.reviews.filter((r) => isArchived(r.gameId)),
  'review of an archived game',
);
/** An active game crawled successfully all through the last week (samples every 30 minutes). */
const crawled = crawledAllWeek(100);
const statisticsReady = pick(
  active.filter((g) => g.statisticsState === 'ready'),
  'game with statistics ready',
);

/** A word of a game's intro found in no game's name or description, but some game's intro. */
function introOnlyWord(): string {
  for (const game of active) {
    for (const word of game.intro.toLowerCase().split(/[^a-z]+/)) {
      if (word.length < 5) continue;
      const elsewhere = active.some(
        (g) => g.name.toLowerCase().includes(word) || g.description.toLowerCase().includes(word),
      );
      if (!elsewhere) return word;
    }
  }
  throw new Error('no intro-only word in the test dataset');
}

/** Two words of one game's name (for a tab-separated search). */
function twoNameWords(): [string, string] {
  for (const game of active) {
    const words = game.name.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
    if (words.length >= 2) return [words[0]!, words[1]!];
  }
  throw new Error('no game name of two words');
}

const WITNESSES: Record<BlindFaultName, Observe> = {
  'blind-self-link-without-page': async (call) => (await call('/games?per_page=5')).body.links.self,
  'blind-next-link-floor-last-page': async (call) => {
    const total: number = (await call('/games?per_page=1')).body.meta.total;
    const perPage = [7, 11, 13, 17].find((n) => total % n !== 0 && total > 2 * n)!;
    const page = Math.floor(total / perPage); // the page before the partial last one
    return (await call(`/games?per_page=${perPage}&page=${page}`)).body.links.next !== undefined;
  },
  'blind-previous-missing-on-last-page': async (call) => {
    const total: number = (await call('/games?per_page=1')).body.meta.total;
    const last = Math.ceil(total / 50);
    return (await call(`/games?per_page=50&page=${last}`)).body.links.previous !== undefined;
  },
  'blind-average-rating-zero-without-ratings': async (call) =>
    (await call(`/games/${unratedGame.id}`)).body.data.reviews.average_rating,
  'blind-rating-count-includes-unrated': async (call) =>
    (await call(`/games/${partlyRatedGame.id}`)).body.data.reviews.rating_count,
  'blind-non-connectivity-reason-null': async (call) =>
    (await call(`/games/${nonConnectivity.id}`)).body.data.status.archive_reason,
  'blind-detail-mssp-port-omitted-when-null': async (call) =>
    'mssp_port' in (await call(`/games/${webOnly.id}`)).body.data.connection,
  'blind-summary-self-link-slug': async (call) => (await call('/games?per_page=3')).body.data[0].urls.self,
  'blind-review-edited-offset-format': async (call) =>
    (await call(`/reviews/${editedReview.id}`)).body.data.dates.edited,
  'blind-review-game-archived-false': async (call) =>
    (await call(`/reviews/${archivedReview.id}`)).body.data.game.archived,
  'blind-review-body-html': async (call) => (await call(`/reviews/${editedReview.id}`)).body.data.body,
  'blind-archived-in-has-reviews-total': async (call) => (await call('/games?has_reviews=1')).body.meta.total,
  'blind-reviews-archived-game-id-listed': async (call) =>
    (await call(`/reviews?game_id=${archivedWithReviews.id}`)).body.meta.total,
  'blind-mssp-archived-not-available': async (call) =>
    (await call(`/games/${archivedWithSnapshot.id}/mssp`)).body.meta.status,
  'blind-q-ignores-intro': async (call) =>
    (await call(`/games?q=${encodeURIComponent(introOnlyWord())}`)).body.meta.total,
  'blind-q-split-on-space-only': async (call) => {
    const [a, b] = twoNameWords();
    return (await call(`/games?q=${encodeURIComponent(`${a}\t${b}`)}`)).body.meta.total;
  },
  'blind-top-voted-ignored-with-tag-filter': async (call) => {
    const reply = await call('/games?sort=top_voted&theme_tag_id[]=153&theme_tag_id[]=154&per_page=50');
    return reply.body.data.map((g: Json) => g.ranking.monthly_votes);
  },
  'blind-recently-updated-31-days': async (call) => (await call('/games?recently_updated=1')).body.meta.total,
  'blind-has-reviews-requires-rating': async (call) => ids(await call('/games?has_reviews=1&per_page=50')),
  'blind-recently-updated-zero-accepted': async (call) => (await call('/games?recently_updated=0')).status,
  'blind-tag-id-zero-accepted': async (call) => (await call('/games?theme_tag_id[]=0')).status,
  'blind-connection-type-unknown-is-all': async (call) =>
    (await call('/games?connection_type=telnet')).status,
  'blind-web-only-online-recently-with-q-accepted': async (call) =>
    (await call('/games?connection_type=web_only&online_recently=1&q=the')).status,
  'blind-per-page-50-refused': async (call) => (await call('/games?per_page=50')).status,
  'blind-playcount-filter-ignored': async (call) =>
    (await call('/games?playcount_tag_id[]=137')).body.meta.total,
  'blind-players-from-after-to-empty': async (call) =>
    (await call(`/games/${crawled.id}/players?from=${TODAY}&to=${date(ANCHOR_SECONDS - 5 * DAY)}`)).status,
  'blind-players-unknown-granularity-daily': async (call) =>
    (await call(`/games/${crawled.id}/players?granularity=hourly`)).status,
  'blind-players-range-local-midnight': async (call) => {
    const day = date(ANCHOR_SECONDS - 3 * DAY);
    return (await call(`/games/${crawled.id}/players?granularity=raw&from=${day}&to=${day}`)).body.data[0]
      .recorded_at;
  },
  'blind-daily-average-truncated': async (call) =>
    (await call(`/games/${crawled.id}/players?granularity=daily`)).body.data.map((d: Json) => d.players),
  'blind-raw-range-90-refused': async (call) =>
    (
      await call(
        `/games/${crawled.id}/players?granularity=raw&from=${date(ANCHOR_SECONDS - 89 * DAY)}&to=${TODAY}`,
      )
    ).status,
  'blind-players-unknown-game-route-not-found': async (call) =>
    (await call('/games/999999/players')).body.error.code,
  'blind-reviews-total-ignores-game-filter': async (call) =>
    (await call(`/reviews?game_id=${activeReviewed.id}`)).body.meta.total,
  'blind-reviews-per-page-capped-20': async (call) => (await call('/reviews?per_page=30')).body.data.length,
  'blind-tag-ids-positional': async (call) =>
    (await call('/tags')).body.data.map((group: Json) => group.values.map((tag: Json) => tag.id)),
  'blind-statistics-date-error-code': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics?from=2026-02-30`)).body.error.code,
  'blind-empty-credentials-authentication-required': async (call) =>
    (await call('/tags', { authorization: 'Bearer' })).body.error.code,
  'blind-revoked-key-403': async (call) => (await call('/tags', { key: KEYS.revoked })).status,
  'blind-invalid-key-challenge-without-realm': async (call) =>
    (await call('/tags', { authorization: 'Bearer not-a-key' })).headers['www-authenticate'],
  'blind-key-extra-suffix-accepted': async (call) =>
    (await call('/tags', { authorization: `Bearer ${KEYS.high.key}x` })).status,
  'blind-other-scheme-accepted': async (call) =>
    (await call('/tags', { authorization: `Token ${KEYS.high.key}` })).status,
  'blind-422-without-rate-limit-headers': async (call) =>
    (await call('/games?connection_type=telnet')).headers['x-ratelimit-limit'] ?? null,
  'blind-405-allow-get-head': async (call) => (await call('/games', { method: 'POST' })).headers.allow,
  'blind-remaining-counted-before-request': async (call) =>
    (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-remaining'],
  'blind-reset-minute-when-day-binds': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-reset'],
  'blind-limit-header-binding-limit': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-limit'],
  'blind-retry-after-milliseconds': async (call) =>
    (await sendTimes(call, 6, KEYS.low)).headers['retry-after'],
  'blind-429-plain-text-body': async (call) => (await sendTimes(call, 6, KEYS.low)).body?.error?.code ?? null,
  'blind-day-limit-off-by-one': async (call) => (await sendTimes(call, 4, KEYS.dayLimited)).status,
};

describe('blind fault set 1', () => {
  const start = witnessServers(Object.values(KEYS));

  it('has at least 32 faults, each named blind-… once, each with a witness', () => {
    const names = BLIND_FAULTS_1.map((fault) => fault.name);
    expect(names.length).toBeGreaterThanOrEqual(32);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !/^blind-[a-z0-9]+(-[a-z0-9]+)*$/.test(name))).toEqual([]);
    expect(Object.keys(WITNESSES).sort()).toEqual([...names].sort());
  });

  it('refuses an unknown blind name', async () => {
    await expect(start(['blind-no-such-fault'])).rejects.toThrow(/Unknown fault: blind-no-such-fault/);
  });

  itWitnessesEach(BLIND_FAULTS_1, WITNESSES, start);
});

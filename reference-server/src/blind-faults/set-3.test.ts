/**
 * Witnesses of blind fault set 3 (set-3.ts): for every blind fault, one request (or a few)
 * whose answer differs between a server with that fault on and the faultless server, in
 * status, header or body. Responses are read raw (a faulty server breaks the spec). The
 * servers run in-process on the shared small test dataset with a frozen clock; each fault
 * gets a fresh pair of servers, so rate-limit budgets start full on both. One witness sends a
 * header of its own (`X-API-Key`, CallOptions.headers).
 */
import { describe } from 'vitest';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { latestPlayers } from '../../../fixtures/src/samples.ts';
import { ANCHOR_SECONDS } from '../../test/harness.ts';
import {
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
import { BLIND_FAULTS_3, type BlindFault3Name } from './set-3.ts';

const KEYS = witnessKeys('blind3');
const reviewCount = (game: GameRecord) => dataset.reviews.filter((r) => r.gameId === game.id).length;

const mudClientGame = pick(
  active.filter((g) => !g.webOnly && g.tlsPort !== null),
  'active game with a TLS port',
);
const unwatched = pick(
  active.filter((g) => g.watcherCount === 0),
  'active game without watchers',
);
const neverReached = pick(
  active.filter((g) => !g.webOnly && latestPlayers(g, ANCHOR_SECONDS) === null),
  'active game never reached',
);
const unreviewed = pick(
  active.filter((g) => reviewCount(g) === 0),
  'active game without reviews',
);
const unaffiliatedReview = pick(
  dataset.reviews.filter((r) => r.authorAffiliation === null && isActive(r.gameId)),
  'review without affiliation',
);
const webOnlyWithSnapshot = pick(
  active.filter((g) => g.webOnly && g.msspCollectedAt !== null),
  'web-only game with a snapshot',
);
const archivedGame = pick(archived, 'archived game');
const themeTag = (() => {
  const group = dataset.taxonomy.groups.find((g) => g.key === 'theme')!;
  return pick(
    group.values.filter((tag) => active.some((g) => g.categories.theme === tag.id)),
    'theme tag in use',
  );
})();
/** An active game crawled successfully all through the last week (samples every 30 minutes). */
const crawled = crawledAllWeek(100);
const statisticsReady = pick(
  active.filter((g) => g.statisticsState === 'ready' && g.crawlStart !== null),
  'game with statistics ready',
);

/** Two words of one active game: the first only in its name, the second only in its description. */
function splitTerms(): [string, string] {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 5);
  for (const game of active) {
    const [name, intro, description] = [game.name, game.intro, game.description].map((t) => t.toLowerCase());
    const inName = words(game.name).find((w) => !intro!.includes(w) && !description!.includes(w));
    const inDescription = words(game.description).find((w) => !name!.includes(w) && !intro!.includes(w));
    if (inName !== undefined && inDescription !== undefined) return [inName, inDescription];
  }
  throw new Error('no game with a name-only and a description-only word');
}

/** A link without its origin: the two servers of a witness listen on different ports. */
const pathOf = (link: string | undefined): string | undefined => {
  if (link === undefined) return undefined;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const WITNESSES: Record<BlindFault3Name, Observe> = {
  'blind3-json-php-plain-text-gone': async (call) => (await call('/json.php')).headers['content-type'],
  'blind3-total-zero-on-empty-page': async (call) => (await call('/games?page=1000')).body.meta.total,
  'blind3-links-drop-bare-tag-param': async (call) =>
    pathOf((await call(`/games?theme_tag_id=${themeTag.id}&per_page=5`)).body.links.self),
  'blind3-reviews-total-as-text': async (call) => (await call('/reviews')).body.meta.total,
  'blind3-created-postgres-text': async (call) =>
    (await call(`/games/${mudClientGame.id}`)).body.data.dates.created,
  'blind3-banner-relative-path': async (call) =>
    (await call(`/games/${mudClientGame.id}`)).body.data.urls.banner,
  'blind3-detail-self-without-prefix': async (call) =>
    pathOf((await call(`/games/${mudClientGame.id}`)).body.data.urls.self),
  'blind3-tls-port-as-text': async (call) =>
    (await call(`/games/${mudClientGame.id}`)).body.data.connection.tls_port,
  'blind3-active-archive-reason-empty': async (call) =>
    (await call(`/games/${mudClientGame.id}`)).body.data.status.archive_reason,
  'blind3-watcher-count-omitted-when-zero': async (call) =>
    'watcher_count' in (await call(`/games/${unwatched.id}`)).body.data,
  'blind3-latest-players-zero-when-unknown': async (call) =>
    (await call(`/games/${neverReached.id}`)).body.data.status.latest_players,
  'blind3-detail-reviews-link-omitted-without-reviews': async (call) =>
    pathOf((await call(`/games/${unreviewed.id}`)).body.data.urls.reviews),
  'blind3-review-affiliation-empty-string': async (call) =>
    (await call(`/reviews/${unaffiliatedReview.id}`)).body.data.author.affiliation,
  'blind3-mssp-web-only-suppressed': async (call) =>
    (await call(`/games/${webOnlyWithSnapshot.id}/mssp`)).body.meta.status,
  'blind3-players-archived-404': async (call) => (await call(`/games/${archivedGame.id}/players`)).status,
  'blind3-q-terms-same-field': async (call) =>
    ids(await call(`/games?q=${encodeURIComponent(splitTerms().join(' '))}&per_page=50`)),
  'blind3-explicit-last-updated-ascending': async (call) =>
    ids(await call('/games?sort=last_updated&per_page=5')),
  'blind3-connection-type-all-refused': async (call) => (await call('/games?connection_type=all')).status,
  'blind3-has-reviews-ignored-with-q': async (call) =>
    (await call('/games?q=a&has_reviews=1')).body.meta.total,
  'blind3-non-numeric-tag-id-ignored': async (call) => (await call('/games?theme_tag_id[]=abc')).status,
  'blind3-offset-uses-default-per-page': async (call) => ids(await call('/games?per_page=5&page=2')),
  'blind3-web-only-online-recently-400': async (call) =>
    (await call('/games?connection_type=web_only&online_recently=1')).status,
  'blind3-game-id-int32-overflow-500': async (call) => (await call('/games/3000000000')).status,
  'blind3-game-subpath-game-not-found': async (call) =>
    (await call(`/games/${mudClientGame.id}/screenshots`)).body.error.code,
  'blind3-players-default-to-yesterday': async (call) =>
    (await call(`/games/${crawled.id}/players`)).body.meta.to,
  'blind3-daily-recorded-at-date-only': async (call) =>
    (await call(`/games/${crawled.id}/players`)).body.data[0].recorded_at,
  'blind3-players-single-day-refused': async (call) =>
    (await call(`/games/${crawled.id}/players?from=${daysAgo(3)}&to=${daysAgo(3)}`)).status,
  'blind3-reviews-total-counts-archived': async (call) => (await call('/reviews')).body.meta.total,
  'blind3-tags-skip-rate-limit': async (call) => (await call('/tags')).headers['x-ratelimit-limit'] ?? null,
  'blind3-stats-date-milliseconds': async (call) =>
    (await call(`/games/${statisticsReady.id}/statistics`)).body.data[0].date,
  'blind3-activity-default-zone-server-local': async (call) =>
    (await call(`/games/${crawled.id}/activity-pattern`)).body.data.map((cell: Json) => [
      cell.count,
      cell.average,
    ]),
  'blind3-x-api-key-header-accepted': async (call) =>
    (await call('/tags', { key: null, headers: { 'x-api-key': KEYS.high.key } })).status,
  'blind3-revoked-key-authentication-required': async (call) =>
    (await call('/tags', { key: KEYS.revoked })).body.error.code,
  'blind3-405-without-rate-limit-headers': async (call) =>
    (await call('/games', { method: 'POST' })).headers['x-ratelimit-limit'] ?? null,
  'blind3-retry-after-http-date': async (call) => (await sendTimes(call, 6, KEYS.low)).headers['retry-after'],
  'blind3-remaining-day-only': async (call) =>
    (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-remaining'],
  'blind3-day-window-local-midnight': async (call) =>
    (await call('/tags', { key: KEYS.dayLimited })).headers['x-ratelimit-reset'],
  'blind3-failed-requests-not-counted': async (call) => {
    await call('/games/999999', { key: KEYS.low });
    return (await call('/tags', { key: KEYS.low })).headers['x-ratelimit-remaining'];
  },
};

describe('blind fault set 3', () => {
  const start = witnessServers(Object.values(KEYS));

  itCatalogues('blind3', 32, BLIND_FAULTS_3, WITNESSES, start);

  itWitnessesEach(BLIND_FAULTS_3, WITNESSES, start);
});

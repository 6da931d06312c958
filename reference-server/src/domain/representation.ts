/**
 * Domain records → the API's JSON representations (§2; DECISIONS D1, D2, D4, D5,
 * D23, D41). Types come from the spec (spec/generated), never written twice.
 */
import type { GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS, type CategoryKey } from '../../../fixtures/src/model.ts';
import { lastCrawled, lastSuccessfulConnect, latestPlayers } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import { NO_VARIANTS, type VariantSet } from '../variants.ts';
import { ONLINE_RECENTLY_SECONDS, type GameIndex } from './game-index.ts';
import { formatUtcTimestamp } from './utc-format.ts';

export type GameSummary = components['schemas']['GameSummary'];
export type GameDetail = components['schemas']['GameDetail'];
export type ReviewSummary = components['schemas']['ReviewSummary'];
export type ReviewDetail = components['schemas']['ReviewDetail'];
type TagReference = components['schemas']['TagReference'];

/** The service's public site, home of the listing pages (`urls.mudverse`, D1). */
export const LISTING_ORIGIN = 'https://mudverse.example';

export interface RepresentationContext {
  /** Absolute API base of this request, e.g. `http://127.0.0.1:8080/api/v1` (D40). */
  apiBase: string;
  /** The injected clock, epoch seconds. */
  now: number;
  index: GameIndex;
  faults?: FaultSet;
  variants?: VariantSet;
}

function timestamp(epochSeconds: number | null, faults: FaultSet): string | null {
  if (epochSeconds === null) return null;
  // §1.4: `YYYY-MM-DDThh:mm:ssZ`, no fraction.
  return faults.has('timestamps-with-millis')
    ? new Date(epochSeconds * 1000).toISOString()
    : formatUtcTimestamp(epochSeconds);
}

function listingUrl(game: GameRecord): string {
  return `${LISTING_ORIGIN}/games/${encodeURIComponent(game.slug)}`;
}

/** Where to play (§2 rules 1 and 2): nothing when archived, the website when web-only, else the telnet address. */
function playUrl(game: GameRecord, faults: FaultSet): string | null {
  if (game.archiveReason !== null && !faults.has('archived-play-not-null')) return null;
  if (game.webOnly) return faults.has('web-only-play-null') ? null : game.website;
  if (game.host === null) return null;
  return game.port === null ? `telnet://${game.host}` : `telnet://${game.host}:${game.port}`;
}

/** D2: a category's key is its filter prefix (`rp_status` for `rp_status_tag_id[]`). */
function categoryKey(key: CategoryKey, context: RepresentationContext, faults: FaultSet): string {
  if (!faults.has('category-keys-from-group-names')) return key;
  // The group's display name, snake-cased: "Roleplaying status" → roleplaying_status.
  const group = context.index.dataset.taxonomy.groups.find((g) => g.key === key);
  return (group?.name ?? key).toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

function tagReference(context: RepresentationContext, id: number): TagReference {
  return { id, name: context.index.tag(id)?.name ?? '' };
}

/**
 * "Confirmed online" = reached within the online_recently window (48 h, §8), the same
 * test as the `online_recently=1` filter, so the flag and the filter always agree.
 * §2 rule 1: never for archived games.
 */
function confirmedOnline(
  archived: boolean,
  lastConnect: number | null,
  now: number,
  faults: FaultSet,
): boolean {
  // The flag as the last successful crawl left it, never cleared on archiving.
  if (archived && faults.has('archived-confirmed-online')) return lastConnect !== null;
  return !archived && lastConnect !== null && lastConnect >= now - ONLINE_RECENTLY_SECONDS;
}

function status(
  game: GameRecord,
  now: number,
  faults: FaultSet,
  variants: VariantSet,
): GameSummary['status'] {
  const archived = game.archiveReason !== null;
  // D5: websites are not connection-tested (§4 rule 3).
  const lastConnect = game.webOnly ? null : lastSuccessfulConnect(game, now);
  // Variant `web-only-keeps-last-crawled`: the crawler still visits a web-only game for its MSSP
  // snapshot, so its last crawl is when that snapshot was collected.
  let crawledAt = game.webOnly ? null : lastCrawled(game, now);
  if (game.webOnly && variants.has('web-only-keeps-last-crawled')) crawledAt = game.msspCollectedAt;
  return {
    archived,
    archive_reason: game.archiveReason,
    web_only: game.webOnly,
    last_crawled: timestamp(crawledAt, faults),
    last_successful_connect: timestamp(lastConnect, faults),
    confirmed_online: confirmedOnline(archived, lastConnect, now, faults),
    // D4: a web-only game's current MSSP summary fields are suppressed.
    latest_players: game.webOnly ? null : latestPlayers(game, now),
    mssp_collected_at: timestamp(game.webOnly ? null : game.msspCollectedAt, faults),
  };
}

/** §2 rule 2: a web-only game has no connection values. */
function connection(game: GameRecord, faults: FaultSet): GameSummary['connection'] {
  if (game.webOnly && faults.has('web-only-connection-present') && game.website !== null) {
    return { host: new URL(game.website).hostname, port: 443, tls_port: 443, mssp_port: null };
  }
  return game.webOnly
    ? { host: null, port: null, tls_port: null, mssp_port: null }
    : { host: game.host, port: game.port, tls_port: game.tlsPort, mssp_port: game.msspPort };
}

/** D1: the listing page under `mudverse`; variant `listing-url-key-listing` names it `listing` (§2: "the service"). */
function listingKey(urls: GameSummary['urls'], variants: VariantSet): GameSummary['urls'] {
  if (!variants.has('listing-url-key-listing')) return urls;
  const { mudverse, ...rest } = urls;
  return { ...rest, listing: mudverse } as unknown as GameSummary['urls'];
}

export function gameSummary(game: GameRecord, context: RepresentationContext): GameSummary {
  const { apiBase, index, now, faults = NO_FAULTS, variants = NO_VARIANTS } = context;
  const self = `${apiBase}/games/${game.id}`;
  const stats = index.reviewStats(game.id);
  const categories: GameSummary['tags']['categories'] = {};
  for (const key of CATEGORY_KEYS) {
    const id = game.categories[key];
    if (id !== undefined) categories[categoryKey(key, context, faults)] = tagReference(context, id);
  }
  return {
    id: game.id,
    name: game.name,
    intro: game.intro,
    urls: listingKey(
      {
        self,
        mudverse: listingUrl(game),
        website: game.website,
        discord: game.discord,
        banner: game.banner,
        play: playUrl(game, faults),
        mssp: `${self}/mssp`,
        players: `${self}/players`,
        reviews: `${apiBase}/reviews?game_id=${game.id}`,
      },
      variants,
    ),
    connection: connection(game, faults),
    ranking: {
      // §2 rule 1 and D23: archived games are unranked (GameIndex ranks active games only).
      rank: index.rank(game.id),
      monthly_votes: game.monthlyVotes,
    },
    reviews: { count: stats.count, average_rating: stats.averageRating, rating_count: stats.ratingCount },
    tags: { categories, custom: game.customTags.map((id) => tagReference(context, id)) },
    dates: {
      created: timestamp(game.created, faults),
      listed: timestamp(game.listed, faults),
      updated: timestamp(game.updated, faults),
    },
    status: status(game, now, faults, variants),
  };
}

export function gameDetail(game: GameRecord, context: RepresentationContext): GameDetail {
  const faults = context.faults ?? NO_FAULTS;
  const summary = gameSummary(game, context);
  if (faults.has('detail-name-differs')) summary.name = summary.name.toUpperCase();
  // §2: the detail form of urls has mssp, players and reviews.
  if (faults.has('detail-missing-mssp-link')) delete summary.urls.mssp;
  return { ...summary, description: game.description, watcher_count: game.watcherCount };
}

export function reviewSummary(review: ReviewRecord, context: RepresentationContext): ReviewSummary {
  const faults = context.faults ?? NO_FAULTS;
  const game = context.index.game(review.gameId);
  const gameListing = game ? listingUrl(game) : `${LISTING_ORIGIN}/games/${review.gameId}`;
  return {
    id: review.id,
    title: review.title,
    rating: review.rating,
    author: { display_name: review.authorDisplayName, affiliation: review.authorAffiliation },
    game: { id: review.gameId, name: game?.name ?? '', archived: game ? game.archiveReason !== null : false },
    dates: { submitted: timestamp(review.submitted, faults), edited: timestamp(review.edited, faults) },
    urls: {
      self: `${context.apiBase}/reviews/${review.id}`,
      mudverse: `${gameListing}/reviews/${review.id}`,
      game: `${context.apiBase}/games/${review.gameId}`,
    },
  };
}

export function reviewDetail(review: ReviewRecord, context: RepresentationContext): ReviewDetail {
  return { ...reviewSummary(review, context), body: review.body };
}

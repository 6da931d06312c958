/**
 * Domain records → the API's JSON representations (§2; DECISIONS D1, D2, D4, D5,
 * D23, D41). Types come from the spec (spec/generated), never written twice. The
 * deliberate faults and variants of these representations are applied to what is built
 * here, at the operation boundary (deviations/representation.ts).
 */
import type { GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import { lastCrawled, lastSuccessfulConnect, latestPlayers } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
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
}

/** §1.4: `YYYY-MM-DDThh:mm:ssZ`, no fraction. */
function timestamp(epochSeconds: number | null): string | null {
  return epochSeconds === null ? null : formatUtcTimestamp(epochSeconds);
}

function listingUrl(game: GameRecord): string {
  return `${LISTING_ORIGIN}/games/${encodeURIComponent(game.slug)}`;
}

/** Where a game is played: its website when web-only (§2 rule 2), else its telnet address. */
export function playAddress(game: GameRecord): string | null {
  if (game.webOnly) return game.website;
  if (game.host === null) return null;
  return game.port === null ? `telnet://${game.host}` : `telnet://${game.host}:${game.port}`;
}

/** Where to play (§2 rules 1 and 2): nothing when archived, else the play address. */
function playUrl(game: GameRecord): string | null {
  return game.archiveReason !== null ? null : playAddress(game);
}

function tagReference(context: Pick<RepresentationContext, 'index'>, id: number): TagReference {
  return { id, name: context.index.tag(id)?.name ?? '' };
}

/**
 * "Confirmed online" = reached within the online_recently window (48 h, §8), the same
 * test as the `online_recently=1` filter, so the flag and the filter always agree.
 * §2 rule 1: never for archived games.
 */
function confirmedOnline(archived: boolean, lastConnect: number | null, now: number): boolean {
  return !archived && lastConnect !== null && lastConnect >= now - ONLINE_RECENTLY_SECONDS;
}

/** The summary's `status`: the one part of a game's representation that moves with the clock. */
export function gameStatus(game: GameRecord, now: number): GameSummary['status'] {
  const archived = game.archiveReason !== null;
  // D5: websites are not connection-tested (§4 rule 3).
  const lastConnect = game.webOnly ? null : lastSuccessfulConnect(game, now);
  return {
    archived,
    archive_reason: game.archiveReason,
    web_only: game.webOnly,
    last_crawled: timestamp(game.webOnly ? null : lastCrawled(game, now)),
    last_successful_connect: timestamp(lastConnect),
    confirmed_online: confirmedOnline(archived, lastConnect, now),
    // D4: a web-only game's current MSSP summary fields are suppressed.
    latest_players: game.webOnly ? null : latestPlayers(game, now),
    mssp_collected_at: timestamp(game.webOnly ? null : game.msspCollectedAt),
  };
}

/** §2 rule 2: a web-only game has no connection values. */
function connection(game: GameRecord): GameDetail['connection'] {
  return game.webOnly
    ? { host: null, port: null, tls_port: null, mssp_port: null }
    : { host: game.host, port: game.port, tls_port: game.tlsPort, mssp_port: game.msspPort };
}

export function gameSummary(game: GameRecord, context: RepresentationContext): GameSummary {
  return gameFields(game, context);
}

/** The summary's fields, its links and connection already in their detail form (§2). */
function gameFields(
  game: GameRecord,
  context: RepresentationContext,
): GameSummary & Pick<GameDetail, 'urls' | 'connection'> {
  // `status` last: game-summary-json.ts writes the fields before it once per game.
  return { ...clockFreeFields(game, context), status: gameStatus(game, context.now) };
}

/** Every field of the summary but `status`, in order: what does not move with the clock. */
export function clockFreeFields(
  game: GameRecord,
  context: Omit<RepresentationContext, 'now'>,
): Omit<GameSummary & Pick<GameDetail, 'urls' | 'connection'>, 'status'> {
  const { apiBase, index } = context;
  const self = `${apiBase}/games/${game.id}`;
  const stats = index.reviewStats(game.id);
  // D2: a category's key is its filter prefix (`rp_status` for `rp_status_tag_id[]`).
  const categories: GameSummary['tags']['categories'] = {};
  for (const key of CATEGORY_KEYS) {
    const id = game.categories[key];
    if (id !== undefined) categories[key] = tagReference(context, id);
  }
  return {
    id: game.id,
    name: game.name,
    intro: game.intro,
    // D1: the listing page under `mudverse`.
    urls: {
      self,
      mudverse: listingUrl(game),
      website: game.website,
      discord: game.discord,
      banner: game.banner,
      play: playUrl(game),
      mssp: `${self}/mssp`,
      players: `${self}/players`,
      reviews: `${apiBase}/reviews?game_id=${game.id}`,
    },
    connection: connection(game),
    ranking: {
      // §2 rule 1 and D23: archived games are unranked (GameIndex ranks active games only).
      rank: index.rank(game.id),
      monthly_votes: game.monthlyVotes,
    },
    reviews: { count: stats.count, average_rating: stats.averageRating, rating_count: stats.ratingCount },
    tags: { categories, custom: game.customTags.map((id) => tagReference(context, id)) },
    dates: {
      created: timestamp(game.created),
      listed: timestamp(game.listed),
      updated: timestamp(game.updated),
    },
  };
}

export function gameDetail(game: GameRecord, context: RepresentationContext): GameDetail {
  return { ...gameFields(game, context), description: game.description, watcher_count: game.watcherCount };
}

export function reviewSummary(review: ReviewRecord, context: RepresentationContext): ReviewSummary {
  const game = context.index.game(review.gameId);
  const gameListing = game ? listingUrl(game) : `${LISTING_ORIGIN}/games/${review.gameId}`;
  return {
    id: review.id,
    title: review.title,
    rating: review.rating,
    author: { display_name: review.authorDisplayName, affiliation: review.authorAffiliation },
    game: { id: review.gameId, name: game?.name ?? '', archived: game ? game.archiveReason !== null : false },
    dates: { submitted: timestamp(review.submitted), edited: timestamp(review.edited) },
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

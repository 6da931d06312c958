/**
 * What the suite learns about a deployment before the checks run (types; the
 * discovery routine lives in this file once written). Everything here comes from
 * the server's own answers or from the user's hints — never from our fixtures.
 */
import type { components } from '../../../spec/generated/openapi.d.ts';

export type GameSummary = components['schemas']['GameSummary'];
export type GameDetail = components['schemas']['GameDetail'];
export type ReviewSummary = components['schemas']['ReviewSummary'];
export type ReviewDetail = components['schemas']['ReviewDetail'];
export type TagGroup = components['schemas']['TagGroup'];

export interface TagFilter {
  /** Filter parameter without brackets, e.g. `codebase_tag_id`. */
  param: string;
  group: TagGroup;
}

export interface Discovery {
  /** GET /tags. */
  tagGroups: TagGroup[];
  /** Tag groups mapped to their filter parameter (DECISIONS D3); unmapped groups are absent. */
  tagFilters: TagFilter[];
  /** `meta.total` of GET /games without filters. */
  totalActiveGames: number;
  /** Game summaries from the first pages of GET /games (a sample, possibly all). */
  games: GameSummary[];
  /** Ids of active games of each kind seen in `games`. */
  webOnlyGameIds: number[];
  mudClientGameIds: number[];
  /** Words (≥ 4 letters) taken from names and intros of `games`, with the game they came from. */
  words: Array<{ word: string; gameId: number }>;
  /** Review summaries from the first pages of GET /reviews. */
  reviews: ReviewSummary[];
  totalReviews: number;
  /** An archived game id: from the hint, or found through reviews of archived games; undefined if unknown. */
  archivedGameId?: number;
  /** A review of an archived game, when found. */
  archivedGameReviewId?: number;
  /** A game whose MSSP lookup said `mssp_not_available` (hint or probe). */
  gameWithoutMsspId?: number;
  /** A game whose MSSP lookup said `available`. */
  gameWithMsspId?: number;
  /** A game with a non-empty player history in the default range, if found. */
  gameWithPlayersId?: number;
  /** The rate-limit figures seen on the primary key's first response. */
  primaryLimit?: number;
  /** The server's clock, estimated from the `Date` header of the latest response (epoch ms). */
  serverNow(): number;
}

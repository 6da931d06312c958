/**
 * GET /reviews (§4; DECISIONS D19, D42, D43): public reviews newest first, archived
 * games' reviews excluded. The operation lists no 422, so bad paging values fall
 * back to the nearest valid one instead of failing.
 */
import type { Dataset, ReviewRecord } from '../../../fixtures/src/model.ts';
import { stableOrder } from '../../../fixtures/src/stable-order.ts';
import { ById, indexInAscending } from './by-id.ts';
import type { RawQuery } from './domain-result.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './game-query.ts';
import { parsePositiveInteger } from './strict-integer.ts';

export interface ReviewQuery {
  page: number;
  perPage: number;
  /** `any` = no game filter; `none` = a malformed `game_id`, which matches no game (D19). */
  game: number | 'any' | 'none';
}

export interface ReviewPage {
  total: number;
  reviews: ReviewRecord[];
}

/** A value given once; a repeated parameter counts as malformed. */
function single(query: RawQuery, name: string): string | undefined | null {
  const value = query[name];
  return Array.isArray(value) ? null : value;
}

/** Any decimal integer (for clamping); undefined when the text is not one. */
function integer(text: string): number | undefined {
  return /^(0|-?[1-9][0-9]*)$/.test(text) ? Number(text) : undefined;
}

export function parseReviewQuery(query: RawQuery): ReviewQuery {
  const pageText = single(query, 'page');
  // D19: page < 1 or malformed → 1.
  const page =
    (pageText === undefined || pageText === null ? undefined : parsePositiveInteger(pageText)) ?? 1;

  // D19: per_page < 1 → 1, > 50 → 50, malformed → 20.
  const perPageText = single(query, 'per_page');
  const perPageValue = typeof perPageText === 'string' ? integer(perPageText) : undefined;
  const perPage =
    perPageValue === undefined ? DEFAULT_PER_PAGE : Math.min(MAX_PER_PAGE, Math.max(1, perPageValue));

  const gameText = single(query, 'game_id');
  let game: ReviewQuery['game'] = 'any';
  if (gameText !== undefined)
    game = (gameText === null ? undefined : parsePositiveInteger(gameText)) ?? 'none';

  return { page, perPage, game };
}

/** Which reviews GET /reviews lists, and in what order; REVIEW_LISTING is §4's and D43's. */
export interface ReviewListing {
  /** Whether the collection lists a review, given whether its game is active (listed, not archived). */
  lists(review: ReviewRecord, gameActive: boolean): boolean;
  /** The collection's order, as a comparator. */
  order(a: ReviewRecord, b: ReviewRecord): number;
}

export const REVIEW_LISTING: ReviewListing = {
  // §4 GET /reviews: archived games' reviews are excluded.
  lists: (_review, gameActive) => gameActive,
  // D43: submitted desc, ties by id desc.
  order: (a, b) => b.submitted - a.submitted || b.id - a.id,
};

/** The listing's structures (ReviewIndex builds them once, when first needed). */
interface ReviewListingIndex {
  /** Reviews of active games, in the listing order (newest first). */
  listed: ReviewRecord[];
  /** The same reviews grouped by game (ids ascending), each group in the listing order. */
  byGame: ReviewRecord[];
  /** The games of the groups (ascending), and where each group starts in byGame; the last start is the end. */
  groupGames: number[];
  groupStarts: number[];
}

export class ReviewIndex {
  /** Every review, archived games' included, by id. */
  private readonly byId: ById<ReviewRecord>;
  private listingIndex: ReviewListingIndex | undefined;

  constructor(
    private readonly dataset: Dataset,
    private readonly listing: ReviewListing = REVIEW_LISTING,
  ) {
    // §4 GET /reviews/{reviewId}: every review by id, archived games' included.
    this.byId = new ById(dataset.reviews);
  }

  /**
   * The listing's order and groups: built by the first request listing reviews, or earlier by
   * the server's background build right after it starts listening (41-48 ms at 100,000 games).
   */
  build(): ReviewListingIndex {
    if (this.listingIndex) return this.listingIndex;
    const { dataset, listing } = this;
    const activeGames = new Set(dataset.games.filter((g) => g.archiveReason === null).map((g) => g.id));
    const listed = dataset.reviews
      .filter((review) => listing.lists(review, activeGames.has(review.gameId)))
      .sort((a, b) => listing.order(a, b));
    // A stable sort: within a game, the listing order stays.
    const gameIds = new Float64Array(listed.length);
    listed.forEach((review, i) => (gameIds[i] = review.gameId));
    const byGame = Array.from(stableOrder(gameIds), (i) => listed[i]!);
    const groupGames: number[] = [];
    const groupStarts: number[] = [];
    byGame.forEach((review, i) => {
      if (groupGames.at(-1) !== review.gameId) {
        groupGames.push(review.gameId);
        groupStarts.push(i);
      }
    });
    groupStarts.push(byGame.length);
    return (this.listingIndex = { listed, byGame, groupGames, groupStarts });
  }

  /** Any review by id, archived games' included (§4 GET /reviews/{reviewId}). */
  review(id: number): ReviewRecord | undefined {
    return this.byId.get(id);
  }

  /** The listed reviews of one game, in the listing order. */
  private listedOf(gameId: number): readonly ReviewRecord[] {
    const { groupGames, groupStarts, byGame } = this.build();
    const group = indexInAscending(groupGames.length, (i) => groupGames[i]!, gameId);
    return group === -1 ? [] : byGame.slice(groupStarts[group], groupStarts[group + 1]);
  }

  list(query: ReviewQuery): ReviewPage {
    // D42: an archived or unknown game_id gives an empty collection.
    const matching =
      query.game === 'any' ? this.build().listed : query.game === 'none' ? [] : this.listedOf(query.game);
    const first = (query.page - 1) * query.perPage;
    return { total: matching.length, reviews: matching.slice(first, first + query.perPage) };
  }
}

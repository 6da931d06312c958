/**
 * The deliberate faults and legitimate variants of GET /reviews and GET
 * /reviews/{reviewId}, kept out of domain/review-query.ts: as the listing the
 * ReviewIndex is built with once at start-up (context.ts), and around the query and
 * the lookup at the operation boundary (operations.ts). Each deviation names its
 * catalogue entry (faults.ts, variants.ts); with none on, every function here returns
 * the API's listing or its input unchanged.
 */
import type { ReviewRecord } from '../../../fixtures/src/model.ts';
import { domainError, type DomainError, type RawQuery } from '../domain/domain-result.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../domain/game-query.ts';
import {
  REVIEW_LISTING,
  type ReviewIndex,
  type ReviewListing,
  type ReviewPage,
  type ReviewQuery,
} from '../domain/review-query.ts';
import { parsePositiveInteger } from '../domain/strict-integer.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { FaultSet } from '../faults.ts';
import type { Deviations } from './representation.ts';

/** What the ReviewIndex lists, and in what order (context.ts): the API's, but for the switched-on faults. */
export function reviewListing(faults: FaultSet): ReviewListing {
  if (faults.size === 0) return REVIEW_LISTING;
  const listing: ReviewListing = { ...REVIEW_LISTING };
  // Fault `archived-review-in-collection`: archived games' reviews are listed too.
  if (faults.has('archived-review-in-collection')) listing.lists = () => true;
  // Fault `reviews-oldest-first`: the collection is ordered oldest first.
  if (faults.has('reviews-oldest-first')) listing.order = (a, b) => REVIEW_LISTING.order(b, a);
  // Blind fault `blind2-reviews-sorted-by-last-edit`: "newest" taken as the latest activity, COALESCE(edited, submitted).
  // Blind fault `blind7-reviews-ordered-by-day-only`: ORDER BY submitted::date DESC, id.
  if (blindFault(faults, 'blind7-reviews-ordered-by-day-only')) {
    const day = (review: ReviewRecord) => Math.floor(review.submitted / 86_400);
    listing.order = (a, b) => day(b) - day(a) || a.id - b.id;
  }
  if (blindFault(faults, 'blind2-reviews-sorted-by-last-edit')) {
    listing.order = (a, b) => (b.edited ?? b.submitted) - (a.edited ?? a.submitted) || b.id - a.id;
  }
  // Blind fault `blind16-reviews-sorted-by-us-date-text`: ORDER BY the display text of the submission time (MM/DD/YYYY hh:mm:ss) DESC.
  if (blindFault(faults, 'blind16-reviews-sorted-by-us-date-text')) {
    const text = (review: ReviewRecord) => {
      const iso = new Date(review.submitted * 1000).toISOString();
      return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
    };
    listing.order = (a, b) => {
      const [left, right] = [text(a), text(b)];
      return left > right ? -1 : left < right ? 1 : b.id - a.id;
    };
  }
  return listing;
}

/**
 * Variant `reviews-bad-paging-422` (D19): /games's rule (D18) applied to /reviews — a
 * repeated, malformed or out-of-range `page` or `per_page` is 422 `invalid_filter`.
 */
export function refusedReviewPaging(
  query: RawQuery,
  { variants }: Deviations,
): { error: DomainError } | undefined {
  if (!variants.has('reviews-bad-paging-422')) return undefined;
  for (const [name, max] of [
    ['page', Number.MAX_SAFE_INTEGER],
    ['per_page', MAX_PER_PAGE],
  ] as const) {
    const text = query[name];
    if (text === undefined) continue;
    const value = typeof text === 'string' ? parsePositiveInteger(text) : undefined;
    if (value === undefined || value > max) {
      return domainError(422, 'invalid_filter', `Parameter '${name}' must be an integer from 1 to ${max}.`, {
        parameter: name,
        value: text,
      });
    }
  }
  return undefined;
}

/** The GET /reviews query as the switched-on faults would apply it. */
export function deviateReviewQuery(
  query: ReviewQuery,
  { faults, index }: Deviations,
  raw: RawQuery = {},
): ReviewQuery {
  // Fault `review-game-filter-ignored`: game_id filters nothing.
  let asked: ReviewQuery = faults.has('review-game-filter-ignored') ? { ...query, game: 'any' } : query;
  // Fault `reviews-unknown-game-unfiltered`: the filter applied only when the game is found.
  if (
    faults.has('reviews-unknown-game-unfiltered') &&
    typeof query.game === 'number' &&
    !index.game(query.game)
  )
    asked = { ...asked, game: 'any' };
  // Blind fault `blind15-reviews-game-filter-default-per-page`: the game's own query takes the page, not the page size.
  if (blindFault(faults, 'blind15-reviews-game-filter-default-per-page') && typeof asked.game === 'number') {
    asked = { ...asked, perPage: DEFAULT_PER_PAGE };
  }
  // Blind fault `blind12-reviews-default-per-page-10`: the review widget's default page size.
  if (blindFault(faults, 'blind12-reviews-default-per-page-10') && raw.per_page === undefined) {
    asked = { ...asked, perPage: 10 };
  }
  // Blind fault `blind4-reviews-per-page-uncapped`: per_page clamped at 1 only, never at 50.
  const perPageText = raw.per_page;
  if (blindFault(faults, 'blind4-reviews-per-page-uncapped') && typeof perPageText === 'string') {
    const asKey = parsePositiveInteger(perPageText);
    if (asKey !== undefined && asKey > MAX_PER_PAGE) return { ...asked, perPage: asKey };
  }
  // Blind fault `blind10-reviews-per-page-50-default`: per_page validated as 1 <= n < 50, anything else the default.
  if (blindFault(faults, 'blind10-reviews-per-page-50-default') && typeof perPageText === 'string') {
    const asked50 = parsePositiveInteger(perPageText);
    if (asked50 !== undefined && asked50 >= MAX_PER_PAGE) return { ...asked, perPage: DEFAULT_PER_PAGE };
  }
  // Blind fault `blind-reviews-per-page-capped-20`: per_page clamped with the default as its maximum.
  if (blindFault(faults, 'blind-reviews-per-page-capped-20') && asked.perPage > 20)
    return { ...asked, perPage: 20 };
  return asked;
}

/** One page of GET /reviews as the switched-on blind faults would list it; `page` itself with none. */
export function deviateReviewPage(
  page: ReviewPage,
  query: ReviewQuery,
  reviews: ReviewIndex,
  { faults, index }: Deviations,
): ReviewPage {
  if (faults.size === 0) return page;
  // Blind fault `blind16-reviews-lookahead-row-kept`: LIMIT per_page + 1 to find a next page, the extra row served too.
  if (blindFault(faults, 'blind16-reviews-lookahead-row-kept')) {
    const first = (query.page - 1) * query.perPage;
    if (first + query.perPage >= page.total) return page;
    const read = reviews.list({ ...query, page: 1, perPage: first + query.perPage + 1 }).reviews;
    return { total: page.total, reviews: read.slice(first) };
  }
  // Blind fault `blind14-reviews-one-per-game`: the "latest review of each game" query, DISTINCT ON (game_id).
  if (blindFault(faults, 'blind14-reviews-one-per-game')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const seen = new Set<number>();
    const latest = matching.filter((review) => !seen.has(review.gameId) && seen.add(review.gameId));
    const first = (query.page - 1) * query.perPage;
    return { total: latest.length, reviews: latest.slice(first, first + query.perPage) };
  }
  // Blind fault `blind13-reviews-web-only-games-excluded`: the reviews joined to the games' connection details (an inner join).
  if (blindFault(faults, 'blind13-reviews-web-only-games-excluded')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const connected = matching.filter((review) => index.game(review.gameId)?.webOnly !== true);
    const first = (query.page - 1) * query.perPage;
    return { total: connected.length, reviews: connected.slice(first, first + query.perPage) };
  }
  // Blind fault `blind13-reviews-offset-one-based`: the offset computed from the one-based row number.
  if (blindFault(faults, 'blind13-reviews-offset-one-based')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const first = (query.page - 1) * query.perPage + 1;
    return { total: page.total, reviews: matching.slice(first, first + query.perPage) };
  }
  // Blind fault `blind9-reviews-unrated-missing`: the reviews read through an inner join on their rating.
  if (blindFault(faults, 'blind9-reviews-unrated-missing')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const rated = matching.filter((review) => review.rating !== null);
    const first = (query.page - 1) * query.perPage;
    return { total: rated.length, reviews: rated.slice(first, first + query.perPage) };
  }
  // Blind fault `blind6-reviews-sorted-within-page`: LIMIT/OFFSET over the storage order (id), the page sorted afterwards.
  if (blindFault(faults, 'blind6-reviews-sorted-within-page')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const first = (query.page - 1) * query.perPage;
    const stored = [...matching].sort((a, b) => a.id - b.id).slice(first, first + query.perPage);
    return { total: page.total, reviews: stored.sort((a, b) => REVIEW_LISTING.order(a, b)) };
  }
  // Blind fault `blind3-reviews-total-counts-archived`: the count query lacks the archived condition.
  if (blindFault(faults, 'blind3-reviews-total-counts-archived') && query.game === 'any') {
    const archivedReviews = index.dataset.reviews.filter(
      (review) => (index.game(review.gameId)?.archiveReason ?? null) !== null,
    ).length;
    return { ...page, total: page.total + archivedReviews };
  }
  if (typeof query.game !== 'number') return page;
  const gameId = query.game;
  let out = page;
  // Blind fault `blind8-reviews-game-filter-id-order`: the game's reviews read through the foreign-key index, in id order.
  if (blindFault(faults, 'blind8-reviews-game-filter-id-order')) {
    const matching = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
    const first = (query.page - 1) * query.perPage;
    const byId = [...matching].sort((a, b) => a.id - b.id);
    out = { ...out, reviews: byId.slice(first, first + query.perPage) };
  }
  // Blind fault `blind-reviews-archived-game-id-listed`: a game_id is looked up among all games' reviews.
  if (blindFault(faults, 'blind-reviews-archived-game-id-listed') && index.game(gameId)?.archiveReason) {
    const matching = index.dataset.reviews
      .filter((review) => review.gameId === gameId)
      .sort((a, b) => REVIEW_LISTING.order(a, b));
    const first = (query.page - 1) * query.perPage;
    out = { total: matching.length, reviews: matching.slice(first, first + query.perPage) };
  }
  // Blind fault `blind2-reviews-game-filter-after-paging`: the page cut from every listed review, then filtered.
  if (blindFault(faults, 'blind2-reviews-game-filter-after-paging')) {
    const unfiltered = reviews.list({ ...query, game: 'any' }).reviews;
    out = { ...out, reviews: unfiltered.filter((review) => review.gameId === gameId) };
  }
  // Blind fault `blind-reviews-total-ignores-game-filter`: the total counted without the game_id condition.
  if (blindFault(faults, 'blind-reviews-total-ignores-game-filter')) {
    out = { ...out, total: reviews.list({ ...query, game: 'any' }).total };
  }
  // Blind fault `blind5-reviews-game-filter-no-offset`: the game's reviews read with LIMIT but without OFFSET.
  if (blindFault(faults, 'blind5-reviews-game-filter-no-offset') && query.page > 1) {
    out = { ...out, reviews: reviews.list({ ...query, page: 1 }).reviews };
  }
  return out;
}

/** The review GET /reviews/{reviewId} finds, as the switched-on faults would have it. */
export function deviateReviewLookup(
  review: ReviewRecord | undefined,
  on: Deviations,
): ReviewRecord | undefined {
  if (review === undefined || !on.faults.has('archived-review-404-by-id')) return review;
  // Fault `archived-review-404-by-id`: only the reviews the collection lists are found.
  const gameActive = on.index.game(review.gameId)?.archiveReason === null;
  return reviewListing(on.faults).lists(review, gameActive) ? review : undefined;
}

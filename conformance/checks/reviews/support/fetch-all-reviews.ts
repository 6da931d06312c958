import type { CheckContext } from '../../../src/core/check.ts';
import type { ReviewSummary } from '../../../src/core/discovery.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';
import { fetchReviews } from './fetch-reviews.ts';

/** Pages of 50 walked at most: 5,000 reviews, far more than a conformance run needs to see. */
const MAX_PAGES = 100;

/**
 * Every review of a filtered collection, page by page (per_page 50), with the first
 * page's response and total; stops at an empty page or after MAX_PAGES.
 */
export async function fetchAllReviews(
  ctx: CheckContext,
  filter: QueryPairs,
): Promise<{ first: ApiResponse; total: number; reviews: ReviewSummary[]; complete: boolean }> {
  const reviews: ReviewSummary[] = [];
  let first: ApiResponse | undefined;
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    // Page 1 without `page`, `per_page` before `page`: the requests discovery sends for the
    // unfiltered collection, so the run's cache answers those pages.
    const paging: QueryPairs =
      page === 1
        ? [['per_page', 50]]
        : [
            ['per_page', 50],
            ['page', page],
          ];
    const result = await fetchReviews(ctx, [...filter, ...paging]);
    first ??= result.response;
    if (page === 1) total = result.page.meta.total;
    reviews.push(...result.page.data);
    if (result.page.data.length === 0 || reviews.length >= total) {
      return { first, total, reviews, complete: true };
    }
  }
  return { first: first as ApiResponse, total, reviews, complete: false };
}

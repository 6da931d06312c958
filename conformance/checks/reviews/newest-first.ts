import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { paging, type Paging } from './arbitraries/paging.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

/** Submission instants of a page, skipping reviews without one (NullableTimestamp; D43 orders by it). */
function submitted(reviews: ReviewSummary[]): Array<{ id: number; at: number; text: string }> {
  return reviews
    .filter((review) => review.dates.submitted !== null)
    .map((review) => ({
      id: review.id,
      at: Date.parse(review.dates.submitted ?? ''),
      text: review.dates.submitted ?? '',
    }));
}

export const newestFirst = defineCheck({
  id: 'REVIEWS-NEWEST-FIRST',
  area: 'reviews',
  source: '§4 GET /reviews ("Public reviews, newest first")',
  level: 'must',
  title: 'Reviews come newest first, within a page and across the page boundary',
  covers: ['S4.REVIEWS.ORDER'],
  comparesAnswers: true,
  decisions: ['D43'],
  async run(ctx) {
    if (ctx.discovery.totalReviews < 2) ctx.skip('fewer than two reviews: no order to observe');
    // First the first page of the default size with the next page's first review: a page cut from
    // the reviews in another order and only then sorted shows at the boundary of the first page.
    const first: [Paging] = [{ page: 1, perPage: 20 }];
    const examples = ctx.discovery.totalReviews > 20 ? [first] : [];
    await ctx.property(
      [paging(ctx.discovery.totalReviews)],
      async ({ page, perPage }) => {
        const current = await fetchReviews(ctx, [
          ['page', page],
          ['per_page', perPage],
        ]);
        const items = submitted(current.page.data);
        const beyond = page * perPage < current.page.meta.total;
        if (beyond) {
          const next = await fetchReviews(ctx, [
            ['page', page + 1],
            ['per_page', perPage],
          ]);
          items.push(...submitted(next.page.data.slice(0, 1)));
        }
        items.forEach((item, index) => {
          const previous = items[index - 1];
          if (previous === undefined) return;
          expectThat(
            current.response,
            previous.at >= item.at,
            `Review ${item.id} is newer than review ${previous.id} before it`,
            `dates.submitted ≤ ${previous.text}`,
            `dates.submitted ${item.text}${index === items.length - 1 && beyond ? ' (first of the next page)' : ''}`,
          );
        });
      },
      { examples },
    );
  },
});

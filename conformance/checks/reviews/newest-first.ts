import { defineCheck } from '../../src/core/check.ts';
import { DISCOVERY_PAGE_SIZE, discoveryPageQuery, type ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { paging, type Paging } from './arbitraries/paging.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

type Submitted = { id: number; at: number; text: string };

/** Submission instants of a page, skipping reviews without one (NullableTimestamp; D43 orders by it). */
function submitted(reviews: readonly ReviewSummary[]): Submitted[] {
  return reviews.flatMap((review) => {
    const text = review?.dates?.submitted;
    return typeof text === 'string' ? [{ id: review.id, at: Date.parse(text), text }] : [];
  });
}

/**
 * Fails on the first review newer than the one before it (`boundary`: the last item is the next
 * page's first); returns how many pairs were judged.
 */
function judgeOrder(response: ApiResponse, items: readonly Submitted[], boundary = false): number {
  items.forEach((item, index) => {
    const previous = items[index - 1];
    if (previous === undefined) return;
    expectThat(
      response,
      previous.at >= item.at,
      `Review ${item.id} is newer than review ${previous.id} before it`,
      `dates.submitted ≤ ${previous.text}`,
      `dates.submitted ${item.text}${index === items.length - 1 && boundary ? ' (first of the next page)' : ''}`,
    );
  });
  return Math.max(0, items.length - 1);
}

/**
 * Newest first: on pages of the whole collection and across their boundary, then on every page
 * of GET /reviews the run has (a game's reviews, `game_id`, included: "newest first" is the
 * collection's order whatever it is limited to), then on the pages of the most reviewed games.
 */
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
    // First the first page with the next page's first review: a page cut from the reviews in
    // another order and only then sorted shows at the boundary of the first page. Discovery's
    // pages of 50, asked as it asked them, when there are more than 50 reviews (the run's cache
    // answers both); else pages of the default size.
    const total = ctx.discovery.totalReviews;
    const first: [Paging] = [{ page: 1, perPage: total > DISCOVERY_PAGE_SIZE ? DISCOVERY_PAGE_SIZE : 20 }];
    const examples = total > 20 ? [first] : [];
    const query = (page: number, perPage: number): QueryPairs =>
      perPage === DISCOVERY_PAGE_SIZE
        ? discoveryPageQuery(page)
        : [
            ['page', page],
            ['per_page', perPage],
          ];
    await ctx.property(
      [paging(total)],
      async ({ page, perPage }) => {
        const current = await fetchReviews(ctx, query(page, perPage));
        const items = submitted(current.page.data);
        const beyond = page * perPage < current.page.meta.total;
        if (beyond) {
          const next = await fetchReviews(ctx, query(page + 1, perPage));
          items.push(...submitted(next.page.data.slice(0, 1)));
        }
        judgeOrder(current.response, items, beyond);
      },
      { examples },
    );
    ctx.judgeObserved(observedGets(ctx, /^\/reviews$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      return Array.isArray(data) && judgeOrder(response, submitted(data as ReviewSummary[])) > 0;
    });
    const reviewed = ctx.discovery.games
      .filter((game) => game.reviews.count >= 2)
      .sort((a, b) => b.reviews.count - a.reviews.count)
      .slice(0, 3);
    await ctx.sweep(reviewed, async (game) => {
      const { response, page } = await fetchReviews(ctx, [
        ['game_id', game.id],
        ['per_page', 50],
      ]);
      judgeOrder(response, submitted(page.data));
    });
  },
});

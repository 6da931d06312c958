import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

/** How many pages of 50 reviews the check reads of its own when the run's traffic has none. */
const OWN_PAGES = 10;

interface Dated {
  id?: unknown;
  dates?: { submitted?: unknown; edited?: unknown };
}

function instant(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/**
 * Judges the reviews of one answer (a page of GET /reviews or one review): an edited review's
 * `edited` is not before its `submitted`. Returns whether the answer held an edited review.
 */
function judgeReviews(fail: (response: ApiResponse, message: string, received: string) => never) {
  return (response: ApiResponse): boolean => {
    const body = response.body as { data?: unknown } | undefined;
    const items: unknown[] = Array.isArray(body?.data) ? body.data : [body?.data];
    // Only objects: a malformed item is the schema checks' finding, not this one's.
    const reviews = items.filter(
      (item): item is Dated => typeof item === 'object' && item !== null && !Array.isArray(item),
    );
    let edited = 0;
    for (const review of reviews) {
      const submitted = instant(review.dates?.submitted);
      const at = instant(review.dates?.edited);
      if (Number.isNaN(submitted) || Number.isNaN(at)) continue;
      edited += 1;
      if (at < submitted) {
        fail(
          response,
          `Review ${String(review.id)} was edited before it was submitted`,
          `dates.edited ${String(review.dates?.edited)}, dates.submitted ${String(review.dates?.submitted)}`,
        );
      }
    }
    return edited > 0;
  };
}

/**
 * `edited` records a review's latest edit (§2), which comes after its submission: wherever both
 * dates are set, `edited` ≥ `submitted` (equal allowed). Judged on every review the run's
 * answers hold (pages of GET /reviews and single reviews), then on pages of 50 of its own.
 */
export const editedAfterSubmitted = defineCheck({
  id: 'REVIEWS-EDITED-AFTER-SUBMITTED',
  area: 'reviews',
  source: '§2 review summary, dates ("`edited` records the latest edit")',
  level: 'must',
  title: "A review's latest edit is not older than its submission",
  covers: ['S2.RS.DATES'],
  async run(ctx) {
    const judge = judgeReviews((response, message, received) =>
      ctx.fail(failureOf(response, message, 'dates.edited no earlier than dates.submitted', received)),
    );
    let judged = ctx.judgeObserved(observedGets(ctx, /^\/reviews(\/\d+)?$/), judge);
    const pages = Math.min(OWN_PAGES, Math.max(1, Math.ceil(ctx.discovery.totalReviews / 50)));
    await ctx.sweep(
      Array.from({ length: pages }, (_, i) => i + 1),
      async (page) => {
        const { response } = await fetchReviews(ctx, [
          ['page', page],
          ['per_page', 50],
        ]);
        if (judge(response)) judged += 1;
      },
    );
    if (judged === 0) ctx.skip('no answer seen held an edited review (both dates set)');
  },
});

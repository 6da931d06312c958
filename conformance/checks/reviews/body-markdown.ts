import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';

/**
 * The markup of the formatting §2 lists (paragraphs, bold, italic, bulleted and numbered
 * lists) once rendered to HTML. Markdown writes these as blank lines, `**`, `_`, `-` and `1.`;
 * a body holding their closing tags was rendered, not stored as the author's Markdown.
 */
const RENDERED = /<\/(p|strong|b|em|i|ul|ol|li)>/i;

/**
 * §2 review detail: `body` is UTF-8 Markdown. A server that renders it to HTML before answering
 * (and a client then escapes or renders it twice) departs from that, whatever else it keeps.
 */
export const bodyMarkdown = defineCheck({
  id: 'REVIEWS-BODY-MARKDOWN',
  area: 'reviews',
  source: '§2 review detail, body (UTF-8 Markdown: paragraphs, bold, italic, bulleted and numbered lists)',
  level: 'must',
  title: 'A review body is Markdown, not rendered HTML',
  covers: ['S2.RD.BODY'],
  async run(ctx) {
    await ctx.property([knownReview(ctx)], async (summary: ReviewSummary) => {
      const { response, review } = await fetchReview(ctx, summary.id);
      const tag = RENDERED.exec(review.body)?.[0];
      expectThat(
        response,
        tag === undefined,
        `Review ${summary.id}: the body holds HTML (${tag}), not Markdown`,
        'the Markdown source: blank lines, **bold**, _italic_, - and 1. list items',
        `${JSON.stringify(review.body.slice(0, 120))}`,
      );
    });
  },
});

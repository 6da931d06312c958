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
const RENDERED = /<\/(p|strong|b|em|i|ul|ol|li|h[1-6])>/i;

/**
 * The same formatting escaped as plain text would be (a backslash before each marker, so it no
 * longer formats): an escaped bold pair (`\*\*word\*\*`, `\_\_word\_\_`), or a line opening
 * with an escaped list marker (`\- `, `\* `, `\+ `, `1\. `). A lone escaped `*` or `_` is left
 * alone: an author may write a literal `\*grins\*` or `Dark\_Lord` on purpose.
 */
const ESCAPED = /\\\*\\\*[^\n]*?\\\*\\\*|\\_\\_[^\n]*?\\_\\_|^[ \t]*(\\[-*+]|\d+\\\.)[ \t]/m;

/**
 * A Markdown heading line (`# Title` … `###### Title`): not among the formatting §2 lists, and
 * what a page template adds around the author's text (the review's title as its heading). A `#`
 * without the space after it (`#1 MUD`) is text, not a heading.
 */
const HEADING = /^[ ]{0,3}#{1,6}[ \t]+\S.*$/m;

/**
 * A setext heading of the first level: a line of text underlined by `===` or more (a template
 * writing `Title` over a row of `=`). The `-` underline of the second level is left alone: `--`
 * and `---` under a line are an author's signature separator or rule as often as a heading.
 */
const SETEXT_HEADING = /^[ ]{0,3}[^\s#>*+\-=].*\n[ ]{0,3}={3,}[ \t]*$/m;

/**
 * §2 review detail: `body` is UTF-8 Markdown whose "supported formatting is paragraphs, bold,
 * italic, bulleted lists, numbered lists". A server that renders it to HTML before answering (and
 * a client then escapes or renders it twice) departs from that (closing tags of the listed
 * formatting, or of a heading), and so does one that escapes the Markdown as plain text, so that
 * its bold and lists no longer format, or one that serves a heading (D73: `#` or `===`).
 */
export const bodyMarkdown = defineCheck({
  id: 'REVIEWS-BODY-MARKDOWN',
  area: 'reviews',
  source: '§2 review detail, body (UTF-8 Markdown: paragraphs, bold, italic, bulleted and numbered lists)',
  level: 'must',
  title: 'A review body is Markdown: not rendered HTML, its formatting not escaped, no heading',
  covers: ['S2.RD.BODY'],
  decisions: ['D73'],
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
      const escaped = ESCAPED.exec(review.body)?.[0];
      expectThat(
        response,
        escaped === undefined,
        `Review ${summary.id}: the body's formatting is escaped (${JSON.stringify(escaped)}), so it no longer formats`,
        'bold and list markers as Markdown writes them (**bold**, "- item", "1. item"), not backslash-escaped',
        `${JSON.stringify(review.body.slice(0, 120))}`,
      );
      const heading = HEADING.exec(review.body)?.[0] ?? SETEXT_HEADING.exec(review.body)?.[0];
      expectThat(
        response,
        heading === undefined,
        `Review ${summary.id}: the body holds a heading (${JSON.stringify(heading?.slice(0, 60))}), a formatting §2 does not list`,
        'paragraphs, bold, italic, bulleted and numbered lists only (§2 review detail, body): no "# " heading line, no text underlined with "==="',
        `${JSON.stringify(review.body.slice(0, 120))}`,
      );
    });
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { invalidEdgesOf } from '../../src/core/parameter-edges.ts';
import { failWith, expectSchema } from '../../src/core/expect.ts';
import { badPagingValue } from './arbitraries/bad-paging-value.ts';

/** 1 for the page size past its maximum (the first case), else 0. */
const leadsFirst = ([param, value]: [string, string]): number =>
  param === 'per_page' && Number(value) > 1 ? 1 : 0;

export const badPaging = defineCheck({
  id: 'REVIEWS-BAD-PAGING',
  area: 'reviews',
  source: '§4 GET /reviews (page ≥ 1, per_page 1..50; errors list no 422); §8 limits, page and per_page',
  level: 'must',
  title: 'Out-of-range or malformed paging gives an in-bounds page or a client error',
  covers: ['S4.REVIEWS.PAGE', 'S4.REVIEWS.PERPAGE', 'S8.PAGE', 'S8.PERPAGE'],
  decisions: ['D19'],
  async run(ctx) {
    await ctx.property(
      [fc.constantFrom('page', 'per_page'), badPagingValue()],
      async (name, value) => {
        // rawQuery: the value is sent exactly as generated (empty, `+5`, …).
        const response = await ctx.client.get('/reviews', {
          rawQuery: `${name}=${encodeURIComponent(value)}`,
        });
        if (response.status === 200) {
          // D19 tolerant: a fallback is fine as long as meta stays within §2's bounds.
          expectSchema(
            ctx,
            response,
            ctx.spec.componentSchema('ReviewCollection'),
            response.body,
            'ReviewCollection',
          );
          return;
        }
        if (response.status >= 400 && response.status < 500 && ![401, 429].includes(response.status)) {
          expectSchema(ctx, response, ctx.spec.componentSchema('Error'), response.body, 'Error');
          return;
        }
        failWith(
          response,
          `${name}=${value} was neither served in bounds nor refused`,
          'HTTP 200 with in-bounds meta, or a 4xx error envelope',
          `HTTP ${response.status}`,
        );
      },
      {
        // The spec's own edges first (per_page 0 and 51, page 0): a small --runs never misses them.
        // The page size past its maximum leads (the minimal pass's one case): a server serving
        // more items than 50, or echoing the size asked in `meta`, fails it, and the other edges
        // come next.
        examples: invalidEdgesOf(ctx.spec, 'listReviews', ['page', 'per_page'], utcDateOf(Date.now()))
          .map((edge) => [edge.param, edge.value] as [string, string])
          .sort((a, b) => leadsFirst(b) - leadsFirst(a)),
      },
    );
  },
});

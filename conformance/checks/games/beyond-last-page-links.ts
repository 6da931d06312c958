import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { DEFAULT_PER_PAGE, toQueryPairs } from './support/games-filter.ts';
import { lastPage } from '../harness/last-page.ts';
import { WRAPPING_PAGE, WRAPPING_PER_PAGE } from '../harness/wrapping-page.ts';
import { linkPairs } from '../harness/link-query.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';

/** The `page` a link names, or undefined when it names none (or not once). */
function linkedPage(link: string): number | undefined {
  const pages = (linkPairs(link) ?? []).filter(([name]) => name === 'page');
  return pages.length === 1 && /^\d+$/.test(pages[0]![1]) ? Number(pages[0]![1]) : undefined;
}

/**
 * What §1 rule 5 and §4 say of a page two or more beyond the last, whatever a server answers
 * there (D39): a status /games lists (200, or 422 `invalid_filter` should it call the page
 * invalid — never a 5xx), and on a 200 no games (pages are one-based slices of `total`), no
 * `next` (no later page exists) and a `previous` only to a page that exists (1..last), and a
 * `meta.total` that still counts the matching games across all pages (§2 PaginationMeta) — the
 * first page's, not the empty page's own count.
 * Whether it answers 200 and whether `previous` links back at all stay GAMES-BEYOND-LAST-PAGE's.
 */
export const beyondLastPageLinks = defineCheck({
  id: 'GAMES-BEYOND-LAST-PAGE-LINKS',
  area: 'games',
  source:
    '§1 rule 5 ("next or previous is present only when such a page exists"); §4 GET /games parameters, page; errors',
  level: 'must',
  title: 'Pages beyond the last hold no games, link only to pages that exist, and keep the total',
  covers: ['S1.5-NEXTPREV', 'S4.GAMES.PAGE', 'S2.PAGEMETA'],
  comparesAnswers: true,
  decisions: ['D39'],
  async run(ctx) {
    await ctx.property(
      [
        filterQuery(ctx.discovery, { paging: false }),
        fc.integer({ min: 1, max: 50 }) as fc.Arbitrary<number | 'default'>,
        fc.integer({ min: 2, max: 1000 }) as fc.Arbitrary<number | 'wrapping'>,
      ],
      async (filter, perPage, beyond) => {
        const query = [
          ...toQueryPairs(filter),
          ...(perPage === 'default' ? [] : [['per_page', perPage] as [string, number]]),
        ];
        const first = await fetchGamesPage(ctx, query);
        const last = lastPage(first.body.meta.total, perPage === 'default' ? DEFAULT_PER_PAGE : perPage);
        const page = beyond === 'wrapping' ? WRAPPING_PAGE : last + beyond;
        const response = await ctx.client.get('/games', { query: [...query, ['page', page]] });
        if (response.status === 422 && errorCodeOf(response) === 'invalid_filter') {
          expectInvalidFilter(ctx, response);
          return;
        }
        const where = `page ${page}, ${page - last} past the last page ${last}`;
        if (response.status !== 200) {
          ctx.fail(
            failureOf(
              response,
              `GET /games answered ${response.status} on ${where}`,
              '200, or 422 invalid_filter (the statuses /games lists)',
              `${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`,
            ),
          );
        }
        const { body } = expectGamesPage(ctx, response, `on ${where}`);
        const problems: string[] = [];
        if (body.data.length > 0) problems.push(`${body.data.length} games`);
        if (body.meta.total !== first.body.meta.total) {
          problems.push(`meta.total ${body.meta.total} (page 1 of the same query: ${first.body.meta.total})`);
        }
        if (body.links.next !== undefined) problems.push(`links.next ${body.links.next}`);
        const previous = body.links.previous;
        const target = previous === undefined ? undefined : linkedPage(previous);
        if (previous !== undefined && (target === undefined || target < 1 || target > last)) {
          problems.push(`links.previous ${previous}`);
        }
        if (problems.length > 0) {
          ctx.fail(
            failureOf(
              response,
              `${where[0]!.toUpperCase()}${where.slice(1)} holds games, links to a page that does not exist, or miscounts`,
              `no games, no links.next, links.previous absent or to a page in 1..${last}, meta.total ${first.body.meta.total}`,
              problems.join('; '),
            ),
          );
        }
      },
      // Two requests per case; the first is often a page another check already fetched. First the
      // whole directory at the default 20 a page (GET /games, which GAMES-PER-PAGE-DEFAULT asked
      // before) on a page whose offset wraps to 0 in 32 bits (wrapping-page.ts).
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        examples: [[{}, DEFAULT_PER_PAGE === WRAPPING_PER_PAGE ? 'default' : WRAPPING_PER_PAGE, 'wrapping']],
      },
    );
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { lastPage } from '../harness/last-page.ts';
import { judgeObservedLinks, presenceFailure } from '../harness/collection-links.ts';
import { observedGets } from '../harness/observed-gets.ts';

/** §8: the largest page size. */
const MAX_PER_PAGE = 50;

/** Which page to ask for; `discovered-last` (an example only): the last by discovery's total. */
type PagePick = 'first' | 'last' | 'after-last' | 'discovered-last' | number;

/** Which page of 1..last+1 to ask for: the edges often, any page sometimes. */
const pagePick: fc.Arbitrary<PagePick> = fc.oneof(
  fc.constant('first' as const),
  fc.constant('last' as const),
  fc.constant('after-last' as const),
  fc.nat(),
);

/** The page `pick` names among 1..last+1. */
function pageOf(pick: PagePick, last: number): number {
  if (pick === 'first') return 1;
  if (pick === 'last' || pick === 'discovered-last') return last;
  if (pick === 'after-last') return last + 1;
  return 1 + (pick % (last + 1));
}

/**
 * On pages 1..last+1, `next` is present exactly when a later page has games and
 * `previous` exactly when the page before exists (D39: page last+1 links back to the
 * last page); page last+1 is empty. On its own cases, then on every page of GET /games the run
 * has (collection-links.ts says which requests are judged).
 */
export const nextPreviousPresence = defineCheck({
  id: 'GAMES-NEXT-PREVIOUS-PRESENCE',
  area: 'games',
  source:
    '§1 rule 5 ("next or previous is present only when such a page exists"); §2 shared types, PaginationLinks',
  level: 'must',
  title: 'next and previous are present exactly when those pages exist',
  covers: ['S1.5-NEXTPREV', 'S2.PAGELINKS'],
  comparesAnswers: true,
  decisions: ['D39'],
  async run(ctx) {
    // First the whole directory's last page where it ends exactly on a page boundary: the page
    // size the largest divisor of the total (up to 50), where `next` computed with ≤ instead of
    // < shows on the last page.
    const total = ctx.discovery.totalActiveGames;
    let exact = MAX_PER_PAGE;
    while (exact > 1 && total % exact !== 0) exact -= 1;
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false }), fc.integer({ min: 1, max: MAX_PER_PAGE }), pagePick],
      async (filter, perPage, pick) => {
        const query = [...toQueryPairs(filter), ['per_page', perPage] as [string, number]];
        // The whole directory's last page straight away, from discovery's total (one request);
        // its own total says which page is the last when the directory moved since.
        const direct = pick === 'discovered-last' ? lastPage(total, perPage) : undefined;
        const first = await fetchGamesPage(ctx, direct === undefined ? query : [...query, ['page', direct]]);
        const last = lastPage(first.body.meta.total, perPage);
        const page = direct ?? pageOf(pick, last);
        const { response, body } =
          page === 1 || direct !== undefined ? first : await fetchGamesPage(ctx, [...query, ['page', page]]);
        const where = `page ${page} of ${last} (total ${body.meta.total}, per_page ${perPage})`;
        const failure = presenceFailure(response, page, last, body.links, where);
        if (failure !== undefined) ctx.fail(failure);
        if (page > last && body.data.length > 0) {
          ctx.fail(
            failureOf(
              response,
              `Page ${page} after the last page holds games`,
              'an empty data array',
              `${body.data.length} games`,
            ),
          );
        }
      },
      { examples: total > 0 ? [[{}, exact, 'discovered-last' as const]] : [] },
    );
    judgeObservedLinks(ctx, 'listGames', { query: false, presence: true }, observedGets(ctx, /^\/games$/));
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { type GamesFilter, toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { walkPages, WALK_PER_PAGE } from './support/walk-pages.ts';

/** Pages per walk, at most: the page size is chosen from `total` so that most walks end within it. */
const MAX_PAGES = 6;

/**
 * Following `links.next` from page 1 visits every matching game once: `meta.total`
 * stays the same, `meta.page` counts up, no game repeats, and the pages hold exactly
 * `total` games (walkPages holds these invariants). The page size splits `total`
 * into the generated number of pages, so walks span several pages yet end; a query
 * of more than 300 games is walked in part.
 */
export const walkComplete = defineCheck({
  id: 'GAMES-WALK-COMPLETE',
  area: 'games',
  source: '§2 shared types, PaginationMeta ("total: count of matching items across all pages"); §1 rule 5',
  level: 'must',
  title: 'Walking every page yields total games, each once',
  covers: ['S2.PAGEMETA', 'S1.5-NEXTPREV', 'S4.GAMES.PAGE'],
  comparesAnswers: true,
  async run(ctx) {
    let complete = 0;
    await ctx.property(
      [
        filterQuery(ctx.discovery, { paging: false }),
        fc.integer({ min: 2, max: MAX_PAGES }),
        fc.constant<number | undefined>(undefined),
      ],
      async (filter, pages, known) => {
        const query = toQueryPairs(filter);
        // The matching games' count sizes the pages: asked with one page of one game, unless
        // the case knows it already (the example's count from discovery). Either way the walk
        // itself holds the pages to the `total` they state.
        const total = known ?? (await fetchGamesPage(ctx, [...query, ['per_page', 1]])).body.meta.total;
        const perPage = Math.min(50, Math.max(1, Math.ceil(total / pages)));
        const walk = await walkPages(ctx, query, MAX_PAGES, perPage, { previousLinks: true });
        if (walk.complete && walk.pages > 1) complete += 1;
      },
      // Up to seven requests per case: a quarter of the run's cases. First the web-only games
      // over two pages, when discovery saw few enough of them for two pages of 50.
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        examples: twoPagesExample(ctx.discovery),
      },
    );
    ctx.log(`${complete} multi-page queries walked to the end`);
    if (complete === 0) return ctx.skip('no generated query spanned several pages and ended within the cap');
  },
});

/**
 * The web-only games over two pages, sized by the count discovery saw when it read the whole
 * directory (no request to count them; a count moved since only changes how full the pages are).
 */
function twoPagesExample(discovery: Discovery): [GamesFilter, number, number | undefined][] {
  const count = discovery.webOnlyGameIds.length;
  const whole = discovery.games.length >= discovery.totalActiveGames;
  return count >= 2 && count <= 2 * WALK_PER_PAGE
    ? [[{ connectionType: 'web_only' }, 2, whole ? count : undefined]]
    : [];
}

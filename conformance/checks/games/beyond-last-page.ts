import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope, failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { lastPage } from '../harness/last-page.ts';

/**
 * D39: a page two or more beyond the last answers 200 with no games and neither link
 * (its previous page does not exist either). The description only speaks of pages
 * that exist, hence profile level. What §1 rule 5 fixes there whatever the answer (no
 * games, no `next`, a `previous` only to an existing page, never a 5xx) is
 * GAMES-BEYOND-LAST-PAGE-LINKS's; this check keeps the choice: 200 and no `previous`, or with
 * profile `pagesBeyondLast: refused`, 422 `invalid_filter`.
 */
export const beyondLastPage = defineCheck({
  id: 'GAMES-BEYOND-LAST-PAGE',
  area: 'games',
  source: '§1 rule 5 (pages far beyond the last: open point, DECISIONS D39)',
  level: 'profile',
  title: 'Pages far beyond the last are empty and link nowhere',
  covers: ['S1.5-NEXTPREV'],
  comparesAnswers: true,
  decisions: ['D39'],
  async run(ctx) {
    await ctx.property(
      [
        filterQuery(ctx.discovery, { paging: false }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 2, max: 1000 }),
      ],
      async (filter, perPage, beyond) => {
        const query = [...toQueryPairs(filter), ['per_page', perPage] as [string, number]];
        const first = await fetchGamesPage(ctx, query);
        const page = lastPage(first.body.meta.total, perPage) + beyond;
        // Asked directly (fetchGamesPage would take a 422 here as a case without a verdict).
        const answer = await ctx.client.get('/games', { query: [...query, ['page', page]] });
        if (ctx.profile.pagesBeyondLast === 'refused') {
          expectErrorEnvelope(answer, 422, ['invalid_filter']);
          return;
        }
        const { response, body } = expectGamesPage(
          ctx,
          answer,
          `to page ${page} (D39: 200, empty; profile pagesBeyondLast: refused states a 422)`,
        );
        const links = Object.keys(body.links).filter((name) => name === 'next' || name === 'previous');
        if (body.data.length > 0 || links.length > 0) {
          ctx.fail(
            failureOf(
              response,
              `Page ${page}, ${beyond} past the last page, is not empty or links onwards`,
              'empty data, no links.next, no links.previous',
              `${body.data.length} games; links: ${links.join(', ') || 'none'}`,
            ),
          );
        }
      },
      // Two requests per case for a profile-level point; a quarter of the run is enough.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 4)) },
    );
  },
});

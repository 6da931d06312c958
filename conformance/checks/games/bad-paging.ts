import { defineCheck } from '../../src/core/check.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { invalidEdgesOf } from '../../src/core/parameter-edges.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { badPagingValue } from './arbitraries/bad-paging-value.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { expectGamesPage } from '../harness/games-page.ts';

/**
 * A `page`/`per_page` out of range or malformed is either refused with 422
 * `invalid_filter` or answered with a page whose `meta` is within bounds
 * (D18: tolerant; GAMES-BAD-PAGING-REJECTED checks the profile's choice).
 */
export const badPaging = defineCheck({
  id: 'GAMES-BAD-PAGING',
  area: 'games',
  source:
    '§4 GET /games parameters, page (integer >= 1) and per_page (1..50); §8 limits, per_page and page; rule 3',
  level: 'must',
  title: 'Bad paging is refused or kept within bounds',
  covers: ['S8.PERPAGE', 'S8.PAGE', 'S4.GAMES.PAGE', 'S4.GAMES.PERPAGE', 'S2.PAGEMETA'],
  decisions: ['D18'],
  async run(ctx) {
    const word = ctx.discovery.words[0]?.word;
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false }), badPagingValue()],
      async (filter, bad) => {
        const response = await ctx.client.get('/games', {
          query: [...toQueryPairs(filter), [bad.param, bad.value]],
        });
        if (response.status === 422) {
          expectInvalidFilter(ctx, response);
          return;
        }
        if (response.status !== 200) {
          ctx.fail(
            failureOf(
              response,
              `${bad.param}=${JSON.stringify(bad.value)} answered ${response.status}`,
              '422 invalid_filter, or 200 with meta within bounds (D18)',
              `${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`,
            ),
          );
        }
        // The schema bounds meta.page ≥ 1 and 1 ≤ meta.per_page ≤ 50, and data to 50 games.
        const { body } = expectGamesPage(ctx, response, `to ${bad.param}=${JSON.stringify(bad.value)}`);
        if (body.data.length > body.meta.per_page) {
          ctx.fail(
            failureOf(
              response,
              `${bad.param}=${JSON.stringify(bad.value)} answered more games than meta.per_page`,
              `at most ${body.meta.per_page} games`,
              `${body.data.length} games`,
            ),
          );
        }
      },
      {
        // The spec's own edges first (per_page 0 and 51, page 0): a small --runs never misses them.
        // Each per_page edge past the maximum is sent again with a search (`q`, a discovered
        // word) right after it: a search answered by another code path (an index, a search
        // service) must keep the same bound.
        examples: invalidEdgesOf(ctx.spec, 'listGames', ['page', 'per_page'], utcDateOf(Date.now())).flatMap(
          (edge) => [
            [{}, { param: edge.param, value: edge.value }],
            ...(edge.param === 'per_page' && edge.constraint.startsWith('maximum') && word !== undefined
              ? [[{ q: word }, { param: edge.param, value: edge.value }]]
              : []),
          ],
        ),
      },
    );
  },
});

import fc from 'fast-check';
import { type CheckContext, defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { SortName } from '../../src/core/profile.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { sortName } from './arbitraries/sort-name.ts';
import { SORT_NAMES, toQueryPairs, withoutForbiddenCombination } from './support/games-filter.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { orderProblem } from './support/order-problem.ts';
import { isJudgeableSummary } from './support/filter-violations.ts';
import { observedGets } from '../harness/observed-gets.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** Fails on the first two consecutive games out of `sort`'s order; returns how many pairs were judged. */
function judgeOrder(
  ctx: CheckContext,
  response: ApiResponse,
  games: readonly GameSummary[],
  sort: SortName,
  pageLength: number,
): number {
  const key = ctx.profile.sortKeys[sort];
  for (let i = 1; i < games.length; i += 1) {
    const problem = orderProblem(games[i - 1]!, games[i]!, key, ctx.profile.sortTieBreak);
    if (problem !== undefined) {
      ctx.fail(
        failureOf(
          response,
          `sort=${sort} is out of order${i === pageLength ? ' across the page boundary' : ''}`,
          `${key.field} ${key.direction}, nulls last, ties ${ctx.profile.sortTieBreak}`,
          problem,
        ),
      );
    }
  }
  return Math.max(0, games.length - 1);
}

/**
 * Each sort orders by its profile field and direction, nulls last, ties by the
 * profile's tie-break (D22: the description names the sorts only), on a page and
 * across the boundary to the next page; then within every page of GET /games the run has that
 * names one of the sorts.
 */
export const sortOrder = defineCheck({
  id: 'GAMES-SORT-ORDER',
  area: 'games',
  source: '§4 GET /games parameters, sort (keys and ties not shown: DECISIONS D22)',
  level: 'profile',
  title: 'Sorts order games by their profile field, nulls last',
  covers: ['S4.GAMES.SORT'],
  comparesAnswers: true,
  decisions: ['D22'],
  async run(ctx) {
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery), sortName(), fc.boolean())
      .map(([filter, sort, boundary]) => ({
        filter: withoutForbiddenCombination({ ...filter, sort }),
        boundary,
      }));
    let pairs = 0;
    // Each sort over the whole directory first, a full page and across its boundary: where
    // ties and nulls are likeliest (many games share their vote count or lack a time).
    const examples = SORT_NAMES.map((sort) => [{ filter: { sort, perPage: 50 }, boundary: true }]);
    await ctx.property(
      [arbitrary],
      async ({ filter, boundary }) => {
        const sort = filter.sort as SortName;
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        const games = [...body.data];
        if (boundary && body.links.next !== undefined) {
          const next = expectGamesPage(
            ctx,
            await ctx.client.getAbsolute(body.links.next),
            'to its own links.next',
          );
          if (next.body.data[0] !== undefined) games.push(next.body.data[0]);
        }
        pairs += judgeOrder(ctx, response, games, sort, body.data.length);
      },
      { examples },
    );
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const sorts = new URL(response.url).searchParams.getAll('sort');
      const sort = sorts.length === 1 ? SORT_NAMES.find((name) => name === sorts[0]) : undefined;
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (sort === undefined || !Array.isArray(data) || !data.every(isJudgeableSummary)) return false;
      const games = data as GameSummary[];
      pairs += judgeOrder(ctx, response, games, sort, games.length);
      return games.length > 1;
    });
    if (pairs === 0) return ctx.skip('no generated query returned two games');
  },
});

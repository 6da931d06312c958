import { defineCheck } from '../../src/core/check.ts';
import { FILTER_MEMBERSHIP_RULES } from '../../src/rules.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds, expectGamesMatch } from './support/expect-filter-holds.ts';
import { type GamesFilter, membershipFilterOfUrl, tagFilterParams } from './support/games-filter.ts';
import { isJudgeableSummary } from './support/filter-violations.ts';
import { observedGets } from '../harness/observed-gets.ts';

/**
 * Search terms and all filters combine with AND: every returned game satisfies each of them —
 * on its own cases, then on every page of GET /games the run has, whichever check asked it (the
 * filters a server must read one way: membershipFilterOfUrl; `q` only on its own cases, where
 * the games' descriptions are fetched).
 */
export const filtersCombineAnd = defineCheck({
  id: 'GAMES-FILTERS-COMBINE-AND',
  area: 'games',
  source: '§4 GET /games, rule 2 ("the search terms and all filters combine with AND")',
  level: 'must',
  title: 'Every returned game satisfies every filter of the query',
  // filter-violations.ts asserts each filter's membership half on every returned game.
  covers: FILTER_MEMBERSHIP_RULES,
  comparesAnswers: true,
  decisions: ['D2', 'D21', 'D48'],
  async run(ctx) {
    let judged = 0;
    // A query its own source game satisfies (a word of its text, its connection type): it
    // returns a game on any deployment, so even a one-case run judges something.
    const source = ctx.discovery.words
      .map(({ word, gameId }) => ({ word, game: ctx.discovery.games.find((g) => g.id === gameId) }))
      .find(({ game }) => game !== undefined);
    const examples: GamesFilter[][] = source?.game
      ? [
          [
            {
              q: source.word,
              connectionType: source.game.status.web_only ? 'web_only' : 'mud_client',
              sort: 'top_voted',
            },
          ],
        ]
      : [];
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        judged += await expectFilterHolds(ctx, filter);
      },
      { examples },
    );
    const tagParams = tagFilterParams(ctx.spec);
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const filter = membershipFilterOfUrl(response.url, tagParams);
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (filter === undefined || !Array.isArray(data)) return false;
      const games = data.filter(isJudgeableSummary);
      expectGamesMatch(ctx, response, games, filter);
      judged += games.length;
      return data.length > 0;
    });
    if (judged === 0) return ctx.skip('no generated query returned a game');
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs, withoutForbiddenCombination, type GamesFilter } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { WALK_PER_PAGE } from './support/walk-pages.ts';
import { commonWord } from './support/common-word.ts';

/** The times a deployment may read for `newest` and `oldest` (D22: listing by default, or creation). */
const KEY_TIMES = ['listed', 'created'] as const;

/**
 * Whether two games may stand in the same order under both sorts: they tie on a time the
 * deployment may read (a tie keeps its tie-break under both), or one lacks it (nulls come last
 * under both, D22).
 */
export const mayKeepOrder = (a: GameSummary, b: GameSummary): boolean =>
  KEY_TIMES.some(
    (time) => a.dates?.[time] == null || b.dates?.[time] == null || a.dates[time] === b.dates[time],
  );

/**
 * `newest` and `oldest` (§4 sort) order the same games in opposite directions, whatever key a
 * deployment reads for them (D22 leaves it open): two games on the first pages of one query under
 * both stand in opposite orders unless they tie on their listing or creation time or lack one. A
 * sort ignored under some parameters (a search's own query with its own fixed order, a filter path
 * that drops `sort`) or read on another key for one of the two fails here, with no key assumed
 * (pages that are the same sequence have such a pair unless every game shares one of the times).
 * First a search for the word of the most games seen that fit on a page, then generated queries
 * (a search in some of them).
 */
export const sortOpposites = defineCheck({
  id: 'GAMES-SORT-OPPOSITES',
  area: 'games',
  source: '§4 GET /games parameters, sort (`newest`, `oldest`)',
  level: 'must',
  title: 'newest and oldest order the same games oppositely',
  covers: ['S4.GAMES.SORT'],
  comparesAnswers: true,
  decisions: ['D22'],
  async run(ctx) {
    // A word of as many games as a page holds: both sorts' first pages then hold the same games.
    const word = commonWord(ctx.discovery.games, WALK_PER_PAGE);
    const arbitrary = fc.tuple(filterQuery(ctx.discovery, { paging: false })).map(([filter]) => {
      const base: GamesFilter = { ...filter };
      delete base.sort;
      return withoutForbiddenCombination(base);
    });
    let compared = 0;
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const pairs = toQueryPairs(filter);
        const query = (sort: string): [string, string | number][] => [
          ...pairs,
          ['sort', sort],
          ['per_page', WALK_PER_PAGE],
        ];
        const newest = await fetchGamesPage(ctx, query('newest'));
        const oldest = await fetchGamesPage(ctx, query('oldest'));
        // Games that stand on both pages (a listing time never moves, so moved data cannot matter).
        const at = new Map(oldest.body.data.map((game, index) => [game.id, index]));
        const both = newest.body.data.filter((game) => at.has(game.id));
        if (both.length < 2) return;
        compared += 1;
        for (let i = 0; i < both.length; i += 1) {
          for (let j = i + 1; j < both.length; j += 1) {
            const [first, second] = [both[i]!, both[j]!];
            if (at.get(first.id)! > at.get(second.id)! || mayKeepOrder(first, second)) continue;
            const shown = (game: GameSummary) =>
              `game ${game.id} (listed ${game.dates.listed}, created ${game.dates.created})`;
            ctx.fail(
              failureOf(
                oldest.response,
                `Games ${first.id} and ${second.id} stand in the same order under sort=newest and sort=oldest`,
                'the opposite order under oldest (they differ in listing and creation time)',
                `${shown(first)} before ${shown(second)} under both`,
              ),
            );
          }
        }
      },
      { examples: word === undefined ? [[{}]] : [[{ q: word }], [{}]] },
    );
    if (compared === 0) ctx.skip('no query looked at returned two games on both pages');
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs, withoutForbiddenCombination, type GamesFilter } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { WALK_PER_PAGE } from './support/walk-pages.ts';
import { commonWord } from './support/common-word.ts';

/** Fewer games than this on a page say too little (two games may tie on any key). */
const MIN_GAMES = 3;

/** Whether every game shares one value of the field: a key that orders nothing. */
const constant = (games: readonly GameSummary[], value: (game: GameSummary) => unknown): boolean =>
  new Set(games.map((game) => JSON.stringify(value(game)))).size <= 1;

/**
 * `newest` and `oldest` (§4 sort) order the same games in opposite directions, whatever key a
 * deployment reads for them (D22 leaves it open): two games on the first pages of one query under
 * both stand in opposite orders unless they share their listing or creation time, and the two
 * pages can be the same sequence only when the key orders nothing — every game sharing its
 * listing and creation times. A sort ignored under some parameters (a search's own query with its own fixed order, a
 * filter path that drops `sort`) answers both alike and fails here, with no key assumed. First a
 * search for the commonest word seen, then generated queries (a search in some of them).
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
    const word = commonWord(ctx.discovery.games);
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
        const a = newest.body.data;
        const b = oldest.body.data;
        if (a.length < MIN_GAMES || a.length !== b.length) return;
        compared += 1;
        const ids = (games: readonly GameSummary[]) => games.map((game) => game.id).join(', ');
        // Two games on both pages stand in opposite orders, unless they tie on the key (a tie
        // keeps its tie-break under both sorts): on their listing or creation time, whichever
        // the deployment reads.
        const at = new Map(b.map((game, index) => [game.id, index]));
        const both = a.filter((game) => at.has(game.id));
        for (let i = 0; i < both.length; i += 1) {
          for (let j = i + 1; j < both.length; j += 1) {
            const [first, second] = [both[i]!, both[j]!];
            if (at.get(first.id)! > at.get(second.id)!) continue;
            if (
              first.dates?.listed === second.dates?.listed ||
              first.dates?.created === second.dates?.created
            )
              continue;
            ctx.fail(
              failureOf(
                oldest.response,
                `Games ${first.id} and ${second.id} stand in the same order under sort=newest and sort=oldest`,
                'the opposite order under oldest (they differ in listing and creation time)',
                `game ${first.id} (listed ${first.dates?.listed}, created ${first.dates?.created}) before game ${second.id} (listed ${second.dates?.listed}, created ${second.dates?.created}) under both`,
              ),
            );
          }
        }
        if (ids(a) !== ids(b)) return;
        if (constant(a, (game) => game.dates?.listed) || constant(a, (game) => game.dates?.created)) return;
        ctx.fail(
          failureOf(
            oldest.response,
            `sort=newest and sort=oldest return the same ${a.length} games in the same order`,
            'opposite orders (the games differ in their listing and creation times)',
            `ids [${ids(b)}] under both sorts`,
          ),
        );
      },
      { examples: word === undefined ? [[{}]] : [[{ q: word }], [{}]] },
    );
    if (compared === 0) ctx.skip(`no query looked at returned ${MIN_GAMES} games or more`);
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import {
  type GamesFilter,
  SORT_NAMES,
  toQueryPairs,
  withoutForbiddenCombination,
} from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { walkPages, WALK_PER_PAGE } from './support/walk-pages.ts';
import { commonWord } from './support/common-word.ts';

/** A total this small is walked (≤ four pages of 50) under both sorts. */
const WALKABLE_TOTAL = 200;

/** A sort orders the matching games; it never changes which games match (same total, same ids). */
export const sortSameSet = defineCheck({
  id: 'GAMES-SORT-SAME-SET',
  area: 'games',
  source: '§4 GET /games parameters, sort',
  level: 'must',
  title: 'Every sort returns the same games',
  covers: ['S4.GAMES.SORT'],
  comparesAnswers: true,
  decisions: ['D22'],
  async run(ctx) {
    const arbitrary = fc
      .tuple(
        filterQuery(ctx.discovery, { paging: false }),
        fc.subarray([...SORT_NAMES], { minLength: 2, maxLength: 2 }),
      )
      .map(([filter, [first, second]]) => {
        const base: GamesFilter = { ...filter };
        delete base.sort;
        return {
          a: withoutForbiddenCombination({ ...base, sort: first as string }),
          b: withoutForbiddenCombination({ ...base, sort: second as string }),
          totalsOnly: false,
        };
      });
    // The first case: a search for the word of the most games seen (a broad set, with games of
    // every kind in it) under two sorts on keys some games lack, totals only. A server that
    // drops the games without a key under one sort, or reads `q` under one sort only, answers
    // two totals; the whole directory under each sort against the default's follows.
    const word = commonWord(ctx.discovery.games);
    const searched =
      word === undefined
        ? []
        : [
            [
              {
                a: { q: word, sort: 'most_reviewed' },
                b: { q: word, sort: 'recently_online' },
                totalsOnly: true,
              },
            ],
          ];
    const wholeDirectory = ['recently_online', 'top_voted', 'most_reviewed', 'newest', 'oldest'].map(
      (sort) => [{ a: { sort: 'last_updated' }, b: { sort }, totalsOnly: false }],
    );
    let compared = 0;
    await ctx.property(
      [arbitrary],
      async ({ a, b, totalsOnly }) => {
        // Pages of the walks' size: a walk below starts with the run's cached answer to these.
        const pageA = await fetchGamesPage(ctx, [...toQueryPairs(a), ['per_page', WALK_PER_PAGE]]);
        const pageB = await fetchGamesPage(ctx, [...toQueryPairs(b), ['per_page', WALK_PER_PAGE]]);
        if (pageA.body.meta.total !== pageB.body.meta.total) {
          ctx.fail(
            failureOf(
              pageB.response,
              `sort=${a.sort} and sort=${b.sort} match different numbers of games`,
              `meta.total ${pageA.body.meta.total} (as with sort=${a.sort})`,
              `meta.total ${pageB.body.meta.total}`,
            ),
          );
        }
        if (totalsOnly || pageA.body.meta.total > WALKABLE_TOTAL) return;
        const idsA = (await walkPages(ctx, toQueryPairs(a))).games.map((g) => g.id).sort((x, y) => x - y);
        const idsB = (await walkPages(ctx, toQueryPairs(b))).games.map((g) => g.id).sort((x, y) => x - y);
        if (idsA.join(',') !== idsB.join(',')) {
          ctx.fail(
            failureOf(
              pageB.response,
              `sort=${b.sort} returns other games than sort=${a.sort}`,
              `ids [${idsA.join(', ')}]`,
              `ids [${idsB.join(', ')}]`,
            ),
          );
        }
        compared += 1;
      },
      // Two requests plus two walks per case: a quarter of the run's cases. The examples compare
      // totals over broad sets: where a sort on a key some games lack (never reached, never
      // voted for, never reviewed) drops those games — an inner join, a NULL left out — the
      // count shows it; generated filters mostly select a few games, all of which may have the key.
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        examples: [...searched, ...wholeDirectory],
      },
    );
    ctx.log(`${compared} pairs of sorts compared game by game`);
  },
});

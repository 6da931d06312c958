import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { twoCategoryTags } from './arbitraries/two-category-tags.ts';
import { tagFrequencies } from './support/tag-frequency.ts';
import { commonPairTags } from './tag-or-within.ts';
import { type GamesFilter, type TagCriterion, toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { walkPages, WALK_PER_PAGE } from './support/walk-pages.ts';

/** A total this small is walked (≤ four pages of 50), so sets can be compared exactly. */
const WALKABLE_TOTAL = 200;

/**
 * Tags of two categories select the games carrying both: total(a ∧ c) ≤ min, and
 * when both sets are small enough to walk, the ids are exactly the intersection.
 */
export const tagAndAcross = defineCheck({
  id: 'GAMES-TAG-AND-ACROSS',
  area: 'games',
  source: '§4 GET /games, rule 2 ("different categories combine with AND")',
  level: 'must',
  title: 'Tag ids of different categories combine with AND',
  covers: ['S4.GAMES.RULE2'],
  comparesAnswers: true,
  decisions: ['D2'],
  async run(ctx) {
    const tags = twoCategoryTags(ctx.discovery);
    if (tags === undefined) return ctx.skip('fewer than two mapped tag groups (D3)');
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery, { paging: false }), tags)
      .map(([base, pair]) => ({ base: { ...base, tags: [] } as GamesFilter, pair }));
    let exact = 0;
    // The first case the same on every seed: GAMES-TAG-OR-WITHIN's first id (whose page the run's
    // cache then holds) with the commonest id of another category.
    const first = commonPairTags(ctx.discovery)?.[0];
    const other = tagFrequencies(ctx.discovery)
      .flatMap((values) => values.slice(0, 1))
      .filter((tag) => first !== undefined && tag.param !== first.param)
      .sort((x, y) => y.games - x.games)[0];
    const examples =
      first === undefined || other === undefined
        ? []
        : [
            [
              {
                base: { tags: [] } as GamesFilter,
                pair: [
                  { param: first.param, ids: [first.id] },
                  { param: other.param, ids: [other.id] },
                ] as [TagCriterion, TagCriterion],
              },
            ],
          ];
    await ctx.property(
      [arbitrary],
      async ({ base, pair }) => {
        const query = (criteria: TagCriterion[]) => toQueryPairs({ ...base, tags: criteria });
        // Pages of the walks' size: a walk below starts with the run's cached answer to these.
        const paged = (criteria: TagCriterion[]): QueryPairs => [
          ...query(criteria),
          ['per_page', WALK_PER_PAGE],
        ];
        const [a, c] = pair;
        const both = await fetchGamesPage(ctx, paged([a, c]));
        const totalA = (await fetchGamesPage(ctx, paged([a]))).body.meta.total;
        const totalC = (await fetchGamesPage(ctx, paged([c]))).body.meta.total;
        const min = Math.min(totalA, totalC);
        if (both.body.meta.total > min) {
          ctx.fail(
            failureOf(
              both.response,
              `${a.param}[] and ${c.param}[] together select more games than one of them alone`,
              `meta.total ≤ ${min} (totals alone: ${totalA}, ${totalC})`,
              `meta.total ${both.body.meta.total}`,
            ),
          );
        }
        if (totalA > WALKABLE_TOTAL || totalC > WALKABLE_TOTAL) return;
        const idsA = new Set((await walkPages(ctx, query([a]))).games.map((g) => g.id));
        const idsC = new Set((await walkPages(ctx, query([c]))).games.map((g) => g.id));
        const expected = [...idsA].filter((id) => idsC.has(id)).sort((x, y) => x - y);
        const received = (await walkPages(ctx, query([a, c]))).games.map((g) => g.id).sort((x, y) => x - y);
        if (expected.join(',') !== received.join(',')) {
          ctx.fail(
            failureOf(
              both.response,
              `${a.param}[] and ${c.param}[] together do not return the games carrying both`,
              `ids [${expected.join(', ')}] (the intersection)`,
              `ids [${received.join(', ')}]`,
            ),
          );
        }
        exact += 1;
      },
      // Three requests plus walks of small sets per case: a quarter of the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 4)), examples },
    );
    ctx.log(`${exact} intersections compared game by game`);
  },
});

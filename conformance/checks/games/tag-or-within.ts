import { tagFrequencies, type TagFrequency } from './support/tag-frequency.ts';
import fc from 'fast-check';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { tagGroup } from './arbitraries/tag-group.ts';
import { type GamesFilter, toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { walkPages, WALK_PER_PAGE } from './support/walk-pages.ts';

/** A total this small is walked (≤ four pages of 50), so sets can be compared exactly. */
const WALKABLE_TOTAL = 200;
/** Groups up to this size are sometimes asked for with all their values (the whole category). */
const WHOLE_GROUP_LIMIT = 12;

/**
 * Several ids of one category select the union of what each id selects:
 * max(total(a)) ≤ total(a, b, …) ≤ Σ total(a) for any server (a game may carry
 * several values of a category elsewhere), and when every set is small enough to
 * walk, the ids equal the union exactly.
 */
/** The category (of two values or more) whose two commonest ids the most sampled games carry. */
export function commonPairTags(discovery: Discovery): TagFrequency[] | undefined {
  return tagFrequencies(discovery)
    .map((values) => values.slice(0, 2))
    .filter((pair) => pair.length === 2 && pair[0]!.games + pair[1]!.games > 0)
    .sort((a, b) => b[0]!.games + b[1]!.games - (a[0]!.games + a[1]!.games))[0];
}

function commonPair(discovery: Discovery): [{ base: GamesFilter; param: string; ids: number[] }][] {
  const best = commonPairTags(discovery);
  return best === undefined ? [] : [[{ base: {}, param: best[0]!.param, ids: best.map((tag) => tag.id) }]];
}

export const tagOrWithin = defineCheck({
  id: 'GAMES-TAG-OR-WITHIN',
  area: 'games',
  source: '§4 GET /games, rule 2 ("values within one tag category combine with OR")',
  level: 'must',
  title: 'Tag ids within one category combine with OR',
  covers: ['S4.GAMES.RULE2', 'S4.GAMES.RULE1'],
  comparesAnswers: true,
  decisions: ['D2'],
  async run(ctx) {
    const group = tagGroup(ctx.discovery, 2);
    if (group === undefined) return ctx.skip('no mapped tag group with two values (D3)');
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery, { paging: false }), group)
      .chain(([base, filter]) => {
        const all = filter.group.values.map((value) => value.id);
        const subset = fc.subarray(all, { minLength: 2, maxLength: Math.min(4, all.length) });
        return (
          all.length <= WHOLE_GROUP_LIMIT
            ? fc.oneof({ arbitrary: subset, weight: 4 }, fc.constant(all))
            : subset
        ).map((ids) => ({ base: { ...base, tags: [] } as GamesFilter, param: filter.param, ids }));
      });
    let exact = 0;
    await ctx.property(
      [arbitrary],
      async ({ base, param, ids }) => {
        // Pages of the walks' size: a walk below starts with the run's cached answer to these.
        const paged = (tags: GamesFilter['tags']): QueryPairs => [
          ...toQueryPairs({ ...base, tags }),
          ['per_page', WALK_PER_PAGE],
        ];
        const union = await fetchGamesPage(ctx, paged([{ param, ids }]));
        const singles: number[] = [];
        for (const id of ids) {
          singles.push((await fetchGamesPage(ctx, paged([{ param, ids: [id] }]))).body.meta.total);
        }
        const total = union.body.meta.total;
        const max = Math.max(...singles);
        const sum = singles.reduce((a, b) => a + b, 0);
        if (total < max || total > sum) {
          ctx.fail(
            failureOf(
              union.response,
              `${param}[] with ${ids.length} ids is not the union of each id's games`,
              `${max} ≤ meta.total ≤ ${sum} (totals of the single ids: ${singles.join(', ')})`,
              `meta.total ${total}`,
            ),
          );
        }
        if (total > WALKABLE_TOTAL) return;
        const expected = new Set<number>();
        for (const id of ids) {
          const walk = await walkPages(ctx, toQueryPairs({ ...base, tags: [{ param, ids: [id] }] }));
          for (const game of walk.games) expected.add(game.id);
        }
        const walk = await walkPages(ctx, toQueryPairs({ ...base, tags: [{ param, ids }] }));
        const received = new Set(walk.games.map((game) => game.id));
        const missing = [...expected].filter((id) => !received.has(id));
        const extra = [...received].filter((id) => !expected.has(id));
        if (missing.length > 0 || extra.length > 0) {
          ctx.fail(
            failureOf(
              union.response,
              `${param}[] with ${ids.length} ids does not return the union of each id's games`,
              `${expected.size} games (the union)`,
              `${received.size} games; missing [${missing.join(', ')}], extra [${extra.join(', ')}]`,
            ),
          );
        }
        exact += 1;
      },
      // One request per id plus walks of small sets: a quarter of the run's cases. First, with
      // nothing else filtering, the two ids of one category most sampled games carry: a generated
      // base filter often matches no game, and a minimal pass must see the rule.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 4)), examples: commonPair(ctx.discovery) },
    );
    ctx.log(`${exact} unions compared game by game`);
  },
});

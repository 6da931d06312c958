import fc from 'fast-check';
import { TAG_FILTER_PARAMS } from '../../src/core/discovery.ts';
import { defineCheck } from '../../src/core/check.ts';
import { TAG_FILTER_RULES } from '../../src/rules.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { tagCriteria } from './arbitraries/tag-criteria.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import type { TagCriterion } from './support/games-filter.ts';

/**
 * A tag filter returns only games carrying one of its ids among their category tags,
 * found by id whatever the category key (D2; groups mapped to parameters per D3).
 */
export const filterTags = defineCheck({
  id: 'GAMES-FILTER-TAGS',
  area: 'games',
  source: '§4 GET /games parameters, the nine <category>_tag_id[] parameters; rule 2',
  level: 'must',
  title: 'Tag filters keep only games carrying one of the ids',
  covers: TAG_FILTER_RULES,
  decisions: ['D2', 'D3'],
  async run(ctx) {
    const mapped = new Set(ctx.discovery.tagFilters.map((filter) => filter.param));
    if (mapped.size === 0) return ctx.skip('no tag group could be mapped to a filter parameter (D3)');
    const unmapped = TAG_FILTER_PARAMS.filter((param) => !mapped.has(param));
    if (unmapped.length > 0) ctx.log(`not checked, no tag group mapped: ${unmapped.join(', ')}`);

    const judged = new Map<string, number>();
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery), tagCriteria(ctx.discovery, 3))
      .map(([filter, tags]) => ({ ...filter, tags }));
    // Each mapped parameter with a tag a discovered game carries: it returns that game at least.
    const examples: Array<[{ tags: TagCriterion[] }]> = [];
    for (const { param, group } of ctx.discovery.tagFilters) {
      const values = new Set(group.values.map((value) => value.id));
      const carried = ctx.discovery.games
        .flatMap((game) => Object.values(game.tags.categories))
        .find((ref) => values.has(ref.id));
      if (carried) examples.push([{ tags: [{ param, ids: [carried.id] }] }]);
    }
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const count = await expectFilterHolds(ctx, filter);
        for (const tag of filter.tags) judged.set(tag.param, (judged.get(tag.param) ?? 0) + count);
      },
      { examples: examples.slice(0, 3) },
    );
    const silent = [...mapped].filter((param) => (judged.get(param) ?? 0) === 0);
    if (silent.length > 0) ctx.log(`no game returned under: ${silent.join(', ')}`);
    if (silent.length === mapped.size)
      return ctx.skip('no tag filter returned a game under the generated queries');
  },
});

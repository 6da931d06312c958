import { defineCheck } from '../../src/core/check.ts';

/**
 * D3: which group feeds which filter is not shown, nor that each of the nine has one. What
 * §4 rule 1 states, that the ids games carry (and filters take) come from GET /tags, is
 * asserted at must level by TAGS-CATEGORY-TAGS-LISTED and TAGS-FILTER-SELECTS-TAGGED.
 */
export const everyFilterHasGroup = defineCheck({
  id: 'TAGS-EVERY-FILTER-HAS-GROUP',
  area: 'tags',
  source: '§4 GET /games rule 1 ("Current IDs come from GET /tags"; DECISIONS D3)',
  level: 'profile',
  title: 'Every tag filter parameter has its tag group in GET /tags',
  covers: ['S4.GAMES.RULE1', 'S2.GS.CATEGORY-KEYS'],
  decisions: ['D3'],
  async run(ctx) {
    const params = ctx.spec
      .operation('listGames')
      .parameters.map((parameter) => parameter.name)
      .filter((name) => name.endsWith('_tag_id[]'))
      .map((name) => name.slice(0, -2));
    const mapped = new Set(ctx.discovery.tagFilters.map((filter) => filter.param));
    const missing = params.filter((param) => !mapped.has(param));
    if (missing.length > 0) {
      ctx.fail({
        message: `${missing.length} tag filter(s) have no tag group in GET /tags: ${missing.join(', ')}`,
        expected:
          'a group for each of the nine filters, found by the category key its ids appear under or by its name (D3; profile tagGroupParams)',
        received: `groups ${ctx.discovery.tagGroups.map((group) => `"${group.name}"`).join(', ')}; unmapped: ${missing.join(', ')}`,
      });
    }
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { taxonomyIndex } from './support/taxonomy-index.ts';

export const categoryTagsListed = defineCheck({
  id: 'TAGS-CATEGORY-TAGS-LISTED',
  area: 'tags',
  source: '§4 GET /games rule 1 ("Current IDs come from GET /tags"); §4 GET /tags ("the current taxonomy")',
  level: 'must',
  title: "Every tag in a game's categories is listed in GET /tags under the same name",
  covers: ['S4.GAMES.RULE1', 'S4.TAGS', 'S2.GS.TAGS'],
  async run(ctx) {
    if (ctx.discovery.games.length === 0) ctx.skip('discovery found no active games');
    const index = taxonomyIndex(ctx.discovery.tagGroups);
    // Category tags feed the filters, whose ids come from GET /tags; every one must be there.
    for (const game of ctx.discovery.games) {
      for (const [key, tag] of Object.entries(game.tags.categories)) {
        const listed = index.get(tag.id);
        if (listed === undefined || !listed.some((entry) => entry.name === tag.name)) {
          ctx.fail({
            message: `game ${game.id}: category ${key} tag ${tag.id} "${tag.name}" is not in GET /tags as such`,
            expected: `tag ${tag.id} "${tag.name}" in a group of GET /tags`,
            received:
              listed === undefined
                ? `no tag ${tag.id} in GET /tags`
                : `tag ${tag.id} named ${listed.map((entry) => `"${entry.name}"`).join(', ')}`,
          });
        }
      }
    }
  },
});

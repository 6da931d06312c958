import { defineCheck } from '../../src/core/check.ts';
import { taxonomyIndex } from './support/taxonomy-index.ts';

export const tagIdsUnique = defineCheck({
  id: 'TAGS-TAG-IDS-UNIQUE',
  area: 'tags',
  source: '§2 shared types, TagReference (`id`); §4 GET /games rule 1 (tag ids come from GET /tags)',
  level: 'must',
  title: 'Every tag id appears once in the whole taxonomy',
  covers: ['S2.TAGGROUP', 'S2.TAGREF'],
  async run(ctx) {
    // A game's `tags.custom` are bare TagReferences: an id listed twice could not be told apart.
    for (const [id, listed] of taxonomyIndex(ctx.discovery.tagGroups)) {
      if (listed.length > 1) {
        ctx.fail({
          message: `tag id ${id} is listed ${listed.length} times in GET /tags`,
          expected: 'each tag id once across all groups',
          received: listed.map((tag) => `"${tag.name}" in "${tag.group}"`).join(', '),
        });
      }
    }
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { taxonomyIndex } from './support/taxonomy-index.ts';

export const tagNamesConsistent = defineCheck({
  id: 'TAGS-TAG-NAMES-CONSISTENT',
  area: 'tags',
  source: '§2 shared types, TagReference; §2 game summary, tags; §4 GET /tags',
  level: 'must',
  title: 'A tag id carries one name in every game and in GET /tags',
  covers: ['S2.TAGREF', 'S2.GS.TAGS'],
  async run(ctx) {
    if (ctx.discovery.games.length === 0) ctx.skip('discovery found no active games');
    // Seeded with the taxonomy; custom tags need not be listed there (they feed no filter),
    // but an id that names a tag names the same one wherever it appears.
    const names = new Map<number, { name: string; where: string }>();
    for (const [id, listed] of taxonomyIndex(ctx.discovery.tagGroups)) {
      const first = listed[0];
      if (first) names.set(id, { name: first.name, where: `group "${first.group}" of GET /tags` });
    }
    for (const game of ctx.discovery.games) {
      const references = [
        ...Object.entries(game.tags.categories).map(([key, tag]) => ({
          tag,
          where: `tags.categories.${key}`,
        })),
        ...game.tags.custom.map((tag, i) => ({ tag, where: `tags.custom[${i}]` })),
      ];
      for (const { tag, where } of references) {
        const known = names.get(tag.id);
        if (known === undefined) {
          names.set(tag.id, { name: tag.name, where: `game ${game.id} ${where}` });
        } else if (known.name !== tag.name) {
          ctx.fail({
            message: `tag id ${tag.id} is "${tag.name}" in game ${game.id} ${where} but "${known.name}" in ${known.where}`,
            expected: `tag ${tag.id} named "${known.name}" everywhere`,
            received: `"${tag.name}" in game ${game.id} ${where}`,
          });
        }
      }
    }
  },
});

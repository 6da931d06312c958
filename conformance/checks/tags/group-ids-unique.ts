import { defineCheck } from '../../src/core/check.ts';

export const groupIdsUnique = defineCheck({
  id: 'TAGS-GROUP-IDS-UNIQUE',
  area: 'tags',
  source: '§2 tag group (`id`); §4 GET /tags',
  level: 'must',
  title: 'No two tag groups share an id',
  covers: ['S2.TAGGROUP'],
  async run(ctx) {
    const seen = new Map<number, string>();
    for (const group of ctx.discovery.tagGroups) {
      const earlier = seen.get(group.id);
      if (earlier !== undefined) {
        ctx.fail({
          message: `tag groups "${earlier}" and "${group.name}" share the id ${group.id}`,
          expected: 'a distinct id for every tag group in GET /tags',
          received: `id ${group.id} on "${earlier}" and "${group.name}"`,
        });
      }
      seen.set(group.id, group.name);
    }
  },
});

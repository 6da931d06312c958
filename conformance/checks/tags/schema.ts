import { defineCheck } from '../../src/core/check.ts';
import { expectStatus } from '../../src/core/expect.ts';

export const tagsSchema = defineCheck({
  id: 'TAGS-SCHEMA',
  area: 'tags',
  source: '§4 GET /tags; §2 tag group; §2 shared types, TagReference',
  level: 'must',
  title: 'GET /tags answers 200 with {data: [tag groups]}',
  covers: ['S4.TAGS', 'S2.TAGGROUP', 'S2.TAGREF'],
  async run(ctx) {
    const response = await ctx.client.get('/tags');
    expectStatus(response, 200);
    ctx.expectValid(response, 'listTags');
  },
});

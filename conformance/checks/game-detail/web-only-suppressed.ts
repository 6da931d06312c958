import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { valueAt } from './support/value-at.ts';

export const webOnlySuppressed = defineCheck({
  id: 'GAME-DETAIL-WEB-ONLY-SUPPRESSED',
  area: 'game-detail',
  source: '§2 rules on game resources, rule 2 ("current MSSP summary fields are suppressed")',
  level: 'profile',
  title: "A web-only game's MSSP summary fields are null",
  covers: ['S2.RULE2'],
  decisions: ['D4', 'D5'],
  async run(ctx) {
    const ids = ctx.discovery.webOnlyGameIds;
    if (ids.length === 0) ctx.skip('discovery found no web-only game');
    const fields = ctx.profile.webOnlySuppressedFields;
    if (fields.length === 0) ctx.skip('the profile lists no suppressed fields (webOnlySuppressedFields)');
    await ctx.property([fc.constantFrom(...ids)], async (id) => {
      const { response, game } = await fetchGame(ctx, id);
      for (const path of fields) {
        const value = valueAt(game, path);
        expectThat(
          response,
          value === null,
          `Web-only game ${id}: ${path} is not suppressed`,
          `${path} null (profile webOnlySuppressedFields)`,
          `${path} ${JSON.stringify(value)}`,
        );
      }
    });
  },
});

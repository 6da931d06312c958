import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { valueAt } from './support/value-at.ts';

/**
 * D4/D5: which fields count as "current MSSP summary fields" is not shown (§2 rule 2), so
 * only the profile's list is checked here. The explicit rest of rule 2 (`web_only` true,
 * `urls.play` = `urls.website`, every `connection` value null) is GAME-DETAIL-WEB-ONLY's
 * (detail) and GAMES-WEB-ONLY-IN-SUMMARY's (summaries).
 */
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

import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';

/**
 * D2: the keys are not shown. What is (each value one TagReference: `id` integer, `name`
 * string) is asserted by the schema checks (GAMES-ENVELOPE-SCHEMA, GAME-DETAIL-SCHEMA), and
 * that its ids come from GET /tags by TAGS-CATEGORY-TAGS-LISTED, all at must level.
 */
export const categoryKeys = defineCheck({
  id: 'GAME-DETAIL-CATEGORY-KEYS',
  area: 'game-detail',
  source: '§2 game summary, tags.categories keys (implied by the tag filter parameters)',
  level: 'profile',
  title: "Games' tag category keys are the profile's category keys",
  covers: ['S2.GS.CATEGORY-KEYS'],
  decisions: ['D2'],
  async run(ctx) {
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    const known = new Set(Object.keys(ctx.profile.categoryKeys));
    const seen = new Set<string>();
    for (const game of games) {
      for (const key of Object.keys(game.tags.categories)) {
        seen.add(key);
        if (known.has(key)) continue;
        // Discovery's summaries carry no response of their own: re-fetch the game for the report.
        const response = await ctx.client.get(`/games/${game.id}`);
        ctx.fail(
          failureOf(
            response,
            `Game ${game.id}: tags.categories key ${key} is not a profile category key`,
            `one of ${[...known].join(', ')} (profile categoryKeys)`,
            key,
          ),
        );
      }
    }
    if (seen.size === 0) ctx.skip('no discovered game has a tag category');
  },
});

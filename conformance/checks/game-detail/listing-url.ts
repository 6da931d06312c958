import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat, isAbsoluteUri } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

/**
 * D1: the listing-page URL sits under the profile's key. That some key holds it as an
 * absolute URI is stated (§2 urls table) and asserted at must level by GAME-DETAIL-SCHEMA
 * (detail) and GAMES-LISTING-URL-IN-SUMMARY (summaries); only the key is checked here.
 */
export const listingUrl = defineCheck({
  id: 'GAME-DETAIL-LISTING-URL',
  area: 'game-detail',
  source: '§2 urls table, "the service" (listing page)',
  level: 'profile',
  title: "A game's listing-page URL sits under the profile's key as an absolute URI",
  covers: ['S2.URLS.LISTING'],
  decisions: ['D1'],
  async run(ctx) {
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    const key = ctx.profile.listingUrlKey;
    await ctx.property([fc.constantFrom(...games)], async (summary: GameSummary) => {
      const { response, game } = await fetchGame(ctx, summary.id);
      for (const [where, urls] of [
        ['summary', summary.urls],
        ['detail', game.urls],
      ] as const) {
        const value = (urls as Record<string, unknown>)[key];
        expectThat(
          response,
          isAbsoluteUri(value),
          `Game ${summary.id} (${where}): urls.${key} is not an absolute URI`,
          `urls.${key} an absolute URI (profile listingUrlKey)`,
          `urls.${key} ${JSON.stringify(value)}`,
        );
      }
    });
  },
});

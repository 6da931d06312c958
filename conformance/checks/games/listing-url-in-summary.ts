import { defineCheck } from '../../src/core/check.ts';
import { expectThat, isAbsoluteUri } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { NAMED_URL_KEYS } from '../harness/named-url-keys.ts';

/**
 * §2 urls table: the listing page ("the service") is a required uri of the summary too,
 * whatever its key (D1 leaves only the key open; GAME-DETAIL-LISTING-URL checks the
 * profile's). GAME-DETAIL-SCHEMA asserts it of the detail; this check asserts it of every
 * summary on a page of GET /games, where a detail-only check cannot see it missing.
 */
export const listingUrlInSummary = defineCheck({
  id: 'GAMES-LISTING-URL-IN-SUMMARY',
  area: 'games',
  source: '§2 urls table, "the service" (listing page; uri string, required); §2 game summary',
  level: 'must',
  title: 'Every game summary carries its listing-page URL as an absolute URI, whatever its key',
  covers: ['S2.URLS.LISTING', 'S2.GS.URLS'],
  decisions: ['D1'],
  async run(ctx) {
    let seen = 0;
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        for (const game of body.data) {
          seen += 1;
          const urls = game.urls as Record<string, unknown>;
          const listing = Object.keys(urls).filter(
            (key) => !NAMED_URL_KEYS.has(key) && isAbsoluteUri(urls[key]),
          );
          expectThat(
            response,
            listing.length > 0,
            `Game ${game.id} (summary): urls has no listing-page URL`,
            'a key besides self/website/discord/banner/play/mssp/players/reviews holding an absolute URI',
            `urls ${JSON.stringify(urls)}`,
          );
        }
      },
      // The whole directory's first page first: a generated filter may match nothing.
      { examples: [[{}]] },
    );
    if (seen === 0) ctx.skip('GET /games listed no game');
  },
});

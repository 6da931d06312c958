import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * §2 rule 2 holds of every game resource, the summaries of GET /games too: a web-only game's
 * `urls.play` is its website and its connection values are null. GAME-DETAIL-WEB-ONLY asserts
 * it of the detail; which further MSSP summary fields are null is open (D4,
 * GAME-DETAIL-WEB-ONLY-SUPPRESSED).
 */
export const webOnlyInSummary = defineCheck({
  id: 'GAMES-WEB-ONLY-IN-SUMMARY',
  area: 'games',
  source: '§2 rules on game resources, rule 2; §2 game summary',
  level: 'must',
  title: "A web-only game's summary plays on its website and has no connection values",
  covers: ['S2.RULE2'],
  decisions: ['D4'],
  async run(ctx) {
    if (ctx.discovery.webOnlyGameIds.length === 0) ctx.skip('discovery found no web-only game');
    let seen = 0;
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        for (const game of body.data) {
          if (game.status.web_only !== true) continue;
          seen += 1;
          const broken = [
            ...(game.urls.play === game.urls.website
              ? []
              : [
                  `urls.play ${JSON.stringify(game.urls.play)} (urls.website ${JSON.stringify(game.urls.website)})`,
                ]),
            ...Object.entries(game.connection)
              .filter(([, value]) => value !== null)
              .map(([key, value]) => `connection.${key} ${JSON.stringify(value)}`),
          ];
          expectThat(
            response,
            broken.length === 0,
            `Web-only game ${game.id} (summary) breaks rule 2`,
            'urls.play = urls.website, every connection value null',
            broken.join('; '),
          );
        }
      },
      // The web-only games first: a generated filter may list none.
      { examples: [[{ connectionType: 'web_only' }]] },
    );
    if (seen === 0) ctx.skip('no generated query listed a web-only game');
  },
});

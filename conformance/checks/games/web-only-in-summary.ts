import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { observedGets } from '../harness/observed-gets.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import type { CheckContext } from '../../src/core/check.ts';

/** Fails on a web-only game of `games` that breaks rule 2; returns how many web-only games were judged. */
function judgeWebOnly(ctx: CheckContext, response: ApiResponse, games: readonly GameSummary[]): number {
  let seen = 0;
  for (const game of games) {
    if (
      game?.status?.web_only !== true ||
      typeof game.urls !== 'object' ||
      typeof game.connection !== 'object'
    )
      continue;
    seen += 1;
    const broken = [
      ...(game.urls.play === game.urls.website
        ? []
        : [
            `urls.play ${JSON.stringify(game.urls.play)} (urls.website ${JSON.stringify(game.urls.website)})`,
          ]),
      ...Object.entries(game.connection ?? {})
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
  return seen;
}

/**
 * §2 rule 2 holds of every game resource, the summaries of GET /games too: a web-only game's
 * `urls.play` is its website and its connection values are null. GAME-DETAIL-WEB-ONLY asserts
 * it of the detail; which further MSSP summary fields are null is open (D4,
 * GAME-DETAIL-WEB-ONLY-SUPPRESSED). On its own pages, then on every page of games the run has.
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
        seen += judgeWebOnly(ctx, response, body.data);
      },
      // The web-only games first: a generated filter may list none.
      { examples: [[{ connectionType: 'web_only' }]] },
    );
    // Then every page of GET /games the run has, whichever check asked it.
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (!Array.isArray(data)) return false;
      const judged = judgeWebOnly(ctx, response, data as GameSummary[]);
      seen += judged;
      return judged > 0;
    });
    if (seen === 0) ctx.skip('no generated query listed a web-only game');
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { observedGets } from '../harness/observed-gets.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** Fails where a web-only game's detail breaks rule 2 (`requireWebOnly`: the game is known to be web-only). */
function judgeDetail(response: ApiResponse, game: GameDetail, requireWebOnly: boolean): void {
  const checks: Array<[boolean, string, string, unknown]> = [
    ...(requireWebOnly
      ? [
          [game.status.web_only === true, 'status.web_only', 'true', game.status.web_only] as [
            boolean,
            string,
            string,
            unknown,
          ],
        ]
      : []),
    [
      game.urls.play === game.urls.website,
      'urls.play',
      `= urls.website (${JSON.stringify(game.urls.website)})`,
      game.urls.play,
    ],
    ...Object.entries(game.connection ?? {}).map(([key, value]): [boolean, string, string, unknown] => [
      value === null,
      `connection.${key}`,
      'null',
      value,
    ]),
  ];
  for (const [holds, path, expected, received] of checks) {
    expectThat(
      response,
      holds,
      `Web-only game ${game.id}: ${path} breaks rule 2`,
      `${path} ${expected}`,
      `${path} ${JSON.stringify(received)}`,
    );
  }
}

/** Rule 2 on the known web-only games' details, then on every detail of the run that says it is web-only. */
export const webOnly = defineCheck({
  id: 'GAME-DETAIL-WEB-ONLY',
  area: 'game-detail',
  source: '§2 rules on game resources, rule 2',
  level: 'must',
  title: 'A web-only game plays on its website and has no connection values',
  covers: ['S2.RULE2', 'S2.ST.WEBONLY'],
  decisions: ['D4'],
  async run(ctx) {
    const ids = ctx.discovery.webOnlyGameIds;
    if (ids.length === 0) ctx.skip('discovery found no web-only game');
    await ctx.property([fc.constantFrom(...ids)], async (id) => {
      const { response, game } = await fetchGame(ctx, id);
      judgeDetail(response, game, true);
    });
    // Then every game the run has: each one that says it is web-only follows rule 2.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+$/), (response) => {
      const game = (response.body as { data?: GameDetail } | undefined)?.data;
      if (game?.status?.web_only !== true || typeof game.urls !== 'object' || game.urls === null)
        return false;
      judgeDetail(response, game, false);
      return true;
    });
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

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
      const checks: Array<[boolean, string, string, unknown]> = [
        [game.status.web_only === true, 'status.web_only', 'true', game.status.web_only],
        [
          game.urls.play === game.urls.website,
          'urls.play',
          `= urls.website (${JSON.stringify(game.urls.website)})`,
          game.urls.play,
        ],
        ...Object.entries(game.connection).map(([key, value]): [boolean, string, string, unknown] => [
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
          `Web-only game ${id}: ${path} breaks rule 2`,
          `${path} ${expected}`,
          `${path} ${JSON.stringify(received)}`,
        );
      }
    });
  },
});

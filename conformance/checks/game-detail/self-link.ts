import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectThat, expectSelfLink, isAbsoluteUri } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

export const selfLink = defineCheck({
  id: 'GAME-DETAIL-SELF-LINK',
  area: 'game-detail',
  source: '§2 urls table, self',
  level: 'must',
  title: "A game's urls.self is an absolute URI of that game in the API",
  covers: ['S2.URLS.SELF'],
  async run(ctx) {
    await ctx.property([knownGameId(ctx, { includeArchived: true })], async (id) => {
      const { response, game } = await fetchGame(ctx, id);
      const self = game.urls.self;
      expectThat(
        response,
        isAbsoluteUri(self),
        'urls.self is not an absolute URI',
        'an absolute URI',
        String(self),
      );
      await expectSelfLink(ctx, response, self, 'games', id);
    });
  },
});

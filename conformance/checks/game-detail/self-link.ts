import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from './arbitraries/known-game-id.ts';
import { expectThat } from '../../src/core/expect-that.ts';
import { expectSelfLink } from '../../src/core/expect-self-link.ts';
import { fetchGame } from './support/fetch-game.ts';
import { isAbsoluteUri } from '../../src/core/is-absolute-uri.ts';

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

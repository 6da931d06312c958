import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectGame } from '../harness/fetch-game.ts';
import { expectThat, isAbsoluteUri } from '../../src/core/expect.ts';
import { NAMED_URL_KEYS } from '../harness/named-url-keys.ts';
import { idInPath, observedGets } from '../harness/observed-gets.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

export const schema = defineCheck({
  id: 'GAME-DETAIL-SCHEMA',
  area: 'game-detail',
  source: '§4 GET /games/{gameId}; §2 game summary and game detail tables',
  level: 'must',
  title: 'A game is returned in the detail form',
  covers: [
    'S4.GAME.OK',
    'S2.GS.ID',
    'S2.GS.NAME',
    'S2.GS.INTRO',
    'S2.GS.URLS',
    'S2.GS.CONNECTION',
    'S2.GS.RANKING',
    'S2.GS.REVIEWS',
    'S2.GS.TAGS',
    'S2.GS.DATES',
    'S2.GS.STATUS',
    'S2.URLS.WEBSITE',
    'S2.URLS.DISCORD',
    'S2.URLS.BANNER',
    'S2.URLS.PLAY',
    'S2.URLS.MSSP',
    'S2.URLS.PLAYERS',
    'S2.URLS.REVIEWS',
    'S2.CONN.HOST',
    'S2.CONN.PORT',
    'S2.CONN.TLS',
    'S2.CONN.MSSP',
    'S2.ST.ARCHIVED',
    'S2.ST.REASON',
    'S2.ST.WEBONLY',
    'S2.ST.LASTCRAWLED',
    'S2.ST.LASTCONNECT',
    'S2.ST.CONFIRMED',
    'S2.ST.PLAYERS',
    'S2.ST.MSSPAT',
    'S2.GD.FORMS',
    'S2.GD.DESCRIPTION',
    'S2.GD.WATCHERS',
    'S1.4-FORMAT',
  ],
  async run(ctx) {
    const judge = (response: ApiResponse, id: number): boolean => {
      const game = expectGame(ctx, response);
      expectThat(
        response,
        game.id === id,
        'The detail is of another game',
        `data.id ${id}`,
        `data.id ${game.id}`,
      );
      // §2 urls table: the listing page ("the service") is a required uri whose key is not shown (D1).
      const listing = Object.entries(game.urls).filter(
        ([key, value]) => !NAMED_URL_KEYS.has(key) && isAbsoluteUri(value),
      );
      expectThat(
        response,
        listing.length > 0,
        'urls has no listing-page URL',
        'a key besides self/website/discord/banner/play/mssp/players/reviews holding an absolute URI',
        `urls keys ${Object.keys(game.urls).join(', ')}`,
      );
      return true;
    };
    // Every detail the run already has, then games by id.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+$/), (response) => judge(response, idInPath(response)));
    await ctx.property([knownGameId(ctx, { includeArchived: true })], async (id) => {
      judge(await ctx.client.get(`/games/${id}`), id);
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

export const archivedGameFilterEmpty = defineCheck({
  id: 'REVIEWS-ARCHIVED-GAME-FILTER-EMPTY',
  area: 'reviews',
  source: '§4 GET /reviews (game_id "limits results to one active game"; archived games\' reviews excluded)',
  level: 'must',
  title: 'game_id of an archived game gives an empty collection',
  covers: ['S4.REVIEWS.GAMEID', 'S4.REVIEWS.ARCHIVED'],
  decisions: ['D42'],
  async run(ctx) {
    const id = ctx.discovery.archivedGameId;
    if (id === undefined) return ctx.skip('no archived game id is known (give --archived-game-id)');
    const { response, page } = await fetchReviews(ctx, [['game_id', id]]);
    expectThat(
      response,
      page.data.length === 0 && page.meta.total === 0,
      `Reviews of archived game ${id} are listed`,
      'data [], meta.total 0',
      `${page.data.length} items, meta.total ${page.meta.total}`,
    );
  },
});

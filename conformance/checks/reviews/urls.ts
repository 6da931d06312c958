import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { ReviewDetail, ReviewSummary } from '../../src/core/discovery.ts';
import { dataOf, expectSelfLink, expectStatus, expectThat, isAbsoluteUri } from '../../src/core/expect.ts';
import { isApiLink, type ApiResponse } from '../../src/core/http-client.ts';
import { expectGame, fetchGame } from '../harness/fetch-game.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';
import { longestTexts } from './support/longest-texts.ts';

export const urls = defineCheck({
  id: 'REVIEWS-URLS',
  area: 'reviews',
  source: '§2 review summary, urls (self, mudverse, game: uri strings)',
  level: 'must',
  title: "A review's urls are absolute, self leads back to the review and game to its game",
  covers: ['S2.RS.URLS'],
  decisions: ['D81'],
  async run(ctx) {
    // First the review REVIEWS-DETAIL-MATCHES-SUMMARY reads first: its detail is then the run's
    // cached answer, and the case costs the game link it follows.
    const first = longestTexts(ctx)[0];
    await ctx.property(
      [knownReview(ctx)],
      async (summary: ReviewSummary) => {
        const { response, review } = await fetchReview(ctx, summary.id);
        for (const [key, value] of Object.entries(review.urls)) {
          expectThat(
            response,
            isAbsoluteUri(value),
            `Review ${review.id}: urls.${key} is not an absolute URI`,
            `urls.${key} an absolute URI`,
            `urls.${key} ${JSON.stringify(value)}`,
          );
        }
        await expectSelfLink(ctx, response, review.urls.self, 'reviews', review.id);
        if (isAbsoluteUri(review.urls.game)) await expectGameLink(ctx, response, review);
      },
      { examples: first === undefined ? [] : [[first]] },
    );
  },
});

/**
 * A review's `urls.game` leads to the reviewed game (D81: the description types it as a URI
 * only; its name says what it names). A link into the API is followed: a valid game detail of
 * `game.id`. A link elsewhere is a page of the game (its listing page, say): one of the game's
 * own urls. A link copied from a neighbour (`/reviews/{game id}`, the review's own page, the
 * game's players) leads elsewhere.
 */
async function expectGameLink(ctx: CheckContext, response: ApiResponse, review: ReviewDetail): Promise<void> {
  const link = review.urls.game;
  const gameId = review.game.id;
  if (isApiLink(link, ctx.client.baseUrl)) {
    const followed = await ctx.client.getAbsolute(link);
    expectStatus(followed, 200, `GET ${link} (urls.game of review ${review.id}, whose game.id is ${gameId})`);
    const game = expectGame(ctx, followed);
    expectThat(
      followed,
      game.id === gameId,
      `Review ${review.id}: urls.game leads to another game`,
      `data.id ${gameId} (the review's game.id)`,
      `data.id ${JSON.stringify(dataOf<{ id?: unknown }>(followed)?.id)} at ${link}`,
    );
    return;
  }
  const { game } = await fetchGame(ctx, gameId);
  const own = Object.values(game.urls).filter((value): value is string => typeof value === 'string');
  expectThat(
    response,
    own.includes(link),
    `Review ${review.id}: urls.game is neither a link into the API nor one of game ${gameId}'s urls`,
    `the game's API link, or one of its urls (${own.join(', ')})`,
    `urls.game ${JSON.stringify(link)}`,
  );
}

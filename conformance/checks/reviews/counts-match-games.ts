import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { fetchAllReviews } from './support/fetch-all-reviews.ts';

/** Half a unit of the profile's last decimal (D41: ours is 2), plus float noise. */
const averageSlack = (decimals: number) => 0.5 * 10 ** -decimals + 1e-9;

/**
 * D41: a game's review figures describe the reviews GET /reviews?game_id= lists. Which reviews
 * they count is open, and so is the average's precision (profile `averageRatingDecimals`); what
 * the figures say of each other whatever they count (average_rating null exactly when nothing is
 * rated) is GAMES-REVIEW-FIGURES-CONSISTENT's.
 */
export const countsMatchGames = defineCheck({
  id: 'REVIEWS-COUNTS-MATCH-GAMES',
  area: 'reviews',
  source: '§2 game summary, reviews (count, average_rating, rating_count); §4 GET /reviews, game_id',
  level: 'profile',
  title: "A game's review figures agree with its reviews in the collection",
  covers: ['S2.GS.REVIEWS', 'S4.REVIEWS.GAMEID'],
  comparesAnswers: true,
  decisions: ['D41'],
  async run(ctx) {
    if (!ctx.profile.reviewCountsMatch)
      ctx.skip('the profile says review counts need not match (reviewCountsMatch)');
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    // Reviewed games are where a miscount shows; unreviewed ones check the zero case.
    const reviewed = games.filter((game) => game.reviews.count > 0);
    const pick =
      reviewed.length > 0
        ? fc.oneof(
            { arbitrary: fc.constantFrom(...reviewed), weight: 3 },
            { arbitrary: fc.constantFrom(...games), weight: 1 },
          )
        : fc.constantFrom(...games);
    await ctx.property([pick], async (game: GameSummary) => {
      // Judged again (D65): the game's figures as its detail shows them now, not discovery's. A game
      // archived since has its reviews left out of the collection (§4): no verdict on it then.
      let figures = game.reviews;
      if (ctx.rechecking) {
        const now = (await fetchGame(ctx, game.id)).game;
        if (now.status.archived) return;
        figures = now.reviews;
      }
      const { first, total, reviews, complete } = await fetchAllReviews(ctx, [['game_id', game.id]]);
      const ratings = reviews
        .map((review) => review.rating)
        .filter((rating): rating is number => rating !== null);
      const mean =
        ratings.length === 0 ? null : ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
      expectThat(
        first,
        total === figures.count,
        `Game ${game.id}: reviews.count differs from the collection's total`,
        `reviews.count ${total} (GET /reviews?game_id=${game.id})`,
        `reviews.count ${figures.count}`,
      );
      if (!complete) return;
      expectThat(
        first,
        ratings.length === figures.rating_count,
        `Game ${game.id}: reviews.rating_count differs from its rated reviews`,
        `rating_count ${ratings.length}`,
        `rating_count ${figures.rating_count}`,
      );
      const averageAgrees =
        mean === null
          ? figures.average_rating === null
          : figures.average_rating !== null &&
            Math.abs(figures.average_rating - mean) <= averageSlack(ctx.profile.averageRatingDecimals);
      expectThat(
        first,
        averageAgrees,
        `Game ${game.id}: reviews.average_rating differs from the mean of its ratings`,
        `average_rating ${mean === null ? 'null' : `≈ ${mean.toFixed(ctx.profile.averageRatingDecimals)} (the mean rounded to the profile's averageRatingDecimals)`}`,
        `average_rating ${JSON.stringify(figures.average_rating)}`,
      );
    });
  },
});

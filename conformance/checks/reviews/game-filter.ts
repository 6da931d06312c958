import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { reviewedGameId } from './arbitraries/reviewed-game-id.ts';
import { fetchReviews, type ReviewPage } from './support/fetch-reviews.ts';
import { fetchGame } from '../harness/fetch-game.ts';

/** Half a star, plus float noise: any rounding of the mean, to any precision, is within it (D67). */
const AVERAGE_SLACK = 0.5 + 1e-9;

/**
 * How many of a page's first reviews have an order no server may choose otherwise: non-null
 * submission instants, each strictly older than the one before (newest first, no tie).
 */
function forcedOrderLength(reviews: ReviewPage['data']): number {
  let length = 0;
  let before = Number.POSITIVE_INFINITY;
  for (const review of reviews) {
    const at = review.dates.submitted === null ? Number.NaN : Date.parse(review.dates.submitted);
    if (!(at < before)) break;
    before = at;
    length += 1;
  }
  return length;
}

/**
 * game_id keeps only that game's reviews, on every page: besides the first page (per_page 50),
 * page 2 at a smaller per_page is the next reviews of that same list — a filter that loses the
 * page's offset (page 2 repeating page 1) or pages the unfiltered list shows here. Judged only
 * over reviews whose order is forced (distinct submission instants), so no tie order is assumed.
 * The page of 50 also judges the game's average rating, where the game's figures count it (D67).
 */
export const gameFilter = defineCheck({
  id: 'REVIEWS-GAME-FILTER',
  area: 'reviews',
  source:
    '§4 GET /reviews parameters, game_id ("limits results to one active game"), page, per_page; §2 game summary, reviews (average_rating)',
  level: 'must',
  title:
    "game_id limits the reviews to that game and keeps them all, its pages follow one another, and the game's average rating is their mean",
  covers: ['S4.REVIEWS.GAMEID', 'S4.REVIEWS.PAGE', 'S2.GS.REVIEWS'],
  decisions: ['D67'],
  comparesAnswers: true,
  async run(ctx) {
    // The first case the same on every seed (its cost is what the budget line counts): the game
    // of the most reviews that one page of 50 holds whole, so its average is judged and page 2
    // asked (two reviews or more).
    // Among them first a game the collection's first pages listed reviews of (whose reviews the
    // filter must keep).
    const seenGames = new Set(ctx.discovery.reviews.map((review) => review.game.id));
    const whole = ctx.discovery.games
      .filter((game) => game.reviews.count >= 2 && game.reviews.count <= 50)
      .sort(
        (a, b) =>
          Number(seenGames.has(b.id)) - Number(seenGames.has(a.id)) ||
          b.reviews.count - a.reviews.count ||
          a.id - b.id,
      )[0];
    await ctx.property(
      [reviewedGameId(ctx), fc.nat()],
      async (id, split) => {
        const { response, page } = await fetchReviews(ctx, [
          ['game_id', id],
          ['per_page', 50],
        ]);
        for (const review of page.data) {
          expectThat(
            response,
            review.game.id === id,
            `game_id=${id} returned a review of game ${review.game.id}`,
            `every item's game.id ${id}`,
            `review ${review.id} with game.id ${review.game.id}`,
          );
        }
        // The unfiltered total is discovery's, and reviews posted since may take a game's past it
        // (D65): a filtered total above it is held against the collection's total read now.
        const unfiltered =
          page.meta.total > ctx.discovery.totalReviews
            ? await totalReviewsNow(ctx)
            : ctx.discovery.totalReviews;
        expectThat(
          response,
          page.meta.total <= unfiltered,
          'A filtered total exceeds the unfiltered total',
          `meta.total ≤ ${unfiltered}`,
          `meta.total ${page.meta.total}`,
        );
        // …and keeps every review of that game the unfiltered collection listed (discovery's
        // pages): a filter that loses reviews (an empty answer, a game's first review only)
        // fails. A review missing here is looked up by id first (D65: deleted, or its game
        // archived, since discovery read it).
        const listedHere = new Set(page.data.map((review) => review.id));
        const complete = page.meta.total === page.data.length;
        const seen = ctx.discovery.reviews
          .filter((review) => review.game.id === id && review.game.archived !== true)
          .map((review) => review.id);
        const unlisted = seen.filter((reviewId) => !listedHere.has(reviewId));
        if (unlisted.length > 0 && (complete || page.meta.total < seen.length)) {
          const lookup = await ctx.client.get(`/reviews/${unlisted[0]!}`, { fresh: true });
          const game = (lookup.body as { data?: { game?: { id?: unknown; archived?: unknown } } } | undefined)
            ?.data?.game;
          expectThat(
            response,
            !(lookup.status === 200 && game?.id === id && game.archived !== true),
            `game_id=${id} leaves out review ${unlisted[0]!} of that game, which GET /reviews lists`,
            `the ${seen.length} review(s) of game ${id} GET /reviews listed (${seen.join(', ')}) among its ${page.meta.total}`,
            `meta.total ${page.meta.total}, review ids ${[...listedHere].join(', ') || 'none'}`,
          );
        }
        // D67: where the game's figures count exactly the reviews listed here, its average_rating
        // is their mean within half a star, whatever its precision (D41 leaves it open): an
        // integer division or a truncation, a median, unrated reviews averaged as 0 fail. The
        // figures are discovery's, read again on the fresh judgement of a failure (D65).
        const figures = ctx.rechecking
          ? (await fetchGame(ctx, id)).game.reviews
          : ctx.discovery.games.find((game) => game.id === id)?.reviews;
        const ratings = page.data
          .map((review) => review.rating)
          .filter((rating): rating is number => rating !== null);
        if (
          figures !== undefined &&
          ratings.length > 0 &&
          page.meta.total === page.data.length &&
          figures.count === page.meta.total &&
          figures.rating_count === ratings.length &&
          figures.average_rating !== null
        ) {
          const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
          expectThat(
            response,
            Math.abs(figures.average_rating - mean) <= AVERAGE_SLACK,
            `Game ${id}: reviews.average_rating ${figures.average_rating} is not the mean of the ${ratings.length} ratings it counts`,
            `within ${AVERAGE_SLACK} of ${mean.toFixed(3)}, the mean of ${JSON.stringify(ratings)} (any rounding, D67)`,
            `average_rating ${figures.average_rating}`,
          );
        }
        const largest = Math.floor(forcedOrderLength(page.data) / 2);
        if (largest < 1) return;
        const size = 1 + (split % largest);
        const second = await fetchReviews(ctx, [
          ['game_id', id],
          ['per_page', size],
          ['page', 2],
        ]);
        const expected = page.data.slice(size, 2 * size).map((review) => review.id);
        const got = second.page.data.map((review) => review.id);
        expectThat(
          second.response,
          got.length === expected.length && got.every((reviewId, i) => reviewId === expected[i]),
          `Page 2 of game_id=${id} at per_page=${size} is not the game's reviews ${size + 1}–${2 * size}`,
          `review ids ${expected.join(', ')} (items ${size + 1}–${2 * size} of its per_page=50 list)`,
          `review ids ${got.join(', ') || 'none'}`,
        );
      },
      {
        // Then the reviewed games of the highest and the lowest id: an index searched with a bound
        // off by one (a binary search for the last element) misses the game at either end.
        examples: [
          ...(whole === undefined ? [] : [[whole.id, 0] as [number, number]]),
          ...extremeReviewedGames(ctx, whole?.id).map((id) => [id, 0] as [number, number]),
        ],
      },
    );
  },
});

/**
 * The reviewed active games (a review of GET /reviews' first pages, or a summary's count) of the
 * highest and the lowest id, those a review of the first pages was seen of first (the check
 * knows those reviews, so a filter that loses them fails): other than `skip`, the first case's.
 */
function extremeReviewedGames(ctx: CheckContext, skip: number | undefined): number[] {
  const seen = new Set(
    ctx.discovery.reviews.filter((review) => review.game.archived !== true).map((review) => review.game.id),
  );
  const counted = ctx.discovery.games.filter((game) => game.reviews.count > 0).map((game) => game.id);
  const pool = seen.size > 0 ? [...seen] : counted;
  if (pool.length === 0) return [];
  const ids = [Math.max(...pool), Math.min(...pool)];
  return [...new Set(ids)].filter((id) => id !== skip);
}

/**
 * `meta.total` of GET /reviews as the server tells it now (the run's cache bypassed), read after
 * the filtered page; discovery's when the answer has none (the collection checks judge it).
 */
async function totalReviewsNow(ctx: CheckContext): Promise<number> {
  const response = await ctx.client.get('/reviews', { query: [['per_page', 1]], fresh: true });
  const total = (response.body as { meta?: { total?: unknown } } | undefined)?.meta?.total;
  return response.status === 200 && typeof total === 'number' ? total : ctx.discovery.totalReviews;
}

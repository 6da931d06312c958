import type { CheckContext } from '../../../src/core/check.ts';
import type { ReviewSummary } from '../../../src/core/discovery.ts';

/**
 * The first cases: the review with the longest title, then one of the game with the longest name
 * (as GET /games names it: a list that cuts the names it repeats makes every long one alike),
 * then the one with the longest author's name (a text cut to a column's length or shortened for
 * display on one of the two answers shows on the longest values only); then the highest id.
 */
export function longestTexts(ctx: CheckContext): ReviewSummary[] {
  const reviews = ctx.discovery.reviews;
  const gameNames = new Map(ctx.discovery.games.map((game) => [game.id, game.name]));
  const texts: ((review: ReviewSummary) => unknown)[] = [
    (review) => review.title,
    (review) => gameNames.get(review.game?.id) ?? review.game?.name,
    (review) => review.author?.display_name,
  ];
  const chosen: ReviewSummary[] = [];
  for (const text of texts) {
    let longest: { review: ReviewSummary; length: number } | undefined;
    for (const review of reviews) {
      const value = text(review);
      const length = typeof value === 'string' ? value.length : -1;
      if (length >= 0 && (longest === undefined || length > longest.length)) longest = { review, length };
    }
    if (longest !== undefined && !chosen.includes(longest.review)) chosen.push(longest.review);
  }
  // Then the highest id listed: the end of the id range, where a table sized by the largest id
  // (one slot short) misses the last review.
  const highest = reviews.reduce<ReviewSummary | undefined>(
    (top, review) => (top === undefined || review.id > top.id ? review : top),
    undefined,
  );
  if (highest !== undefined && !chosen.includes(highest)) chosen.push(highest);
  return chosen;
}

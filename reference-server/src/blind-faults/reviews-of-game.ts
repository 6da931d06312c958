import type { Dataset, ReviewRecord } from '../../../fixtures/src/model.ts';

/** Per dataset, each game's reviews (built when a blind fault first asks). */
const reviewsPerDataset = new WeakMap<Dataset, Map<number, ReviewRecord[]>>();

/**
 * A game's reviews, every one (its game archived or not: the figures on a game count them all,
 * D41), newest first, ties by id: what the blind faults that recount a game's review figures read.
 */
export function reviewsOfGame(dataset: Dataset, gameId: number): readonly ReviewRecord[] {
  let byGame = reviewsPerDataset.get(dataset);
  if (byGame === undefined) {
    byGame = new Map();
    for (const review of dataset.reviews) {
      const list = byGame.get(review.gameId) ?? [];
      list.push(review);
      byGame.set(review.gameId, list);
    }
    for (const list of byGame.values()) list.sort((a, b) => b.submitted - a.submitted || b.id - a.id);
    reviewsPerDataset.set(dataset, byGame);
  }
  return byGame.get(gameId) ?? [];
}

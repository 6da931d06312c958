import type { Dataset, ReviewRecord } from '../../../../fixtures/src/model.ts';
import { buildGame } from './build-game.ts';

/** A review for the review modules' unit tests: only its id, game and submission time matter. */
export function buildReview(id: number, gameId: number, submitted: number): ReviewRecord {
  return {
    id,
    gameId,
    title: 't',
    rating: null,
    authorDisplayName: 'a',
    authorAffiliation: null,
    submitted,
    edited: null,
    body: 'b',
  };
}

/** Two games (the second archived) and four reviews, two of them submitted at the same time. */
export const REVIEW_DATASET: Dataset = {
  seed: 1,
  anchor: 1000,
  taxonomy: { groups: [], custom: [] },
  games: [buildGame({ id: 1 }), buildGame({ id: 2, archiveReason: 'non_connectivity' })],
  reviews: [buildReview(1, 1, 100), buildReview(2, 1, 300), buildReview(3, 1, 300), buildReview(4, 2, 500)],
};

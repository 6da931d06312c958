import { describe, expect, it } from 'vitest';
import { GameIndex } from '../domain/game-index.ts';
import { REVIEW_LISTING, ReviewIndex } from '../domain/review-query.ts';
import { toFaultSet, type FaultName } from '../faults.ts';
import { NO_VARIANTS, toVariantSet } from '../variants.ts';
import type { Deviations } from './representation.ts';
import { deviateReviewLookup, deviateReviewQuery, refusedReviewPaging, reviewListing } from './reviews.ts';
import { REVIEW_DATASET as DATASET } from '../domain/testing/review-dataset.ts';

function on(faults: FaultName[]): Deviations {
  return { faults: toFaultSet(faults), variants: NO_VARIANTS, index: new GameIndex(DATASET) };
}

const listed = (faults: FaultName[]) =>
  new ReviewIndex(DATASET, reviewListing(toFaultSet(faults)))
    .list({ page: 1, perPage: 20, game: 'any' })
    .reviews.map((r) => r.id);

describe('review deviations', () => {
  it('give the API listing when no fault is on', () => {
    expect(reviewListing(toFaultSet([]))).toBe(REVIEW_LISTING);
  });

  it('list oldest first, and archived games reviews (faults reviews-oldest-first, archived-review-in-collection)', () => {
    expect(listed(['reviews-oldest-first'])).toEqual([1, 2, 3]);
    expect(listed(['archived-review-in-collection'])).toEqual([4, 3, 2, 1]);
  });

  it('ignore game_id (fault review-game-filter-ignored)', () => {
    expect(
      deviateReviewQuery({ page: 1, perPage: 20, game: 2 }, on(['review-game-filter-ignored'])).game,
    ).toBe('any');
  });

  it('find no review of an archived game by id (fault archived-review-404-by-id)', () => {
    const index = new ReviewIndex(DATASET);
    expect(deviateReviewLookup(index.review(4), on(['archived-review-404-by-id']))).toBeUndefined();
    expect(deviateReviewLookup(index.review(1), on(['archived-review-404-by-id']))?.id).toBe(1);
    expect(deviateReviewLookup(index.review(4), on([]))?.id).toBe(4);
  });

  it('refuse bad paging (variant reviews-bad-paging-422)', () => {
    const deviations = { ...on([]), variants: toVariantSet(['reviews-bad-paging-422']) };
    expect(refusedReviewPaging({ per_page: '51' }, deviations)?.error.details).toEqual({
      parameter: 'per_page',
      value: '51',
    });
    expect(refusedReviewPaging({ per_page: '51' }, on([]))).toBeUndefined();
  });
});

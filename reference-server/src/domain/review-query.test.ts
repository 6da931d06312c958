import { describe, expect, it } from 'vitest';
import { parseReviewQuery, ReviewIndex } from './review-query.ts';
import { REVIEW_DATASET as DATASET } from './testing/review-dataset.ts';

describe('parseReviewQuery (D19)', () => {
  it.each([
    [{}, { page: 1, perPage: 20, game: 'any' }],
    [{ page: '0' }, { page: 1, perPage: 20, game: 'any' }],
    [{ page: '05' }, { page: 1, perPage: 20, game: 'any' }],
    [{ per_page: '0' }, { page: 1, perPage: 1, game: 'any' }],
    [{ per_page: '-3' }, { page: 1, perPage: 1, game: 'any' }],
    [{ per_page: '51' }, { page: 1, perPage: 50, game: 'any' }],
    [{ per_page: '99999999999999999999' }, { page: 1, perPage: 50, game: 'any' }],
    [{ per_page: '2.5' }, { page: 1, perPage: 20, game: 'any' }],
    [{ per_page: ['5', '6'] }, { page: 1, perPage: 20, game: 'any' }],
    [{ game_id: '7' }, { page: 1, perPage: 20, game: 7 }],
    [{ game_id: 'x' }, { page: 1, perPage: 20, game: 'none' }],
    [{ game_id: '' }, { page: 1, perPage: 20, game: 'none' }],
  ])('reads %j as %j', (query, expected) => {
    expect(parseReviewQuery(query)).toEqual(expected);
  });
});

describe('ReviewIndex', () => {
  const index = new ReviewIndex(DATASET);

  it('lists newest first, ties by id descending, without archived games (D43, §4)', () => {
    expect(index.list({ page: 1, perPage: 20, game: 'any' }).reviews.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('gives an archived game_id an empty collection (D42)', () => {
    expect(index.list({ page: 1, perPage: 20, game: 2 }).total).toBe(0);
  });

  it('gives a malformed game_id an empty collection (D19)', () => {
    expect(index.list({ page: 1, perPage: 20, game: 'none' }).total).toBe(0);
  });

  it('finds an archived game review by id', () => {
    expect(index.review(4)?.gameId).toBe(2);
  });

  it('pages through the list', () => {
    expect(index.list({ page: 2, perPage: 2, game: 'any' }).reviews.map((r) => r.id)).toEqual([1]);
  });
});

/** §4 GET /reviews and /reviews/{reviewId}; DECISIONS D16, D17, D19, D42, D43. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const isArchived = (gameId: number) =>
  server.dataset.games.find((g) => g.id === gameId)!.archiveReason !== null;

describe('review collection', () => {
  it('excludes reviews of archived games from the total', async () => {
    const response = await server.get('/reviews');
    expect(response.body.meta.total).toBe(server.dataset.reviews.filter((r) => !isArchived(r.gameId)).length);
  });

  it('lists newest first, ties by id descending (D43)', async () => {
    const response = await server.get('/reviews?per_page=50');
    const rows: Array<[string, number]> = response.body.data.map(
      (r: { dates: { submitted: string }; id: number }) => [r.dates.submitted, r.id],
    );
    expect(rows).toEqual([...rows].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]));
  });

  it('limits results to one game with game_id', async () => {
    const gameId = server.dataset.reviews.find((r) => !isArchived(r.gameId))!.gameId;
    const response = await server.get(`/reviews?game_id=${gameId}&per_page=50`);
    expect(response.body.data.every((r: { game: { id: number } }) => r.game.id === gameId)).toBe(true);
  });

  it('answers game_id of an archived game with an empty collection (D42)', async () => {
    const gameId = server.dataset.reviews.find((r) => isArchived(r.gameId))!.gameId;
    const response = await server.get(`/reviews?game_id=${gameId}`);
    expect(response.body.meta.total).toBe(0);
  });

  it('answers a malformed game_id with an empty collection (D19)', async () => {
    const response = await server.get('/reviews?game_id=abc');
    expect([response.status, response.body.meta.total]).toEqual([200, 0]);
  });

  it.each([
    ['page=0', 1, 20],
    ['page=abc', 1, 20],
    ['page=1&page=2', 1, 20],
    ['per_page=0', 1, 1],
    ['per_page=-4', 1, 1],
    ['per_page=500', 1, 50],
    ['per_page=1e3', 1, 20],
    ['per_page=', 1, 20],
  ])('falls back for %s to page %i of %i (D19)', async (query, page, perPage) => {
    const response = await server.get(`/reviews?${query}`);
    expect([response.status, response.body.meta.page, response.body.meta.per_page]).toEqual([
      200,
      page,
      perPage,
    ]);
  });
});

describe('one review', () => {
  it('returns the review with its body', async () => {
    const review = server.dataset.reviews[0]!;
    const response = await server.get(`/reviews/${review.id}`);
    expect(response.body.data.body).toBe(review.body);
  });

  it('returns a review of an archived game, reporting game.archived', async () => {
    const review = server.dataset.reviews.find((r) => isArchived(r.gameId))!;
    const response = await server.get(`/reviews/${review.id}`);
    expect(response.body.data.game.archived).toBe(true);
  });

  it('answers an unknown id with 404 review_not_found (D16)', async () => {
    const response = await server.get('/reviews/999999');
    expect([response.status, response.body.error.code]).toEqual([404, 'review_not_found']);
  });

  it.each(['abc', '0', '1.0', '%zz'])(
    'answers the malformed id %s with 404 review_not_found (D17)',
    async (id) => {
      const response = await server.get(`/reviews/${id}`);
      expect([response.status, response.body.error.code]).toEqual([404, 'review_not_found']);
    },
  );
});

import type { CheckContext } from '../../src/core/check.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import { expectStatus, dataOf, expectSchema } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { tolerantGameSchema } from './tolerant-game-schema.ts';

/** GET /games/{id}: 200 with a valid detail (the listing-url key aside, D1), or the check fails. */
export async function fetchGame(
  ctx: CheckContext,
  id: number,
): Promise<{ response: ApiResponse; game: GameDetail }> {
  const response = await ctx.client.get(`/games/${id}`);
  return { response, game: expectGame(ctx, response) };
}

/** An answer to GET /games/{id} is a 200 with a valid detail (the listing-url key aside, D1), or the check fails. */
export function expectGame(ctx: CheckContext, response: ApiResponse): GameDetail {
  expectStatus(response, 200);
  const schema = tolerantGameSchema(ctx.spec, ctx.profile.listingUrlKey, 'GameDetail');
  expectSchema(ctx, response, schema, dataOf(response), 'GameDetail');
  return dataOf<GameDetail>(response);
}

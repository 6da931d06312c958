import type { components } from '../../../spec/generated/openapi.d.ts';
import type { CheckContext } from '../../src/core/check.ts';
import { expectStatus, expectSchema } from '../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';

export type PlayerHistory = components['schemas']['PlayerHistoryResponse'];

/** GET /games/{id}/players: 200 with a valid player-history response, or the check fails. */
export async function fetchPlayers(
  ctx: CheckContext,
  id: number,
  query: QueryPairs,
): Promise<{ response: ApiResponse; body: PlayerHistory }> {
  const response = await ctx.client.get(`/games/${id}/players`, { query });
  return { response, body: expectPlayers(ctx, response) };
}

/** An answer to GET /games/{id}/players is a 200 with a valid player-history response, or the check fails. */
export function expectPlayers(ctx: CheckContext, response: ApiResponse): PlayerHistory {
  expectStatus(response, 200);
  expectSchema(
    ctx,
    response,
    ctx.spec.componentSchema('PlayerHistoryResponse'),
    response.body,
    'PlayerHistoryResponse',
  );
  return response.body as PlayerHistory;
}

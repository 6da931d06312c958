/**
 * One page of GET /games, required to be a 200 that matches the spec. Most games
 * checks start here; a non-200 or a schema departure fails the check at once with
 * the request that caused it.
 */
import type { components } from '../../../spec/generated/openapi.d.ts';
import type { CheckContext } from '../../src/core/check.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { failureOf } from '../../src/core/expect.ts';
import { expectPageSize } from './page-size.ts';

export type GameCollection = components['schemas']['GameCollection'];

export interface GamesPage {
  response: ApiResponse;
  body: GameCollection;
}

/** Requires a 200 game collection valid against `listGames`. */
export function expectGamesPage(ctx: CheckContext, response: ApiResponse, why: string): GamesPage {
  if (response.status !== 200) {
    ctx.fail(
      failureOf(response, `GET /games answered ${response.status} ${why}`, '200', `${response.status}`),
    );
  }
  ctx.expectValid(response, 'listGames');
  const body = response.body as GameCollection;
  expectPageSize(response, body.meta, body.data.length, 'games');
  return { response, body };
}

/** `fresh`: sent again even when the run's cache holds the answer (a re-check on data of now). */
export async function fetchGamesPage(
  ctx: CheckContext,
  query: QueryPairs,
  why = 'to a valid query',
  { fresh = false } = {},
): Promise<GamesPage> {
  const response = await ctx.client.get('/games', { query, ...(fresh ? { fresh } : {}) });
  return expectGamesPage(ctx, response, why);
}

/**
 * One page of GET /games, required to be a 200 that matches the spec. Most games
 * checks start here; a non-200 or a schema departure fails the check at once with
 * the request that caused it.
 */
import type { components } from '../../../spec/generated/openapi.d.ts';
import { CaseOutOfScope, type CheckContext } from '../../src/core/check.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { expectPageSize } from './page-size.ts';
import { lastPage } from './last-page.ts';

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

/**
 * `fresh`: sent again even when the run's cache holds the answer (a re-check on data of now).
 * D39: a page past the last page + 1 may be answered 422 `invalid_filter`. When a page of 3 or
 * more is, page 1 of the same query is asked for its total; a page that far out is a case without
 * a verdict (CaseOutOfScope), any other 422 fails as before.
 */
export async function fetchGamesPage(
  ctx: CheckContext,
  query: QueryPairs,
  why = 'to a valid query',
  { fresh = false } = {},
): Promise<GamesPage> {
  const response = await ctx.client.get('/games', { query, ...(fresh ? { fresh } : {}) });
  const page = Number(query.find(([name]) => name === 'page')?.[1] ?? 1);
  if (response.status === 422 && page >= 3 && errorCodeOf(response) === 'invalid_filter') {
    const first = expectGamesPage(
      ctx,
      await ctx.client.get('/games', { query: query.filter(([name]) => name !== 'page'), fresh: true }),
      'to page 1 of a query whose later page was refused',
    );
    const last = lastPage(first.body.meta.total, first.body.meta.per_page);
    if (page > last + 1) {
      throw new CaseOutOfScope(`page ${page} is past the last page (${last}) + 1, refused with 422 (D39)`);
    }
  }
  return expectGamesPage(ctx, response, why);
}

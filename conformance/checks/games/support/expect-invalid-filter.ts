/**
 * A 422 `invalid_filter` answer of GET /games: the error envelope, with the
 * rate-limit headers and X-Request-ID the spec lists on 422 (§7).
 */
import type { CheckContext } from '../../../src/core/check.ts';
import { expectErrorCode } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

export function expectInvalidFilter(ctx: CheckContext, response: ApiResponse): void {
  expectErrorCode(response, 422, 'invalid_filter');
  ctx.expectValid(response, 'listGames');
}

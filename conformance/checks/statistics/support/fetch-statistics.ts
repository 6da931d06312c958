import type { CheckContext } from '../../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope } from '../../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';
import { NOT_READY_CODES } from './not-ready-codes.ts';

/**
 * GET a statistics endpoint where the query is valid: 200, or (D15 tolerant) a 503
 * with statistics_pending/statistics_unavailable. `ready` says which it was. `fresh` asks past the
 * run's cache.
 */
export async function fetchStatistics(
  ctx: CheckContext,
  path: string,
  query: QueryPairs,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ response: ApiResponse; ready: boolean }> {
  const response = await ctx.client.get(path, { query, ...(fresh ? { fresh } : {}) });
  if (response.status === 503) {
    expectErrorEnvelope(response, 503, NOT_READY_CODES);
    return { response, ready: false };
  }
  expectStatus(response, 200);
  return { response, ready: true };
}

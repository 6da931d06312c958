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
  return { response, ready: isReadyAnswer(response) };
}

/** The answer to a valid statistics query: 200 (true), or a 503 with a not-ready code (false, D15); fails otherwise. */
export function isReadyAnswer(response: ApiResponse): boolean {
  if (response.status === 503) {
    expectErrorEnvelope(response, 503, NOT_READY_CODES);
    return false;
  }
  expectStatus(response, 200);
  return true;
}

/**
 * "The response is one the spec documents" for a must-level check. `ctx.spec` already puts
 * the profile's names in place of ours (core/spec-for-profile.ts) and leaves the rate-limit
 * headers on 503 optional (D37); what it still requires are the profile's choices
 * themselves, which a must check does not fail a server for (their profile-level checks do):
 *
 * - D1: the listing-page URL under the profile's key (`urls.<listingUrlKey>`) — GAME-DETAIL-LISTING-URL;
 * - D6, D7, D12, D13: statistics and activity-pattern 200 bodies — the statistics checks;
 * - D16: the code of a missing review being one of the profile's — REVIEWS-NOT-FOUND-CODE.
 */
import { failWith } from '../../../src/core/expect.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

const STATISTICS_OPERATIONS = new Set(['getGameStatistics', 'getGameActivityPattern']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function profileDependent(
  listingUrlKey: string,
  operationId: string,
  status: number,
  error: string,
): boolean {
  if (error.includes('urls') && new RegExp(`\\b${escapeRegExp(listingUrlKey)}\\b`).test(error)) return true;
  return operationId === 'getReview' && status === 404 && /\/error\/code\b/.test(error);
}

export function expectDocumentedResponse(
  ctx: CheckContext,
  response: ApiResponse,
  operationId: string,
): void {
  if (STATISTICS_OPERATIONS.has(operationId) && response.status === 200) {
    if (!response.isJson || typeof response.body !== 'object' || response.body === null) {
      failWith(
        response,
        `${operationId}: the body is not a JSON object`,
        'a JSON object',
        response.text.slice(0, 80),
      );
    }
    return;
  }
  if (!response.isJson) {
    // ctx.expectValid reports it with the operation's wording.
    ctx.expectValid(response, operationId);
    return;
  }
  const outcome = ctx.spec.validateResponse(operationId, response.status, response.headers, response.body);
  const errors = outcome.errors.filter(
    (error) => !profileDependent(ctx.profile.listingUrlKey, operationId, response.status, error),
  );
  if (errors.length > 0) {
    const shown = errors.slice(0, 12);
    failWith(
      response,
      `${operationId} HTTP ${response.status}: the response does not match spec/openapi.yaml (${errors[0]})`,
      `a documented status, headers and body of ${operationId}`,
      shown.join('\n') + (errors.length > shown.length ? `\n… and ${errors.length - shown.length} more` : ''),
    );
  }
}

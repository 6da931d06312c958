/**
 * "The response is one the spec documents" without the parts of spec/openapi.yaml that
 * encode our answers to open points, so that a must-level check does not fail a server for
 * a profile choice (those are checked at profile level by their own areas):
 *
 * - D1: the key of the listing-page URL (`urls.mudverse`) — profile `listingUrlKey`;
 * - D6/D7/D12: statistics and activity-pattern 200 bodies — profile field names;
 * - D16: the code of a missing review — profile `missingReviewCodes`;
 * - D37: rate-limit headers on 503 — tolerant.
 */
import { failWith } from '../../../src/core/expect.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

const STATISTICS_OPERATIONS = new Set(['getGameStatistics', 'getGameActivityPattern']);

function profileDependent(operationId: string, status: number, error: string): boolean {
  if (/\bmudverse\b/.test(error) && /urls/.test(error)) return true;
  if (operationId === 'getReview' && status === 404 && /\/error\/code\b/.test(error)) return true;
  if (status === 503 && /^header x-ratelimit-/.test(error)) return true;
  return false;
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
  const errors = outcome.errors.filter((error) => !profileDependent(operationId, response.status, error));
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

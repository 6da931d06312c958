/**
 * The rate-limit headers of one response (§7 response headers): `X-RateLimit-Limit`,
 * `-Remaining`, `-Reset` as plain decimal integers, and a non-empty `X-Request-ID`.
 */
import { failWith } from '../../../src/core/expect.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { REDACTED_BY_CLIENT } from '../../harness/request-id-header.ts';

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
  requestId: string;
}

const INTEGER = /^\d+$/;
const INTEGER_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** Problems with the headers, one per header; empty when all four are present and well-formed. */
export function rateLimitHeaderProblems(response: ApiResponse): string[] {
  const problems: string[] = [];
  for (const name of INTEGER_HEADERS) {
    const value = response.headers[name];
    if (value === undefined) problems.push(`${name} is missing`);
    else if (!INTEGER.test(value.trim()))
      problems.push(`${name} is not an integer: ${JSON.stringify(value)}`);
  }
  const requestId = response.headers['x-request-id'];
  if (requestId === undefined) problems.push('x-request-id is missing');
  else if (requestId.trim() === '') problems.push('x-request-id is empty');
  return problems;
}

/** Whether the client redacted one of the headers (see REDACTED_BY_CLIENT): judge another response. */
export function redactedByClient(response: ApiResponse): boolean {
  return [...INTEGER_HEADERS, 'x-request-id'].some((name) =>
    REDACTED_BY_CLIENT.test(response.headers[name] ?? ''),
  );
}

/**
 * The four headers, or a failure naming what is missing or malformed; undefined when the
 * client redacted one of them (see above) and the caller should judge another response.
 */
export function expectRateLimitHeaders(response: ApiResponse): RateLimitHeaders | undefined {
  if (redactedByClient(response)) return undefined;
  const problems = rateLimitHeaderProblems(response);
  if (problems.length > 0) {
    failWith(
      response,
      `HTTP ${response.status} lacks well-formed rate-limit headers (${problems[0]})`,
      'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (integers) and X-Request-ID (§7)',
      problems.join('; '),
    );
  }
  const number = (name: string) => Number((response.headers[name] as string).trim());
  return {
    limit: number('x-ratelimit-limit'),
    remaining: number('x-ratelimit-remaining'),
    reset: number('x-ratelimit-reset'),
    requestId: (response.headers['x-request-id'] as string).trim(),
  };
}

/** For flows that cannot simply try another response: the headers, or the check is skipped. */
export function requireRateLimitHeaders(ctx: CheckContext, response: ApiResponse): RateLimitHeaders {
  const headers = expectRateLimitHeaders(response);
  if (!headers) return ctx.skip('the client redacted a rate-limit header that resembles a configured key');
  return headers;
}

/**
 * One integer header, or undefined when it is missing, malformed or redacted. For checks
 * about the header's value: its presence is RATE-LIMIT-HEADERS-PRESENT's rule.
 */
export function integerHeader(
  response: ApiResponse,
  name: (typeof INTEGER_HEADERS)[number],
): number | undefined {
  const value = response.headers[name]?.trim();
  return value !== undefined && INTEGER.test(value) ? Number(value) : undefined;
}

import type { ApiResponse } from '../../src/core/http-client.ts';

/**
 * The suite's client replaces any run of five or more characters of a configured key in
 * response headers (`[part of $API_KEY]`), which can hit a digit run of Remaining or Reset
 * or a stretch of a request id. Such a header cannot be judged.
 */
export const REDACTED_BY_CLIENT = /\$[A-Z_]*KEY|\[part of /;

/** X-Request-ID, or undefined when it is missing, empty or redacted. */
export function requestIdHeader(response: ApiResponse): string | undefined {
  const value = response.headers['x-request-id']?.trim();
  return value === undefined || value === '' || REDACTED_BY_CLIENT.test(value) ? undefined : value;
}

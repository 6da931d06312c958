/**
 * Asserts an error response: the status, a JSON error envelope (§2 "Error response") and
 * its `error.code` (§7 error table).
 */
import { expectErrorCode, failWith } from './expect.ts';
import type { ApiResponse } from './http-client.ts';
import { errorEnvelopeProblems } from './error-envelope-problems.ts';

export function expectErrorEnvelope(
  response: ApiResponse,
  status: number | readonly number[],
  code: string | readonly string[],
): void {
  expectErrorCode(response, status, code);
  const problems = errorEnvelopeProblems(response.body);
  if (problems.length > 0) {
    failWith(
      response,
      `the error body is not the error envelope (${problems[0]})`,
      '{error: {code, message, details?}, request_id} (§2 "Error response")',
      problems.join('; '),
    );
  }
}

import type { CheckContext } from '../../../src/core/check.ts';
import { expectErrorCode, failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

/**
 * §7: the status, the error envelope `{error: {code, message, details?}, request_id}`
 * and an acceptable `error.code` (one of `codes`).
 */
export function expectError(
  ctx: CheckContext,
  response: ApiResponse,
  status: number,
  codes: readonly string[],
): void {
  expectErrorCode(response, status, codes);
  const envelope = ctx.spec.validateComponent('Error', response.body);
  if (!envelope.valid) {
    failWith(
      response,
      'the error body is not the error envelope (§7)',
      '{error: {code, message, details?}, request_id}',
      envelope.errors.join('; '),
    );
  }
}

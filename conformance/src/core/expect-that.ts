import { failWith } from './expect.ts';
import type { ApiResponse } from './http-client.ts';

/** Fails with `expected`/`received` about `response` unless `condition` holds. */
export function expectThat(
  response: ApiResponse,
  condition: boolean,
  message: string,
  expected: string,
  received: string,
): void {
  if (!condition) failWith(response, message, expected, received);
}

import type { CheckContext } from '../../../src/core/check.ts';
import type { KeyLabel, ObservedResponse } from '../../../src/core/http-client.ts';

/** The keys a server counts: their answers carry the rate-limit headers (§7, §8). */
const COUNTED_KEYS: ReadonlySet<KeyLabel> = new Set<KeyLabel>(['primary', 'low-limit', 'day-limited']);

/**
 * The part of the run's traffic the rate-limit checks judge besides their own requests: GETs
 * under the API's prefix sent with a counted key (other methods and the retired endpoint are
 * the protocol checks' business).
 */
export function countedKeyGet(ctx: CheckContext): (response: ObservedResponse) => boolean {
  const prefix = `${ctx.client.baseUrl}/`;
  return (response) =>
    response.keyLabel !== undefined &&
    COUNTED_KEYS.has(response.keyLabel) &&
    response.request.method === 'GET' &&
    response.url.startsWith(prefix);
}

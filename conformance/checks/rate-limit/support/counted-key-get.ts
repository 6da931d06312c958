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
  const counted = countedKeyAnswer(ctx);
  return (response) => response.request.method === 'GET' && counted(response);
}

/**
 * Every answer under the API's prefix to a counted key, whatever the method: §7 lists the
 * rate-limit headers on 405 too (a POST, HEAD or OPTIONS with a key is authenticated and
 * counted before the method check, D28), so the header check judges the protocol checks'
 * other methods as well (the header checks: present, Remaining below Limit, Limit constant, Reset
 * plausible, request ids unique). Only for judging headers: a HEAD answer has no body.
 */
export function countedKeyAnswer(ctx: CheckContext): (response: ObservedResponse) => boolean {
  const prefix = `${ctx.client.baseUrl}/`;
  return (response) =>
    response.keyLabel !== undefined && COUNTED_KEYS.has(response.keyLabel) && response.url.startsWith(prefix);
}

import type { CheckContext } from '../../../src/core/check.ts';
import type { KeyLabel, ObservedResponse } from '../../../src/core/http-client.ts';

/** The keys a server counts: their answers carry the rate-limit headers (§7, §8). */
const COUNTED_KEYS: ReadonlySet<KeyLabel> = new Set<KeyLabel>(['primary', 'low-limit', 'day-limited']);

/**
 * countedKeyAnswer's answers that carry a body: every method but HEAD. §7's error envelope with
 * its `request_id` is on every error with a body, a 405 to POST or OPTIONS as much as a GET's 404.
 */
export function countedKeyAnswerWithBody(ctx: CheckContext): (response: ObservedResponse) => boolean {
  const counted = countedKeyAnswer(ctx);
  return (response) => response.request.method !== 'HEAD' && counted(response);
}

/**
 * Every answer under the API's prefix to a counted key, whatever the method: §7 lists the
 * rate-limit headers on 405 too (a POST, HEAD or OPTIONS with a key is authenticated and
 * counted before the method check, D28), so the header check judges the protocol checks'
 * other methods as well (the header checks: present, Remaining below Limit, Limit constant, Reset
 * plausible, request ids unique).
 */
export function countedKeyAnswer(
  ctx: CheckContext,
): (response: Pick<ObservedResponse, 'keyLabel' | 'url'>) => boolean {
  const prefix = `${ctx.client.baseUrl}/`;
  return (response) =>
    response.keyLabel !== undefined && COUNTED_KEYS.has(response.keyLabel) && response.url.startsWith(prefix);
}

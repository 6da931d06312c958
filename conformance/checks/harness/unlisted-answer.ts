import { expectErrorEnvelope, failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** Answers that say nothing of the id: the key refused for its rate, the service not ready. */
const TRANSIENT = new Set([429, 503]);

/**
 * What an id a collection does not list may answer besides 200 (§4, §7): the resource does not
 * exist, 404 — with `code`, when the description names the operation's (`game_not_found`; a
 * review's is not shown) — or a refusal that says nothing of the id (429, 503). Any other status
 * (a 410 for an id given out once, a 500, a 400) tells a client something the API does not say.
 * Returns whether the answer is a 200, for the caller to judge.
 */
export function judgeUnlistedAnswer(response: ApiResponse, what: string, code?: string): boolean {
  if (response.status === 200) return true;
  if (TRANSIENT.has(response.status)) return false;
  if (response.status === 404 && code !== undefined) expectErrorEnvelope(response, 404, [code]);
  if (response.status !== 404) {
    failWith(
      response,
      `${what}, not listed, answers ${response.status}`,
      `200 (an archived resource) or 404${code === undefined ? '' : ` ${code}`} (it does not exist)`,
      `${response.status}`,
    );
  }
  return false;
}

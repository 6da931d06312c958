import type { CheckContext } from '../../src/core/check.ts';
import type { ObservedResponse } from '../../src/core/http-client.ts';

/**
 * The run's 200 answers to GETs sent with a key whose path below the base URL matches
 * `path` (`/^\/games\/\d+$/`): what a schema check judges of the traffic besides its own cases.
 */
export function observedGets(ctx: CheckContext, path: RegExp): (response: ObservedResponse) => boolean {
  return observedAnswers(ctx, path, (status) => status === 200);
}

/** As observedGets, for the answers whose status `status` takes (a 503 of statistics not ready). */
export function observedAnswers(
  ctx: CheckContext,
  path: RegExp,
  status: (status: number) => boolean,
): (response: ObservedResponse) => boolean {
  const base = new URL(`${ctx.client.baseUrl}/`);
  const prefix = base.pathname.replace(/\/$/, '');
  return (response) => {
    if (!status(response.status) || response.request.method !== 'GET' || response.keyLabel === undefined)
      return false;
    const url = new URL(response.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return false;
    return path.test(url.pathname.slice(prefix.length));
  };
}

/** The id in a path such as `/api/v1/games/12/mssp` (the first run of digits after `/games/` or `/reviews/`). */
export function idInPath(response: ObservedResponse | { url: string }): number {
  const match = /\/(?:games|reviews)\/(\d+)/.exec(new URL(response.url).pathname);
  return match ? Number(match[1]) : Number.NaN;
}

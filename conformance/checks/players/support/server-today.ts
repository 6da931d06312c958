import type { CheckContext } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { utcDateOf } from '../../../src/core/dates.ts';

/** Seconds the `Date` header may trail the moment the server read its clock (it has 1 s resolution). */
const DATE_HEADER_SLACK_MS = 2_000;

/**
 * The UTC dates the server may have taken for "today" while answering `response`:
 * the date of its `Date` header, and the date just before it when the request
 * straddled midnight (two values only then). Falls back to discovery's estimate.
 */
export function serverToday(ctx: CheckContext, response?: ApiResponse): string[] {
  const now = response?.serverDate ?? ctx.discovery.serverNow();
  return [...new Set([utcDateOf(now - DATE_HEADER_SLACK_MS), utcDateOf(now)])];
}

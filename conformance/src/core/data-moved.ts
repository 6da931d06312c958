/**
 * Whether a directory's data moved between two moments, told by asking one request again (D62,
 * D65): the brackets of a recheck and of a page walk.
 */
import type { ApiResponse } from './http-client.ts';

/**
 * What of an answer says which data it shows: its status, and of a JSON body its `data`, its
 * `meta.total` and its error code — not what differs per request on a still directory (a
 * `request_id`, a `meta` stamped with the time of the answer, such as statistics' freshness).
 */
export function dataShown(response: ApiResponse): string {
  if (!response.isJson) return `${response.status} ${response.text}`;
  const body = response.body as {
    data?: unknown;
    meta?: { total?: unknown };
    error?: { code?: unknown };
  } | null;
  return JSON.stringify([response.status, body?.data, body?.meta?.total, body?.error?.code]);
}

/**
 * Whether the data `earlier` showed has moved on: its request, sent again (`again`), shows other
 * data twice in a row. Data that moves does not come back; answers that flap between two states
 * (two instances behind one address, one of them wrong) show the earlier data again on the second
 * asking, and are judged, not excused as movement.
 */
export async function movedSince(earlier: ApiResponse, again: () => Promise<ApiResponse>): Promise<boolean> {
  const shown = dataShown(earlier);
  if (dataShown(await again()) === shown) return false;
  return dataShown(await again()) !== shown;
}

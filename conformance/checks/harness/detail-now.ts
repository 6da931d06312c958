/**
 * A game's detail as GET /games/{id} tells it now (the run's cache bypassed), for a failure judged
 * again on fresh data (D65): whether the game is still active — not when the detail is 404 or
 * reads archived (it moved on since; §3 leaves the transitions open, D49) — and the detail's data
 * as it came (its shape is the schema checks' to judge).
 */
import type { CheckContext } from '../../src/core/check.ts';

export interface DetailNow {
  status: number;
  active: boolean;
  data: unknown;
}

export async function detailNow(ctx: CheckContext, id: number): Promise<DetailNow> {
  const response = await ctx.client.get(`/games/${id}`, { fresh: true });
  const data = (response.body as { data?: unknown } | undefined)?.data;
  const archived =
    (data as { status?: { archived?: unknown } } | null | undefined)?.status?.archived === true;
  return {
    status: response.status,
    active: !(response.status === 404 || (response.status === 200 && archived)),
    data,
  };
}

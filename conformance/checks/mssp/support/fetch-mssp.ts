import type { components } from '../../../../spec/generated/openapi.d.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import { expectStatus, expectSchema, expectThat } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

export type MsspBody = components['schemas']['MsspResponse'];

/** GET /games/{id}/mssp: 200 with a valid MSSP response about that game, or the check fails. */
export async function fetchMssp(
  ctx: CheckContext,
  id: number,
): Promise<{ response: ApiResponse; body: MsspBody }> {
  const response = await ctx.client.get(`/games/${id}/mssp`);
  return { response, body: expectMssp(ctx, response, id) };
}

/** An answer to GET /games/{id}/mssp is a 200 with a valid MSSP response about game `id`, or the check fails. */
export function expectMssp(ctx: CheckContext, response: ApiResponse, id: number): MsspBody {
  expectStatus(response, 200);
  expectSchema(ctx, response, ctx.spec.componentSchema('MsspResponse'), response.body, 'MsspResponse');
  const body = response.body as MsspBody;
  expectThat(
    response,
    body.meta.game_id === id,
    'meta.game_id is not the requested game',
    `meta.game_id ${id}`,
    `meta.game_id ${body.meta.game_id}`,
  );
  return body;
}

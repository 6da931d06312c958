import type { CheckContext } from './check.ts';
import { expectStatus } from './expect.ts';
import type { ApiResponse } from './http-client.ts';
import { dataOf } from './data-of.ts';
import { expectThat } from './expect-that.ts';

/**
 * A `urls.self` leads to the resource `/<collection>/<id>`. On the origin under test it
 * is followed and must answer 200 with that id. On another origin (a canonical host in
 * front of the one tested) it is not followed; its path must still end in the resource.
 */
export async function expectSelfLink(
  ctx: CheckContext,
  response: ApiResponse,
  self: string,
  resource: string,
  id: number,
): Promise<void> {
  const target = new URL(self);
  if (target.origin !== new URL(ctx.client.baseUrl).origin) {
    expectThat(
      response,
      target.pathname.replace(/\/+$/, '').endsWith(`/${resource}/${id}`),
      'urls.self names another resource',
      `a URI whose path ends in /${resource}/${id}`,
      self,
    );
    return;
  }
  const followed = await ctx.client.getAbsolute(self);
  expectStatus(followed, 200, `GET ${self} (urls.self of ${resource} ${id})`);
  const data = dataOf<{ id?: unknown } | undefined>(followed);
  expectThat(
    followed,
    data?.id === id,
    'urls.self leads to another resource',
    `data.id ${id}`,
    `data.id ${JSON.stringify(data?.id)}`,
  );
}

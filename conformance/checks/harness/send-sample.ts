/** Sends a SampleRequest through the suite's client. */
import type { CheckContext } from '../../src/core/check.ts';
import type { ApiResponse, RequestOptions } from '../../src/core/http-client.ts';
import type { SampleRequest } from './arbitraries/sample-request.ts';

export function sendSample(
  ctx: CheckContext,
  request: SampleRequest,
  extra: Omit<RequestOptions, 'method' | 'query' | 'auth'> = {},
): Promise<ApiResponse> {
  return ctx.client.request(request.path, {
    ...extra,
    method: request.method,
    query: request.query,
    auth: request.auth,
  });
}

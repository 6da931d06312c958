import type { ApiResponse } from './http-client.ts';

/** `data` of a JSON body `{data: …}` (undefined when absent); callers validate the shape first. */
export function dataOf<T>(response: ApiResponse): T {
  return (response.body as { data?: T } | undefined)?.data as T;
}

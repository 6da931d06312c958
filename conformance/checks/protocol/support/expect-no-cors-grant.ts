/** §1 rule 3, §5 rule 5: no CORS response header may grant a browser cross-origin access. */
import { failWith } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

export function expectNoCorsGrant(response: ApiResponse): void {
  const granted = Object.entries(response.headers).filter(([name]) =>
    name.startsWith('access-control-allow-'),
  );
  if (granted.length > 0) {
    failWith(
      response,
      `the response grants cross-origin access (${granted[0]?.[0]})`,
      'no Access-Control-Allow-* headers (cross-origin browser access is not enabled)',
      granted.map(([name, value]) => `${name}: ${value}`).join('\n'),
    );
  }
}

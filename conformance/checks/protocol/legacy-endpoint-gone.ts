import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { LEGACY_ENDPOINT_PLACES as PLACES } from './support/legacy-endpoint-places.ts';

/**
 * D30 (tolerant): at the origin root or under the base, with or without a key. What §1 rule 1
 * and §7 say of its body (a UTF-8 JSON error envelope) is PROTOCOL-LEGACY-ENDPOINT-BODY's.
 */
export const legacyEndpointGone = defineCheck({
  id: 'PROTOCOL-LEGACY-ENDPOINT-GONE',
  area: 'protocol',
  source: '§1 rule 6; §9 rule 3 (DECISIONS D30)',
  level: 'must',
  title: 'The retired /json.php answers 410 Gone',
  covers: ['S1.6', 'S9.3'],
  async run(ctx) {
    const tried: ApiResponse[] = [];
    for (const place of PLACES) {
      const response = await ctx.client.get('/json.php', place.options);
      if (response.status === 410) {
        ctx.log(`410 at ${place.where}`);
        return;
      }
      tried.push(response);
    }
    const last = tried[tried.length - 1] as ApiResponse;
    ctx.fail({
      message: '/json.php did not answer 410 Gone anywhere',
      expected: 'HTTP 410 at /json.php (origin root or under the base, with or without a key)',
      received: tried.map((r, i) => `${PLACES[i]?.where}: HTTP ${r.status}`).join('; '),
      request: last.request,
      responseExcerpt: last.text.slice(0, 600),
    });
  },
});

import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp, type MsspBody } from './support/fetch-mssp.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';

export const statusMatchesData = defineCheck({
  id: 'MSSP-STATUS-MATCHES-DATA',
  area: 'mssp',
  source: '§3 MSSP lookup states; §2 MSSP response',
  level: 'must',
  title: 'meta.status is available exactly when data holds a snapshot',
  covers: ['S3.MSSP-STATES'],
  decisions: ['D44'],
  async run(ctx) {
    await ctx.property([knownGameId(ctx, { includeArchived: true })], async (id) => {
      const { response, body } = await fetchMssp(ctx, id);
      judgeStatus(response, body);
    });
    // And every MSSP answer the run receives, to its end (links followed, other checks' games).
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/mssp$/), (response) => {
      const body = response.body as Partial<MsspBody> | undefined;
      if (typeof body?.meta?.status !== 'string' || !('data' in body)) return false;
      judgeStatus(response, body as MsspBody);
      return true;
    });
  },
});

/** Fails unless meta.status is `available` exactly when data holds a snapshot. */
function judgeStatus(response: ApiResponse, body: MsspBody): void {
  const available = body.meta.status === 'available';
  expectThat(
    response,
    available === (body.data !== null),
    `meta.status ${body.meta.status} disagrees with data`,
    available ? 'a snapshot in data (status available)' : 'data null (status mssp_not_available)',
    `data ${body.data === null ? 'null' : 'a snapshot'}`,
  );
}

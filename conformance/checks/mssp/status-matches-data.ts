import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

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
      const available = body.meta.status === 'available';
      expectThat(
        response,
        available === (body.data !== null),
        `meta.status ${body.meta.status} disagrees with data`,
        available ? 'a snapshot in data (status available)' : 'data null (status mssp_not_available)',
        `data ${body.data === null ? 'null' : 'a snapshot'}`,
      );
    });
  },
});

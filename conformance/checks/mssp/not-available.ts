import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

export const notAvailable = defineCheck({
  id: 'MSSP-NOT-AVAILABLE',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp ("If the game exists but has no snapshot"); §3 MSSP lookup states',
  level: 'must',
  title: 'A game without a snapshot answers 200 with data null and mssp_not_available',
  covers: ['S4.MSSP.NONE', 'S3.MSSP-STATES'],
  async run(ctx) {
    const id = ctx.discovery.gameWithoutMsspId;
    if (id === undefined)
      return ctx.skip('no game without an MSSP snapshot is known (give --game-without-mssp)');
    const { response, body } = await fetchMssp(ctx, id);
    expectThat(
      response,
      body.data === null && body.meta.status === 'mssp_not_available',
      `Game ${id} has no snapshot but is not reported so`,
      'data null, meta.status mssp_not_available',
      `data ${body.data === null ? 'null' : 'a snapshot'}, meta.status ${body.meta.status}`,
    );
  },
});

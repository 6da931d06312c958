import { defineCheck } from '../../src/core/check.ts';
import { knownGameId } from '../harness/arbitraries/known-game-id.ts';
import { expectMssp, fetchMssp } from './support/fetch-mssp.ts';
import { idInPath, observedGets } from '../harness/observed-gets.ts';

export const schema = defineCheck({
  id: 'MSSP-SCHEMA',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp; §2 MSSP snapshot and MSSP response',
  level: 'must',
  title: "A game's MSSP lookup is an MSSP response about that game",
  covers: ['S4.MSSP.OK', 'S2.MSSP.RESPONSE', 'S2.MSSP.COLLECTED', 'S2.MSSP.VALUES'],
  async run(ctx) {
    // Every MSSP answer the run already has, then games by id.
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/mssp$/), (response) => {
      expectMssp(ctx, response, idInPath(response));
      return true;
    });
    await ctx.property([knownGameId(ctx)], async (id) => {
      await fetchMssp(ctx, id);
    });
  },
});

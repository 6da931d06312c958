import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

export const archivedAndWebOnly = defineCheck({
  id: 'MSSP-ARCHIVED-AND-WEB-ONLY',
  area: 'mssp',
  source: '§4 GET /games/{gameId}/mssp ("Available for archived and web-only games")',
  level: 'must',
  title: 'Archived and web-only games have an MSSP lookup',
  covers: ['S4.MSSP.ARCHIVED-WEBONLY'],
  async run(ctx) {
    const ids = [...ctx.discovery.webOnlyGameIds];
    if (ctx.discovery.archivedGameId !== undefined) ids.push(ctx.discovery.archivedGameId);
    if (ids.length === 0) ctx.skip('no archived or web-only game is known');
    // The archived game and a web-only one first: both kinds are looked up in every run.
    const examples = [ctx.discovery.archivedGameId, ctx.discovery.webOnlyGameIds[0]]
      .filter((id): id is number => id !== undefined)
      .map((id) => [id] as [number]);
    await ctx.property(
      [fc.constantFrom(...ids)],
      async (id) => {
        await fetchMssp(ctx, id);
      },
      { examples },
    );
  },
});

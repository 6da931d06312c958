import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/**
 * §1 rule 4: a field is null when no value exists for it. A game whose MSSP lookup answers a
 * stored snapshot (`available`, with its `collected_at`) has had MSSP collected, so its
 * `status.mssp_collected_at` has a value: null there says no collection ever happened. Which
 * time it holds (the snapshot's, or another collection's) is open (D4, profile check
 * `MSSP-COLLECTED-AT-MATCHES-GAME`); web-only games are left out (§2 rule 2 may suppress it). Archived
 * games keep their snapshot ("available for archived games") and rule 1 clears other fields, not
 * this one: the archived game comes first. The detail is read after the lookup, so a crawl
 * between them can only have added a collection.
 */
export const snapshotTimeOnGame = defineCheck({
  id: 'MSSP-SNAPSHOT-TIME-ON-GAME',
  area: 'mssp',
  source:
    '§1 rule 4 (null when no value exists); §2 status table, mssp_collected_at; §4 GET /games/{gameId}/mssp',
  level: 'must',
  title: 'A game with a stored MSSP snapshot has an MSSP collection time',
  covers: ['S1.4-NULL', 'S2.ST.MSSPAT', 'S4.MSSP.ARCHIVED-WEBONLY'],
  comparesAnswers: true,
  decisions: ['D4'],
  async run(ctx) {
    const archived = ctx.discovery.archivedGameId;
    const ids = [...(archived === undefined ? [] : [archived]), ...ctx.discovery.mudClientGameIds];
    if (ids.length === 0) ctx.skip('no archived game and no game playable with a MUD client is known');
    let judged = 0;
    await ctx.property(
      [fc.constantFrom(...ids)],
      async (id) => {
        const { body } = await fetchMssp(ctx, id);
        const { response, game } = await fetchGame(ctx, id);
        if (body.meta.status !== 'available' || game.status.web_only) return;
        judged += 1;
        expectThat(
          response,
          game.status.mssp_collected_at !== null,
          `Game ${id}${game.status.archived ? ' (archived)' : ''}: a stored MSSP snapshot, but status.mssp_collected_at is null`,
          `status.mssp_collected_at a timestamp (the snapshot was collected at ${String(body.data?.collected_at)})`,
          'status.mssp_collected_at null',
        );
      },
      { examples: ids.slice(0, 1).map((id) => [id] as [number]) },
    );
    if (judged === 0) ctx.skip('no game of those looked up had a stored MSSP snapshot');
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/**
 * §1 rule 4: a field is null when no value exists for it. A game whose MSSP lookup answers a
 * stored snapshot (`available`, with its `collected_at`) has had MSSP collected, so its
 * `status.mssp_collected_at` has a value: null there says no collection ever happened; and, a
 * status field, the latest collection's, so not one older than the newest snapshot. Whether it is
 * exactly the snapshot's time is open (D4, profile check
 * `MSSP-COLLECTED-AT-MATCHES-GAME`); web-only games are left out (§2 rule 2 may suppress it). Archived
 * games keep their snapshot ("available for archived games") and rule 1 clears other fields, not
 * this one: the archived game comes first. The detail is read after the lookup, so a crawl
 * between them can only have added a collection.
 */
/** How much older than the newest snapshot a game's MSSP collection time may be: a crawl's refresh. */
const STALE_SLACK_MS = 3_600_000;

export const snapshotTimeOnGame = defineCheck({
  id: 'MSSP-SNAPSHOT-TIME-ON-GAME',
  area: 'mssp',
  source:
    '§1 rule 4 (null when no value exists); §2 status table, mssp_collected_at; §4 GET /games/{gameId}/mssp',
  level: 'must',
  title: 'A game with a stored MSSP snapshot has an MSSP collection time no older than it',
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
        const which = `Game ${id}${game.status.archived ? ' (archived)' : ''}`;
        const snapshotAt = String(body.data?.collected_at);
        expectThat(
          response,
          game.status.mssp_collected_at !== null,
          `${which}: a stored MSSP snapshot, but status.mssp_collected_at is null`,
          `status.mssp_collected_at a timestamp (the snapshot was collected at ${snapshotAt})`,
          'status.mssp_collected_at null',
        );
        // Nor older than that snapshot: the status holds the latest collection (an hour's slack for
        // a summary refreshed a crawl late). A first collection's time, a listing's or an archiving's
        // written there is older by days.
        const lag = Date.parse(snapshotAt) - Date.parse(game.status.mssp_collected_at!);
        expectThat(
          response,
          !(lag > STALE_SLACK_MS),
          `${which}: status.mssp_collected_at is older than its newest stored MSSP snapshot`,
          `status.mssp_collected_at no earlier than ${snapshotAt} (GET /games/${id}/mssp), an hour's slack`,
          `status.mssp_collected_at ${game.status.mssp_collected_at}`,
        );
      },
      { examples: ids.slice(0, 1).map((id) => [id] as [number]) },
    );
    if (judged === 0) ctx.skip('no game of those looked up had a stored MSSP snapshot');
  },
});

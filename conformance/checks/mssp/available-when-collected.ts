import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { longestUnreached } from '../harness/longest-unreached.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/**
 * §4 GET /games/{gameId}/mssp answers "the newest stored snapshot", and `mssp_not_available` only
 * when "the game exists but has no snapshot". A game's `status.mssp_collected_at` is the time of a
 * collection (§2 rule 2: a current MSSP summary field), and what was collected is stored (§4's
 * player history is "derived from the stored MSSP history"): so a game showing an MSSP collection
 * time has a snapshot to answer. The converse of `MSSP-SNAPSHOT-TIME-ON-GAME`.
 *
 * The game's summary is discovery's, read before the lookup, so its collection happened before the
 * lookup was answered (when judged again, D65, the detail is read after the lookup, and a
 * collection stamped after the lookup's Date is a crawl in between). Web-only games are left out
 * (§2 rule 2 may suppress the field, D4). The game that has gone longest without a successful
 * connect comes early: a game that stopped answering, not archived, is where a lookup reading only
 * the games still crawled finds nothing; and the archived game, whose detail is read first (a
 * lookup reading only the live store finds nothing there either).
 */
export const availableWhenCollected = defineCheck({
  id: 'MSSP-AVAILABLE-WHEN-COLLECTED',
  area: 'mssp',
  source:
    '§4 GET /games/{gameId}/mssp ("the newest stored snapshot"; "If the game exists but has no snapshot"); §2 status table, mssp_collected_at',
  level: 'must',
  title: 'A game with an MSSP collection time answers its stored snapshot',
  covers: ['S4.MSSP.OK', 'S2.ST.MSSPAT'],
  comparesAnswers: true,
  decisions: ['D4'],
  async run(ctx) {
    const collected = ctx.discovery.games.filter(
      (game) => !game.status.web_only && game.status.mssp_collected_at !== null,
    );
    if (collected.length === 0)
      ctx.skip('discovery saw no game playable with a MUD client that has an MSSP collection time');
    const summaries = new Map(collected.map((game) => [game.id, game]));
    // The archived game too (its snapshot kept in an archive, maybe): its detail read first.
    const archived = ctx.discovery.archivedGameId;
    const ids = [
      ...summaries.keys(),
      ...(archived === undefined || summaries.has(archived) ? [] : [archived]),
    ];
    // Discovery's probes first (the run has their answers): one that found no snapshot, then one
    // that found it; then the game gone longest without a successful connect, and the archived one.
    const examples = [
      ctx.discovery.gameWithoutMsspId,
      ctx.discovery.gameWithMsspId,
      longestUnreached(collected)?.id,
      archived,
    ].filter((id): id is number => id !== undefined && ids.includes(id));
    await ctx.property(
      [fc.constantFrom(...ids)],
      async (id) => {
        const summary = summaries.get(id);
        // A game discovery did not list: its detail, read before the lookup.
        const before = summary === undefined ? (await fetchGame(ctx, id)).game : undefined;
        if (before !== undefined && (before.status.web_only || before.status.mssp_collected_at === null))
          return;
        const { response, body } = await fetchMssp(ctx, id);
        let collectedAt = (summary ?? before)!.status.mssp_collected_at!;
        if (ctx.rechecking && summary !== undefined) {
          const { game } = await fetchGame(ctx, id);
          if (game.status.web_only || game.status.mssp_collected_at === null) return;
          collectedAt = game.status.mssp_collected_at;
          // Collected after the lookup was answered: a crawl between the two requests.
          if (response.serverDate !== undefined && Date.parse(collectedAt) >= response.serverDate - 1_000)
            return;
        }
        expectThat(
          response,
          body.meta.status === 'available' && body.data !== null,
          `Game ${id} has an MSSP collection time but its lookup has no snapshot`,
          `meta.status available with the snapshot (status.mssp_collected_at ${collectedAt})`,
          `meta.status ${body.meta.status}, data ${body.data === null ? 'null' : 'a snapshot'}`,
        );
      },
      { examples: [...new Set(examples)].map((id) => [id] as [number]) },
    );
  },
});

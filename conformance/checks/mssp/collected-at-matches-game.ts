import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { fetchMssp } from './support/fetch-mssp.ts';

/**
 * D4: §2 gives `status.mssp_collected_at` a type only (NullableTimestamp, asserted by the
 * schema checks), not its relation to the snapshot, so nothing here holds under every
 * reading; web-only games are left out, their field may be suppressed (rule 2).
 */
export const collectedAtMatchesGame = defineCheck({
  id: 'MSSP-COLLECTED-AT-MATCHES-GAME',
  area: 'mssp',
  source: '§2 status table, mssp_collected_at; §2 MSSP snapshot, collected_at',
  level: 'profile',
  title: "The snapshot's collected_at is the game's status.mssp_collected_at",
  covers: ['S2.ST.MSSPAT', 'S2.MSSP.COLLECTED'],
  comparesAnswers: true,
  decisions: ['D4'],
  async run(ctx) {
    const ids = ctx.discovery.mudClientGameIds;
    if (ids.length === 0) ctx.skip('discovery found no active game playable with a MUD client');
    await ctx.property([fc.constantFrom(...ids)], async (id) => {
      const { response: msspResponse, body } = await fetchMssp(ctx, id);
      const { response, game } = await fetchGame(ctx, id);
      const snapshotAt = body.data?.collected_at ?? null;
      // A crawl between the two requests may move both; the game is fetched second, so it is never
      // older — and its newer snapshot was collected after the MSSP answer was sent (by its Date,
      // truncated to the second), not hours before it.
      const gameAt = game.status.mssp_collected_at === null ? NaN : Date.parse(game.status.mssp_collected_at);
      const crawledBetween =
        snapshotAt !== null &&
        gameAt > Date.parse(snapshotAt) &&
        (msspResponse.serverDate === undefined || gameAt >= msspResponse.serverDate - 1_000);
      if (crawledBetween) return;
      expectThat(
        response,
        game.status.mssp_collected_at === snapshotAt,
        `Game ${id}: status.mssp_collected_at differs from its snapshot's collected_at`,
        `status.mssp_collected_at ${JSON.stringify(snapshotAt)} (GET /games/${id}/mssp)`,
        `status.mssp_collected_at ${JSON.stringify(game.status.mssp_collected_at)}`,
      );
    });
  },
});

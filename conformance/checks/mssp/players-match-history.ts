import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { fetchMssp } from './support/fetch-mssp.ts';
import { lettersOf } from './support/mssp-key-kinds.ts';

/**
 * The first case: a game that reports 0 players now (a count a normalization reading `0` as
 * "nothing" turns into null), else the first game playable with a MUD client.
 */
function firstGameIds(ctx: CheckContext): number[] {
  const withSnapshot = ctx.discovery.games.filter(
    (game) => game.status.web_only === false && game.status.mssp_collected_at !== null,
  );
  const idle = withSnapshot.find((game) => game.status.latest_players === 0);
  return [idle ?? withSnapshot[0]].flatMap((game) => (game === undefined ? [] : [game.id]));
}

/**
 * D66: §4 says the player history is "derived from the stored MSSP history", and its raw
 * granularity gives the individual crawler samples; §2 says known numeric MSSP fields are
 * normalized to JSON numbers where possible. So where the history holds a sample taken at the
 * newest snapshot's `collected_at` (the same second), that snapshot's player count was a number,
 * and its `values` carry that number (under whatever key spelling, D44), not null. Judged only
 * when the value is null or a count (an integer ≥ 0): a value kept as text (normalizing was not
 * possible) or a negative one (a history of counts ≥ 0 may read it otherwise) gives no verdict,
 * nor does a snapshot without a player variable, or a history without a sample at that instant.
 * Of several samples at that instant, any may be the snapshot's.
 */
export const playersMatchHistory = defineCheck({
  id: 'MSSP-PLAYERS-MATCH-HISTORY',
  area: 'mssp',
  source:
    '§2 MSSP snapshot, values ("known numeric … fields are normalized to JSON numbers … where possible"); §4 GET /games/{gameId}/players ("derived from the stored MSSP history")',
  level: 'must',
  title: "The snapshot's player count is the history's sample taken when the snapshot was collected",
  covers: ['S2.MSSP.VALUES'],
  comparesAnswers: true,
  decisions: ['D44', 'D66'],
  async run(ctx) {
    const ids = ctx.discovery.mudClientGameIds;
    if (ids.length === 0) return ctx.skip('discovery found no active game playable with a MUD client');
    let judged = 0;
    await ctx.property(
      [fc.constantFrom(...ids)],
      async (id) => {
        const { body } = await fetchMssp(ctx, id);
        const snapshot = body.data;
        if (snapshot === null || snapshot.collected_at === null || snapshot.values === null) return;
        const key = Object.keys(snapshot.values).find((name) => lettersOf(name) === 'players');
        if (key === undefined) return;
        const collectedAt = Date.parse(snapshot.collected_at);
        if (Number.isNaN(collectedAt)) return;
        const day = utcDateOf(collectedAt);
        const history = await fetchPlayers(ctx, id, [
          ['granularity', 'raw'],
          ['from', day],
          ['to', day],
        ]);
        const samples = history.body.data.filter((s) => Date.parse(s.recorded_at) === collectedAt);
        if (samples.length === 0) return;
        const value = snapshot.values[key];
        if (value !== null && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) return;
        judged += 1;
        const counts = samples.map((s) => s.players);
        expectThat(
          history.response,
          counts.includes(value as number),
          value === null
            ? `Game ${id}: the snapshot's ${key} is null, where the history has ${counts.join(' / ')} players at its collected_at`
            : `Game ${id}: the snapshot's ${key} is not the history's sample at its collected_at`,
          `values.${key} ${counts.join(' or ')} (GET /games/${id}/players, raw sample at ${samples[0]!.recorded_at})`,
          `values.${key} ${JSON.stringify(value)} (GET /games/${id}/mssp, collected_at ${snapshot.collected_at})`,
        );
      },
      { examples: firstGameIds(ctx).map((id) => [id] as [number]) },
    );
    if (judged === 0) {
      return ctx.skip(
        'no snapshot looked at had a player count with a raw history sample at its collected_at',
      );
    }
  },
});

import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { summaryNow } from '../harness/summary-now.ts';

/**
 * A game the collection lists is active in its summary and its detail (§3); then every game the
 * run has is in one of the two states: active (`archived` false, `archive_reason` null) or
 * archived (`archived` true, a reason set) — never a mix.
 */
export const activeState = defineCheck({
  id: 'GAME-DETAIL-ACTIVE-STATE',
  area: 'game-detail',
  source: '§3 states table, active; §2 status table, archive_reason',
  level: 'must',
  title: 'A listed game is active: archived false, archive_reason null',
  covers: ['S3.ACTIVE', 'S2.ST.ARCHIVED', 'S2.ST.REASON'],
  async run(ctx) {
    const games = ctx.discovery.games;
    if (games.length === 0) ctx.skip('discovery found no game in GET /games');
    await ctx.property([fc.constantFrom(...games)], async (summary: GameSummary) => {
      const { response, game } = await fetchGame(ctx, summary.id);
      // The list was read earlier (discovery's walk): a game archived since, which no list shows
      // now (a search for its name, fresh), has moved on (§3 leaves the transitions open, D49).
      if (game.status.archived !== false && (await summaryNow(ctx, summary)) === undefined) {
        ctx.log(`game ${summary.id} reads archived and no list shows it now: archived since discovery`);
        return;
      }
      for (const [where, status] of [
        ['GET /games', summary.status],
        [`GET /games/${summary.id}`, game.status],
      ] as const) {
        expectThat(
          response,
          status.archived === false && status.archive_reason === null,
          `A game listed in the collection is not in the active state (${where})`,
          'status.archived false, status.archive_reason null',
          `status.archived ${status.archived}, status.archive_reason ${JSON.stringify(status.archive_reason)}`,
        );
      }
    });
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+$/), (response) => {
      const status = (response.body as { data?: { status?: Record<string, unknown> } } | undefined)?.data
        ?.status;
      if (typeof status !== 'object' || status === null || !('archive_reason' in status)) return false;
      const reason = status.archive_reason;
      expectThat(
        response,
        (status.archived === false && reason === null) ||
          (status.archived === true && reason !== null && reason !== undefined),
        'A game is neither active nor archived (§3 states table)',
        'status.archived false with archive_reason null, or archived true with a reason',
        `status.archived ${JSON.stringify(status.archived)}, status.archive_reason ${JSON.stringify(reason)}`,
      );
      return true;
    });
  },
});

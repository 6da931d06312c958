import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { requireNames } from './support/probe-names.ts';

/**
 * §9 rule 2: "Existing player-history response formats are unchanged by the addition of the
 * statistics endpoints." A player sample that carries a statistics point's aggregates — its
 * count, average, minimum and maximum, under the names this deployment's statistics points use
 * (probed, or stated in a profile) — is the statistics' format leaking into the player history
 * (samples served from the statistics' store, say). Other extra fields are not judged (D45: open
 * schemas); only all four together. Every player history the run received is judged, then, when
 * none was, one of its own (daily or raw).
 */
export const playerHistoryUnchanged = defineCheck({
  id: 'STATISTICS-PLAYER-HISTORY-UNCHANGED',
  area: 'statistics',
  source:
    '§9 rule 2 ("existing player-history response formats are unchanged by the addition of the statistics endpoints")',
  level: 'must',
  title: "Player samples do not carry the statistics points' aggregates",
  covers: ['S9.2'],
  async run(ctx) {
    const { pointFields: fields } = await requireNames(ctx, ['pointFields']);
    const aggregates = [fields.count, fields.average, fields.min, fields.max];
    const judge = (response: ApiResponse): boolean => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (!Array.isArray(data)) return false;
      const leaked = data.find(
        (sample) =>
          typeof sample === 'object' &&
          sample !== null &&
          aggregates.every((name) => Object.hasOwn(sample, name)),
      );
      expectThat(
        response,
        leaked === undefined,
        "A player sample carries the statistics points' count, average, minimum and maximum",
        `samples in the player-history format (§2 player sample), without ${aggregates.join(', ')} (the statistics points' fields here)`,
        JSON.stringify(leaked),
      );
      return true;
    };
    ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/players$/), judge);
    await ctx.property(
      [playersGameId(ctx), fc.constantFrom('daily', 'raw')],
      async (id, granularity) => {
        const response = await ctx.client.get(`/games/${id}/players`, {
          query: [['granularity', granularity]],
        });
        if (response.status === 200) judge(response);
      },
      { numRuns: Math.min(ctx.runs, 10) },
    );
  },
});

import type { CheckContext } from '../../../src/core/check.ts';
import { statisticsPath } from './statistics-path.ts';

/** Games probed at most to find one with statistics: a deployment may have statistics off for many. */
const MAX_PROBES = 12;

/**
 * A game whose statistics answer 200 to a default query, so that a refusal of an
 * invalid query cannot be a 503 "not ready" in disguise. Skips the check if none.
 */
export async function findReadyGame(ctx: CheckContext): Promise<number> {
  const candidates = [
    ...(ctx.discovery.gameWithPlayersId === undefined ? [] : [ctx.discovery.gameWithPlayersId]),
    ...ctx.discovery.games.map((game) => game.id),
  ];
  for (const id of [...new Set(candidates)].slice(0, MAX_PROBES)) {
    const response = await ctx.client.get(statisticsPath(id));
    if (response.status === 200) return id;
  }
  return ctx.skip(`none of the first ${MAX_PROBES} games answers its statistics with 200`);
}

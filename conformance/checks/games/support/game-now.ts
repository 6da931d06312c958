/**
 * A game as GET /games/{id} shows it now (the run's cache bypassed), for a failure judged again
 * on fresh data (D65): a game archived since, or whose texts an edit rewrote, is no proof that a
 * query should still return it.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { isJudgeableSummary } from './filter-violations.ts';
import { missingIn } from './missing-terms.ts';

export type GameNow =
  /** 404, or the detail reads archived. */
  | { active: false }
  /** `game` undefined when the detail cannot be read as a game (the schema checks judge it). */
  | { active: true; game?: GameSummary & { description?: unknown } };

export async function gameNow(ctx: CheckContext, id: number): Promise<GameNow> {
  const response = await ctx.client.get(`/games/${id}`, { fresh: true });
  if (response.status === 404) return { active: false };
  const data = (response.body as { data?: unknown } | undefined)?.data;
  if (response.status !== 200 || !isJudgeableSummary(data)) return { active: true };
  if (data.status.archived === true) return { active: false };
  return { active: true, game: data };
}

/** The terms none of the game's name, intro and description (as the detail has them) holds. */
export function termsMissingNow(game: GameSummary & { description?: unknown }, terms: string[]): string[] {
  const description = typeof game.description === 'string' ? game.description : '';
  return missingIn(`${String(game.name)}\n${String(game.intro)}\n${description}`, terms);
}

/**
 * A game as GET /games/{id} shows it now (the run's cache bypassed), for a failure judged again
 * on fresh data (D65): a game archived since, or whose texts an edit rewrote, is no proof that a
 * query should still return it.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { detailNow } from '../../harness/detail-now.ts';
import { isJudgeableSummary } from './filter-violations.ts';
import { missingIn } from './missing-terms.ts';

export type GameNow =
  /** 404, or the detail reads archived. */
  | { active: false }
  /** `game` undefined when the detail cannot be read as a game (the schema checks judge it). */
  | { active: true; game?: GameSummary & { description?: unknown } };

export async function gameNow(ctx: CheckContext, id: number): Promise<GameNow> {
  const { status, active, data } = await detailNow(ctx, id);
  if (!active) return { active: false };
  return status === 200 && isJudgeableSummary(data) ? { active: true, game: data } : { active: true };
}

/** The terms none of the game's name, intro and description (as the detail has them) holds. */
export function termsMissingNow(game: GameSummary & { description?: unknown }, terms: string[]): string[] {
  const description = typeof game.description === 'string' ? game.description : '';
  return missingIn(`${String(game.name)}\n${String(game.intro)}\n${description}`, terms);
}

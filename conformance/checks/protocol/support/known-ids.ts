/**
 * Ids the deployment showed us in discovery (never our fixtures): active games, the
 * archived game if known, and reviews. Used to fill path parameters with real ids.
 */
import type { Discovery } from '../../../src/core/discovery.ts';

export function knownGameIds(discovery: Discovery): number[] {
  const ids = discovery.games.map((game) => game.id);
  if (discovery.archivedGameId !== undefined) ids.push(discovery.archivedGameId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

export function knownReviewIds(discovery: Discovery): number[] {
  const ids = discovery.reviews.map((review) => review.id);
  if (discovery.archivedGameReviewId !== undefined) ids.push(discovery.archivedGameReviewId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

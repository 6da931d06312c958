import type { Discovery } from './discovery.ts';

/** Review ids the deployment showed us in discovery (the archived game's included), to fill path parameters. */
export function knownReviewIds(discovery: Discovery): number[] {
  const ids = discovery.reviews.map((review) => review.id);
  if (discovery.archivedGameReviewId !== undefined) ids.push(discovery.archivedGameReviewId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

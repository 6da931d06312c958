import type { Discovery } from './discovery.ts';

/**
 * Game ids the deployment showed us in discovery (never our fixtures): active games and
 * the archived game if known. Used to fill path parameters with real ids.
 */
export function knownGameIds(discovery: Discovery): number[] {
  const ids = discovery.games.map((game) => game.id);
  if (discovery.archivedGameId !== undefined) ids.push(discovery.archivedGameId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

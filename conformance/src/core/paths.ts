/**
 * The paths a check calls and the ids it fills them with: the spec's secured operations, their
 * templates made concrete, and ids the deployment showed in discovery.
 */
import type { OperationDefinition, SpecValidator } from '../../../spec/src/spec-loader.ts';
import type { Discovery } from './discovery.ts';

/** A path template of the spec (`/games/{gameId}/mssp`) with its parameters filled in. */
export function concretePath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(values[name] ?? 1)),
  );
}

/**
 * The operations of the spec that live under the base URL and need the key (every one
 * but the retired `/json.php`, which sits at the origin root, D30).
 */
export function securedOperations(spec: SpecValidator): OperationDefinition[] {
  return spec.operations.filter((operation) => operation.secured && operation.method === 'GET');
}

/** Distinct path templates of the secured operations (`/games`, `/games/{gameId}`, …). */
export function securedPathTemplates(spec: SpecValidator): string[] {
  return [...new Set(securedOperations(spec).map((operation) => operation.path))];
}

/**
 * Game ids the deployment showed us in discovery (never our fixtures): active games and
 * the archived game if known. Used to fill path parameters with real ids.
 */
export function knownGameIds(discovery: Discovery): number[] {
  const ids = discovery.games.map((game) => game.id);
  if (discovery.archivedGameId !== undefined) ids.push(discovery.archivedGameId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

/** Review ids the deployment showed us in discovery (the archived game's included), to fill path parameters. */
export function knownReviewIds(discovery: Discovery): number[] {
  const ids = discovery.reviews.map((review) => review.id);
  if (discovery.archivedGameReviewId !== undefined) ids.push(discovery.archivedGameReviewId);
  return ids.length > 0 ? [...new Set(ids)] : [1];
}

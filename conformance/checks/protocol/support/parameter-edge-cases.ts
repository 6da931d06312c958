/**
 * The cases of the generated boundary checks (PROTOCOL-PARAMETER-EDGES-ACCEPTED and
 * -REFUSED): the spec's parameter edges (src/core/parameter-edges.ts) of every operation
 * outside the statistics area, grouped one sweep per parameter, each turned into a request
 * a deployment can answer (path ids it listed, the other parameters at their defaults).
 */
import type { CheckContext } from '../../../src/core/check.ts';
import { utcDateOf } from '../../../src/core/dates.ts';
import type { QueryPairs } from '../../../src/core/http-client.ts';
import { parameterEdges, operationTags, type ParameterEdge } from '../../../src/core/parameter-edges.ts';
import { concretePath, securedOperations } from '../../../src/core/paths.ts';
import type { OperationDefinition } from '../../../../spec/src/spec-loader.ts';

/** The statistics operations have their own range and edge checks (statistics area). */
const LEFT_TO_THEIR_AREA = new Set(['statistics']);

/**
 * Edges another check already sends on every run (examples or fixed requests), so these
 * checks do not send them twice: `operationId param valid|invalid` → that check. The
 * meta-test (parameter-edge-cases.test.ts) requires each key to match an edge of the spec
 * and each check to be registered.
 */
export const EDGES_ASSERTED_ELSEWHERE: Readonly<Record<string, string>> = {
  // D18 tolerant: its examples are the spec's invalid paging edges.
  'listGames page invalid': 'GAMES-BAD-PAGING',
  'listGames per_page invalid': 'GAMES-BAD-PAGING',
  // D47 strict: examples 0 and 2 of every flag, an unknown connection type, codebase tag id 0.
  'listGames has_reviews invalid': 'GAMES-INVALID-FILTER-VALUES',
  'listGames recently_updated invalid': 'GAMES-INVALID-FILTER-VALUES',
  'listGames online_recently invalid': 'GAMES-INVALID-FILTER-VALUES',
  'listGames connection_type invalid': 'GAMES-INVALID-FILTER-VALUES',
  'listGames codebase_tag_id[] invalid': 'GAMES-INVALID-FILTER-VALUES',
  // Every case is a granularity outside the enum.
  'getGamePlayers granularity invalid': 'PLAYERS-INVALID-GRANULARITY',
  // D19 tolerant: its examples are the spec's invalid paging edges.
  'listReviews page invalid': 'REVIEWS-BAD-PAGING',
  'listReviews per_page invalid': 'REVIEWS-BAD-PAGING',
};

export const edgeKey = (edge: ParameterEdge): string =>
  `${edge.operationId} ${edge.param} ${edge.valid ? 'valid' : 'invalid'}`;

/** The operations whose edges these checks judge. */
export function edgeOperations(ctx: CheckContext): OperationDefinition[] {
  return securedOperations(ctx.spec).filter(
    (operation) => !operationTags(ctx.spec, operation).some((tag) => LEFT_TO_THEIR_AREA.has(tag)),
  );
}

export interface EdgeCase {
  operation: OperationDefinition;
  edge: ParameterEdge;
  path: string;
  query: QueryPairs;
}

/** An id the deployment showed for a path parameter (its first listed game or review), 1 if none. */
function knownPathValues(ctx: CheckContext, operation: OperationDefinition): Record<string, number> {
  const game =
    operation.operationId === 'getGamePlayers'
      ? (ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id)
      : ctx.discovery.games[0]?.id;
  return { gameId: game ?? 1, reviewId: ctx.discovery.reviews[0]?.id ?? 1 };
}

/** The date parameters of an operation (`format: date`), for one-day ranges at a date edge. */
function dateParams(operation: OperationDefinition): string[] {
  return operation.parameters
    .filter((p) => p.in === 'query' && (p.schema as { format?: unknown }).format === 'date')
    .map((p) => p.name);
}

function caseOf(ctx: CheckContext, operation: OperationDefinition, edge: ParameterEdge): EdgeCase {
  const values: Record<string, string | number> = knownPathValues(ctx, operation);
  if (edge.in === 'path') values[edge.param] = edge.value;
  let query: QueryPairs = edge.in === 'query' ? [[edge.param, edge.value]] : [];
  // A valid date is sent as a one-day range (from = to), the ordering's own edge: alone, a
  // past `from` would run into the maximum span, a past `to` under its defaulted `from`.
  const dates = dateParams(operation);
  if (edge.valid && dates.includes(edge.param)) query = dates.map((name) => [name, edge.value]);
  return { operation, edge, path: concretePath(operation.path, values), query };
}

/**
 * The sweeps of one side (valid or invalid edges): one per parameter (a tag filter's bracketed
 * and bare spellings together), its edges in the spec's order. Edges asserted elsewhere and
 * requests already listed are left out.
 */
export function edgeSweeps(ctx: CheckContext, valid: boolean): EdgeCase[][] {
  const today = utcDateOf(ctx.discovery.serverNow());
  const sweeps = new Map<string, EdgeCase[]>();
  const seen = new Set<string>();
  for (const operation of edgeOperations(ctx)) {
    for (const edge of parameterEdges(ctx.spec, operation, today)) {
      if (edge.valid !== valid || EDGES_ASSERTED_ELSEWHERE[edgeKey(edge)] !== undefined) continue;
      const edgeCase = caseOf(ctx, operation, edge);
      const request = `${edgeCase.path}?${JSON.stringify(edgeCase.query)}`;
      if (seen.has(request)) continue;
      seen.add(request);
      const family = `${operation.operationId} ${edge.param.replace(/\[\]$/, '')}`;
      sweeps.set(family, [...(sweeps.get(family) ?? []), edgeCase]);
    }
  }
  return [...sweeps.values()];
}

/** `GET /games?per_page=50`, for messages. */
export function describeCase({ path, query }: EdgeCase): string {
  const text = query.map(([name, value]) => `${name}=${value}`).join('&');
  return `GET ${path}${text === '' ? '' : `?${text}`}`;
}

/** The rule an edge stands on, for messages: `listGames per_page (maximum 50)`. */
export function describeEdge(edge: ParameterEdge): string {
  return `${edge.operationId} ${edge.in} parameter ${edge.param} (${edge.constraint})`;
}

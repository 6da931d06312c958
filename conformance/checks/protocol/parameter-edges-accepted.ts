import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import {
  errorCodeOf,
  errorEnvelopeProblems,
  expectErrorEnvelope,
  expectStatus,
  expectThat,
} from '../../src/core/expect.ts';
import { documentedErrorCodes } from '../../src/core/parameter-edges.ts';
import { describeCase, describeEdge, edgeSweeps, type EdgeCase } from './support/parameter-edge-cases.ts';

/** The tag ids the deployment's taxonomy lists (D20: an id outside it may be refused). */
function taxonomyIds(groups: ReadonlyArray<{ values: ReadonlyArray<{ id: number }> }>): Set<number> {
  return new Set(groups.flatMap((group) => group.values.map((value) => value.id)));
}

/**
 * Every constrained parameter of every operation (statistics aside) at the valid edge of each
 * constraint the spec gives it — `minimum`, `maximum`, every `enum` value, every named value, a
 * date at today and at the latest leap day — is accepted with the right answer: 200, a body
 * the spec's schema accepts, `meta` echoing the value where it has the parameter's field
 * (`per_page=50` → `meta.per_page` 50, at most 50 items). Generated from spec/openapi.yaml.
 */
export const parameterEdgesAccepted = defineCheck({
  id: 'PROTOCOL-PARAMETER-EDGES-ACCEPTED',
  area: 'protocol',
  source:
    '§4 parameter tables of every endpoint (types, ranges, listed values); §8 limits, per_page and page; spec/openapi.yaml parameter schemas',
  level: 'must',
  title: 'Parameters at the valid edge of their constraints are accepted',
  covers: [
    'S4.GAMES.SORT',
    'S4.GAMES.CONNTYPE',
    'S4.GAMES.PAGE',
    'S4.GAMES.PERPAGE',
    'S4.GAMES.HASREVIEWS',
    'S4.GAMES.RECENTUPD',
    'S4.GAMES.RULE1',
    'S4.PLAYERS.FROM',
    'S4.PLAYERS.TO',
    'S4.REVIEWS.GAMEID',
    'S4.REVIEWS.PAGE',
    'S4.REVIEWS.PERPAGE',
    'S8.PERPAGE',
    'S8.PAGE',
    'S1.5-ENVELOPE',
  ],
  decisions: ['D16', 'D20'],
  async run(ctx) {
    const known = taxonomyIds(ctx.discovery.tagGroups);
    for (const sweep of edgeSweeps(ctx, true)) {
      await ctx.sweep(sweep, async (edgeCase) => judgeAccepted(ctx, edgeCase, known));
    }
  },
});

async function judgeAccepted(ctx: CheckContext, edgeCase: EdgeCase, knownTagIds: Set<number>): Promise<void> {
  const { operation, edge, path, query } = edgeCase;
  const response = await ctx.client.get(path, { query });
  const what = `${describeCase(edgeCase)}: ${describeEdge(edge)} at its valid edge`;
  if (edge.in === 'path' && response.status === 404) {
    // The smallest id may name no game or review; the route exists, so route_not_found (kept
    // for ids that are not positive integers, D17) is no answer to it. D16: the review code is open.
    const codes = documentedErrorCodes(operation, 404).filter((code) => code !== 'route_not_found');
    if (operation.operationId === 'getReview') {
      expectThat(
        response,
        errorEnvelopeProblems(response.body).length === 0 && errorCodeOf(response) !== 'route_not_found',
        `${what}: answered 404 without the error envelope or as an unknown route`,
        'HTTP 200, or 404 with the error envelope naming a missing review (D16)',
        `HTTP 404 ${errorCodeOf(response) ?? response.text.slice(0, 80)}`,
      );
    } else {
      expectErrorEnvelope(response, 404, codes);
    }
    return;
  }
  if (
    edge.constraint.startsWith('items.') &&
    response.status === 422 &&
    !knownTagIds.has(Number(edge.value))
  ) {
    // D20 tolerant: an id ≥ 1 outside the taxonomy may be refused, but only as invalid_filter.
    expectErrorEnvelope(response, 422, documentedErrorCodes(operation, 422));
    return;
  }
  expectStatus(response, 200, what);
  ctx.expectValid(response, operation.operationId);
  const body = response.body as { data?: unknown; meta?: Record<string, unknown> };
  // Where meta has the parameter's field (page, per_page, granularity, from, to), it says what was asked.
  for (const [name, value] of query) {
    const echoed = body.meta?.[name];
    if (echoed === undefined) continue;
    expectThat(
      response,
      String(echoed) === String(value),
      `${what}: meta.${name} does not echo the request`,
      `meta.${name} ${JSON.stringify(value)}`,
      `meta.${name} ${JSON.stringify(echoed)}`,
    );
  }
  const perPage = body.meta?.per_page;
  if (Array.isArray(body.data) && typeof perPage === 'number') {
    expectThat(
      response,
      body.data.length <= perPage,
      `${what}: more items than meta.per_page`,
      `at most ${perPage} items`,
      `${body.data.length} items`,
    );
  }
}

import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import {
  errorCodeOf,
  errorEnvelopeProblems,
  expectErrorEnvelope,
  expectThat,
  failWith,
} from '../../src/core/expect.ts';
import { documentedErrorCodes } from '../../src/core/parameter-edges.ts';
import { describeCase, describeEdge, edgeSweeps, type EdgeCase } from './support/parameter-edge-cases.ts';

/**
 * Every constrained parameter of every operation (statistics aside) just past the edge of each
 * constraint the spec gives it — `minimum − 1`, `maximum + 1`, a value outside an `enum`, a
 * date that breaks its `pattern` or `format` — is refused as the operation documents:
 * - the operation lists a 422 naming a code: 422 with that code (§4 players; §4 GET /games
 *   rule 3 "other invalid filter values");
 * - a path id: 404 with the operation's not-found code, `route_not_found` tolerated (D17; a
 *   review's code is open, D16: any error envelope);
 * - the operation lists no 422 (GET /reviews, D19): never a 5xx; a 200 the schema accepts
 *   (in-bounds meta) or a 4xx error envelope.
 * Edges another check already sends on every run are left to it (EDGES_ASSERTED_ELSEWHERE).
 */
export const parameterEdgesRefused = defineCheck({
  id: 'PROTOCOL-PARAMETER-EDGES-REFUSED',
  area: 'protocol',
  source:
    '§4 parameter tables of every endpoint, GET /games rule 3, players rules ("an invalid … date … returns 422 invalid_date_range"); §7 error table; spec/openapi.yaml parameter schemas',
  level: 'must',
  title: 'Parameters just past the edge of their constraints are refused as documented',
  covers: [
    'S4.GAMES.RULE3-INVALID',
    'S4.PLAYERS.FROM',
    'S4.PLAYERS.TO',
    'S4.PLAYERS.422',
    'S7.CODE.invalid_filter',
    'S7.CODE.invalid_date_range',
    'S4.GAME.404',
    'S4.MSSP.404',
    'S4.PLAYERS.404',
    'S4.REVIEW.404',
    'S4.REVIEWS.GAMEID',
  ],
  decisions: ['D16', 'D17', 'D19', 'D26'],
  async run(ctx) {
    for (const sweep of edgeSweeps(ctx, false)) {
      await ctx.sweep(sweep, async (edgeCase) => judgeRefused(ctx, edgeCase));
    }
  },
});

async function judgeRefused(ctx: CheckContext, edgeCase: EdgeCase): Promise<void> {
  const { operation, edge, path, query } = edgeCase;
  const response = await ctx.client.get(path, { query });
  const what = `${describeCase(edgeCase)}: ${describeEdge(edge)} past its edge`;
  if (edge.in === 'path') {
    if (operation.operationId === 'getReview') {
      expectThat(
        response,
        response.status === 404 && errorEnvelopeProblems(response.body).length === 0,
        `${what}: not answered 404 with the error envelope`,
        'HTTP 404 with the error envelope (D16: the code is open)',
        `HTTP ${response.status} ${errorCodeOf(response) ?? response.text.slice(0, 80)}`,
      );
      return;
    }
    expectErrorEnvelope(response, 404, documentedErrorCodes(operation, 404));
    return;
  }
  const codes = documentedErrorCodes(operation, 422);
  if (codes.length > 0) {
    expectErrorEnvelope(response, 422, codes);
    return;
  }
  // No 422 listed (D19 tolerant): whatever the reading, no 5xx, and an answer in the API's shapes.
  if (response.status === 200) {
    ctx.expectValid(response, operation.operationId);
    return;
  }
  if (response.status >= 400 && response.status < 500 && ![401, 429].includes(response.status)) {
    const problems = errorEnvelopeProblems(response.body);
    expectThat(
      response,
      problems.length === 0,
      `${what}: the refusal is not the error envelope (${problems[0] ?? ''})`,
      '{error: {code, message, details?}, request_id} (§7)',
      problems.join('; '),
    );
    return;
  }
  failWith(
    response,
    `${what}: neither served in bounds nor refused`,
    'HTTP 200 with in-bounds meta, or a 4xx error envelope (D19)',
    `HTTP ${response.status}`,
  );
}

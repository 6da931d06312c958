import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { errorEnvelopeProblems, errorCodeOf, failWith } from '../../src/core/expect.ts';
import { bodyNotJsonReason } from '../../src/core/http-client.ts';
import { concretePath, securedOperations } from '../../src/core/paths.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';

/**
 * Query values as a fuzzer or a script that escapes nothing sends them, written as they go on the
 * wire: broken percent-escapes (`%` alone, `%zz`), escapes of bytes that are no UTF-8 (`%C3%28`,
 * `%FF`), escaped quotes, backslashes and braces (text that breaks a JSON body built by
 * concatenation), markup, control characters, and a long value.
 */
export const HOSTILE_VALUES = [
  '%',
  '%22',
  '%zz',
  '%C3%28',
  '%FF',
  '%5C',
  '%22%7D%7B%22',
  '%3C%2Fscript%3E',
  '%00',
  '%0D%0A',
  '%1B%5B31m',
  'x'.repeat(300),
] as const;

/** The dragon U+1F409 in UTF-8, escaped: an example's tail (not drawn by the generated cases). */
const ASTRAL = '%F0%9F%90%89';

/** One query parameter of one operation, on a concrete path. */
interface Target {
  operationId: string;
  path: string;
  name: string;
}

/** What a hostile tail follows: nothing, or the start of a value some parameter takes (a date, a number, a word). */
const PREFIXES = ['', '2026-11-01', '1', 'players'] as const;

/** The statistics operations' documented 503 (statistics not ready), with its codes. */
const NOT_READY = new Set(['statistics_pending', 'statistics_unavailable']);

/**
 * §1 rule 1: "every response body is UTF-8 JSON"; §7: errors carry the envelope, and a 500 is
 * the server's own failure. A query value no valid request holds is the client's mistake: it is
 * answered with the API's JSON — 200 where the value is read as text, or a refusal (any 4xx, the
 * status is not judged) in the error envelope — never a server error, a framework's page or a
 * body a quote broke. Each case: one operation of the spec, one of its query parameters, one
 * hostile tail after a prefix some parameter takes. First cases: a search ending in a bare `%`
 * (`q=1%`), then a player-history date with an escaped quote after it, then a player-history date
 * that is an emoji. A body that is not UTF-8 is not JSON (the client reads it strictly).
 */
export const hostileQueryValues = defineCheck({
  id: 'PROTOCOL-HOSTILE-QUERY-VALUES',
  area: 'protocol',
  source:
    '§1 rule 1 ("every response body is UTF-8 JSON"); §2 error response; §7 errors (internal_error is the server\'s failure)',
  level: 'must',
  title: 'A hostile query value is answered with the API’s JSON, never a server error',
  covers: ['S1.1', 'S7.BODY'],
  async run(ctx) {
    const withQuery = securedOperations(ctx.spec).filter((operation) =>
      operation.parameters.some((parameter) => parameter.in === 'query'),
    );
    const request = fc
      .constantFrom(...withQuery)
      .chain((operation) =>
        fc.tuple(
          fc.constant(operation),
          fc.constantFrom(...operation.parameters.filter((parameter) => parameter.in === 'query')),
          pathValuesArbitrary(ctx.discovery),
        ),
      )
      .map(([operation, parameter, values]): Target => ({
        operationId: operation.operationId,
        path: concretePath(operation.path, values),
        name: parameter.name,
      }));
    const gameId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const examples: Array<[Target, string, string]> = [
      [{ operationId: 'listGames', path: '/games', name: 'q' }, '1', '%'],
    ];
    if (gameId !== undefined) {
      examples.push([
        { operationId: 'getGamePlayers', path: `/games/${gameId}/players`, name: 'from' },
        '2026-11-01',
        '%22',
      ]);
      // An emoji, a character beyond U+FFFF: an error echoing it must still be UTF-8 (an encoder
      // working code unit by code unit writes its surrogates, CESU-8, which no JSON parser reads).
      examples.push([
        { operationId: 'getGamePlayers', path: `/games/${gameId}/players`, name: 'from' },
        '',
        ASTRAL,
      ]);
    }
    await ctx.property(
      [request, fc.constantFrom<string>(...PREFIXES), fc.constantFrom<string>(...HOSTILE_VALUES)],
      async ({ operationId, path, name }, prefix, tail) => {
        const value = `${prefix}${tail}`;
        // Sent as written: the value is already in its wire form.
        const response = await ctx.client.get(path, { rawQuery: `${encodeURIComponent(name)}=${value}` });
        const what = `${operationId} with ${name}=${value.length > 40 ? `${value.slice(0, 40)}…` : value}`;
        if (!response.isJson) {
          failWith(
            response,
            `${what}: HTTP ${response.status} with a body that is not JSON (${bodyNotJsonReason(response)})`,
            'a JSON body: the answer, or the error envelope',
            response.text === '' ? 'an empty body' : response.text.slice(0, 160),
          );
        }
        const code = errorCodeOf(response);
        if (response.status === 503 && NOT_READY.has(String(code))) return;
        if (response.status >= 500) {
          failWith(
            response,
            `${what}: answered HTTP ${response.status}${code === undefined ? '' : ` ${code}`}`,
            'a 200, or a 4xx refusal in the error envelope (the value is the client’s mistake)',
            `HTTP ${response.status}`,
          );
        }
        const problems = response.status >= 400 ? errorEnvelopeProblems(response.body) : [];
        if (problems.length > 0) {
          failWith(
            response,
            `${what}: the HTTP ${response.status} body is not the error envelope (${problems[0]})`,
            '{error: {code, message, details?}, request_id} (§2 "Error response")',
            problems.join('; '),
          );
        }
      },
      { examples },
    );
  },
});

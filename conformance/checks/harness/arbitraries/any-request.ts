/**
 * Requests of every kind a client meets — valid ones and the errors the description
 * names (401 without or with a bad key, 404 unknown game or route, 405 other method,
 * 422 invalid filter or date range) — for the checks that hold on every response.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';
import { securedOperations, concretePath, knownGameIds } from '../../../src/core/paths.ts';
import { pathValuesArbitrary } from './path-values.ts';
import type { SampleRequest } from './sample-request.ts';
import { unknownPathArbitrary } from './unknown-path.ts';
import { validRequestArbitrary } from './valid-request.ts';

export type RequestKind =
  | 'ok'
  | 'no-key'
  | 'bad-key'
  | 'unknown-game'
  | 'unknown-route'
  | 'method'
  | 'invalid-filter'
  | 'invalid-date-range';

/** Random well-formed keys (RFC 6750 b64token) that no deployment has issued. */
export const unknownKeyArbitrary = fc.stringMatching(/^[A-Za-z0-9._~+/-]{20,48}$/);

export function anyRequestArbitrary(
  ctx: CheckContext,
  kinds: readonly RequestKind[],
): fc.Arbitrary<SampleRequest> {
  const operations = securedOperations(ctx.spec);
  const somePath = fc
    .tuple(fc.constantFrom(...operations), pathValuesArbitrary(ctx.discovery))
    .map(([operation, values]) => concretePath(operation.path, values));
  const gameId = fc.constantFrom(...knownGameIds(ctx.discovery));
  const builders: Record<RequestKind, () => fc.Arbitrary<SampleRequest>> = {
    ok: () => fc.constantFrom(...operations).chain((operation) => validRequestArbitrary(ctx, operation)),
    'no-key': () =>
      somePath.map((path) => ({ kind: 'no-key', method: 'GET', path, query: [], auth: 'none' as const })),
    'bad-key': () =>
      fc.tuple(somePath, unknownKeyArbitrary).map(([path, key]) => ({
        kind: 'bad-key',
        method: 'GET',
        path,
        query: [],
        auth: { raw: `Bearer ${key}` },
      })),
    'unknown-game': () =>
      fc
        .tuple(
          fc.integer({ min: 1_900_000_000, max: 2_147_483_647 }),
          fc.constantFrom('', '/mssp', '/players'),
        )
        .map(([id, tail]) => ({
          kind: 'unknown-game',
          method: 'GET',
          path: `/games/${id}${tail}`,
          query: [],
          auth: 'primary' as const,
        })),
    'unknown-route': () =>
      unknownPathArbitrary(ctx.spec, ctx.discovery).map((path) => ({
        kind: 'unknown-route',
        method: 'GET',
        path,
        query: [],
        auth: 'primary' as const,
      })),
    method: () =>
      fc.tuple(fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'), somePath).map(([method, path]) => ({
        kind: 'method',
        method,
        path,
        query: [],
        auth: 'primary' as const,
      })),
    'invalid-filter': () =>
      fc
        .constantFrom<SampleRequest['query']>(
          [['has_reviews', 2]],
          [['recently_updated', 'yes']],
          [['connection_type', 'telnet']],
          [
            ['connection_type', 'web_only'],
            ['online_recently', 1],
          ],
          [
            ['connection_type', 'web_only'],
            ['sort', 'recently_online'],
          ],
        )
        .map((query) => ({
          kind: 'invalid-filter',
          method: 'GET',
          path: '/games',
          query,
          auth: 'primary' as const,
        })),
    'invalid-date-range': () =>
      fc
        .tuple(
          gameId,
          fc.constantFrom<SampleRequest['query']>(
            [['granularity', 'hourly']],
            [['from', '2025-02-30']],
            [['to', 'yesterday']],
            [
              ['from', '2025-03-10'],
              ['to', '2025-03-01'],
            ],
            [
              ['granularity', 'raw'],
              ['from', '2024-01-01'],
              ['to', '2024-12-31'],
            ],
          ),
        )
        .map(([id, query]) => ({
          kind: 'invalid-date-range',
          method: 'GET',
          path: `/games/${id}/players`,
          query,
          auth: 'primary' as const,
        })),
  };
  return fc.oneof(...kinds.map((kind) => builders[kind]()));
}

/**
 * One fixed request of each kind, as fast-check examples: the minimal pass of a budgeted run
 * (examples and one generated case) then meets every kind of answer at least once.
 */
export function anyRequestExamples(ctx: CheckContext, kinds: readonly RequestKind[]): [SampleRequest][] {
  const gameId = knownGameIds(ctx.discovery)[0] ?? 1;
  const primary = 'primary' as const;
  const fixed: Record<RequestKind, SampleRequest> = {
    ok: { kind: 'ok', method: 'GET', path: '/tags', query: [], auth: primary },
    'no-key': { kind: 'no-key', method: 'GET', path: '/games', query: [], auth: 'none' },
    'bad-key': {
      kind: 'bad-key',
      method: 'GET',
      path: '/tags',
      query: [],
      auth: { raw: 'Bearer gd_unknown_0000000000000000000000000000' },
    },
    'unknown-game': {
      kind: 'unknown-game',
      method: 'GET',
      path: '/games/2147483000',
      query: [],
      auth: primary,
    },
    'unknown-route': {
      kind: 'unknown-route',
      method: 'GET',
      path: '/no-such-route',
      query: [],
      auth: primary,
    },
    method: { kind: 'method', method: 'POST', path: '/tags', query: [], auth: primary },
    'invalid-filter': {
      kind: 'invalid-filter',
      method: 'GET',
      path: '/games',
      query: [['has_reviews', 2]],
      auth: primary,
    },
    'invalid-date-range': {
      kind: 'invalid-date-range',
      method: 'GET',
      path: `/games/${gameId}/players`,
      query: [['granularity', 'hourly']],
      auth: primary,
    },
  };
  return kinds.map((kind) => [fixed[kind]]);
}

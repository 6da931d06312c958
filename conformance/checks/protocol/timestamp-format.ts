import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';
import { fieldValues } from './support/spec-fields.ts';
import { isApiTimestamp, timestampFieldNames } from './support/timestamp-fields.ts';

/** Responses full of timestamps: game and review resources, MSSP snapshots, raw player samples. */
const TARGETS: Array<{ template: string; query: QueryPairs }> = [
  { template: '/games/{gameId}', query: [] },
  { template: '/games/{gameId}/mssp', query: [] },
  { template: '/games/{gameId}/players', query: [['granularity', 'raw']] },
  { template: '/games/{gameId}/players', query: [] },
  { template: '/reviews/{reviewId}', query: [] },
  { template: '/games', query: [['sort', 'newest']] },
  { template: '/reviews', query: [['page', 2]] },
];

/** The paths of TARGETS' resources (relative to the base URL), for the run's other answers. */
const TARGET_PATH = /^\/(games|reviews)(\/\d+(\/(mssp|players))?)?$/;

export const timestampFormat = defineCheck({
  id: 'PROTOCOL-TIMESTAMP-FORMAT',
  area: 'protocol',
  source: '§1 rule 4 (timestamps "of the shape YYYY-MM-DDThh:mm:ssZ"); §2 shared types, NullableTimestamp',
  level: 'must',
  title: 'Every timestamp is UTC, exactly YYYY-MM-DDThh:mm:ssZ, or null',
  covers: ['S1.4-FORMAT', 'S2.NULLTS'],
  async run(ctx) {
    const names = timestampFieldNames(ctx.spec);
    // What discovery already fetched, without a request …
    for (const [what, items] of [
      ['games', ctx.discovery.games],
      ['reviews', ctx.discovery.reviews],
    ] as const) {
      const bad = fieldValues(items, names).find((t) => !isApiTimestamp(t.value));
      if (bad) {
        ctx.fail({
          message: `a timestamp in the discovered ${what} is not YYYY-MM-DDThh:mm:ssZ (${bad.at})`,
          expected: 'YYYY-MM-DDThh:mm:ssZ (UTC) or null',
          received: JSON.stringify(bad.value),
        });
      }
    }
    // … every answer the run already has from these resources …
    const prefix = ctx.client.baseUrl;
    const judge = (response: ApiResponse): boolean => {
      if (response.status !== 200 || !response.isJson) return false;
      const bad = fieldValues(response.body, names).find((t) => !isApiTimestamp(t.value));
      if (bad) {
        failWith(
          response,
          `timestamp at ${bad.at} is not YYYY-MM-DDThh:mm:ssZ`,
          'YYYY-MM-DDThh:mm:ssZ (UTC, no fraction, no offset) or null',
          JSON.stringify(bad.value),
        );
      }
      return true;
    };
    ctx.judgeObserved((response) => {
      if (response.request.method !== 'GET' || !response.url.startsWith(`${prefix}/`)) return false;
      return TARGET_PATH.test(new URL(response.url).pathname.slice(new URL(prefix).pathname.length));
    }, judge);
    // … then the resources one by one.
    const target = fc.tuple(fc.constantFrom(...TARGETS), pathValuesArbitrary(ctx.discovery, 6));
    await ctx.property(
      [target],
      async ([{ template, query }, values]) => {
        const path = template
          .replace('{gameId}', String(values.gameId))
          .replace('{reviewId}', String(values.reviewId));
        judge(await ctx.client.get(path, { query }));
      },
      { numRuns: Math.min(ctx.runs, 40) },
    );
  },
});

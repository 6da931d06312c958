import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { failWith } from '../../src/core/expect.ts';
import { knownGameIds, knownReviewIds } from '../../src/core/paths.ts';
import { anyRequestArbitrary } from '../harness/arbitraries/any-request.ts';
import type { SampleRequest } from '../harness/arbitraries/sample-request.ts';
import { sendSample } from '../harness/send-sample.ts';

/** A request whose answer another request must not change. */
interface Probe {
  path: string;
  query: QueryPairs;
}

/** Requests of a case whose probe answers alike twice. */
const CASE_REQUESTS = 3;

/** Cases at full depth: each sends three requests, four when the probe's answer changed, and a second round of up to four when the change came and went. */
const MAX_CASES = 10;

/**
 * An answer as the comparison reads it: the status and the body without `request_id` (which is
 * per request). Links are left out too: the third asking spells the query otherwise (below).
 */
function reading(response: ApiResponse): string {
  const body = response.body as Record<string, unknown> | undefined;
  if (body === undefined || typeof body !== 'object' || body === null)
    return `${response.status} ${response.text}`;
  const { request_id: _id, links: _links, ...rest } = body;
  return `${response.status} ${JSON.stringify(rest)}`;
}

/**
 * §1 rule 1: a read-only API — no request changes what another answers. A server that keeps a
 * request's state where the next request reads it (a filter list a refused request left filled,
 * a shared object a handler mutated, a cache keyed too coarsely, a taxonomy a filter overwrote)
 * answers a probe otherwise right after some request and right again later. So: a probe, another
 * request of any kind (valid, refused, unknown), the probe again; when the two probe answers
 * differ, the probe a third time with its query spelled otherwise (a response cache keyed by the URL
 * answers it afresh). Only a change that came and went — the third answer equal to the first, not
 * the second — fails, and only when a second round (spelled otherwise again) shows it again: data
 * that moved during the case (a new listing, a crawl) stays moved, and has no verdict.
 */
export const readOnly = defineCheck({
  id: 'PROTOCOL-READ-ONLY',
  area: 'protocol',
  source: '§1 rule 1 ("a read-only HTTPS JSON API … Only GET is supported"); §4 (each operation\'s answer)',
  level: 'must',
  title: 'No request changes the answer to another',
  covers: ['S1.1'],
  async run(ctx) {
    // A case is three requests at least: never at the cost of another check's verdict.
    if (ctx.spareBudget() < CASE_REQUESTS) {
      ctx.postpone(
        `a case (a probe, another request, the probe again: ${CASE_REQUESTS} requests) would cost another check its verdict within the request budget`,
      );
    }
    const [gameId = 1] = knownGameIds(ctx.discovery);
    const [reviewId] = knownReviewIds(ctx.discovery);
    // A list's page size is drawn per case (a URL no other request of the run asked, which a
    // response cache keyed by the URL answers afresh).
    const pageSize = fc.integer({ min: 30, max: 49 });
    const probe: fc.Arbitrary<Probe> = fc.oneof(
      pageSize.map((size): Probe => ({ path: '/games', query: [['per_page', size]] })),
      pageSize.map((size): Probe => ({ path: '/reviews', query: [['per_page', size]] })),
      fc.constantFrom<Probe>(
        { path: '/tags', query: [] },
        { path: `/games/${gameId}`, query: [] },
        ...(reviewId === undefined ? [] : [{ path: `/reviews/${reviewId}`, query: [] }]),
      ),
    );
    const everyFlagRefused: SampleRequest = {
      kind: 'invalid-filter',
      method: 'GET',
      path: '/games',
      // Every flag, then a combination rule 3 refuses: a validator pushing each flag as it reads
      // it returns before the search that would have used and cleared them.
      query: [
        ['has_reviews', 1],
        ['recently_updated', 1],
        ['connection_type', 'web_only'],
        ['online_recently', 1],
      ],
      auth: 'primary',
    };
    // Every kind of request a client sends: valid, refused (a filter, a date range, a key missing
    // or unknown), unknown (a game, a route), another method.
    const others = anyRequestArbitrary(ctx, [
      'ok',
      'invalid-filter',
      'invalid-date-range',
      'unknown-game',
      'unknown-route',
      'no-key',
      'bad-key',
      'method',
    ]);
    /**
     * The probe's query as each asking of a round spells it: the first two alike (to compare), the
     * third otherwise (`page=1` added first; the second round's pair with it added last), so that a
     * response cache keeping a URL's answer from its second asking answers none of them (a list's
     * query can be respelled; a detail's or GET /tags' cannot).
     */
    const spellings = (probe: Probe, roundIndex: number): { twice: QueryPairs; after: QueryPairs } => {
      const paged = probe.path === '/games' || probe.path === '/reviews';
      const pageFirst: QueryPairs = [['page', 1], ...probe.query];
      if (!paged) return { twice: probe.query, after: probe.query };
      return roundIndex === 0
        ? { twice: probe.query, after: pageFirst }
        : { twice: [...probe.query, ['page', 1]], after: pageFirst };
    };
    /** One round: the probe's answers when a change came and went, else undefined. */
    const round = async (
      probe: Probe,
      other: SampleRequest,
      roundIndex: number,
    ): Promise<{ before: ApiResponse; during: ApiResponse; after: ApiResponse } | undefined> => {
      const { twice, after: respelled } = spellings(probe, roundIndex);
      const before = await ctx.client.get(probe.path, { query: twice, fresh: true });
      await sendSample(ctx, other, { fresh: true });
      const during = await ctx.client.get(probe.path, { query: twice, fresh: true });
      const [first, second] = [reading(before), reading(during)];
      if (first === second) return undefined;
      const after = await ctx.client.get(probe.path, { query: respelled, fresh: true });
      return reading(after) === first ? { before, during, after } : undefined;
    };
    await ctx.property(
      [probe, others],
      async (asked, other) => {
        const seen = await round(asked, other, 0);
        if (seen === undefined) return;
        // Shown again (a second round, fresh answers), or data moved twice back and forth.
        const again = await round(asked, other, 1);
        if (again === undefined) return;
        const sent = `${other.method} ${other.path}${other.query.length > 0 ? `?${other.query.map(([n, v]) => `${n}=${String(v)}`).join('&')}` : ''}`;
        failWith(
          again.during,
          `GET ${asked.path} answered otherwise right after ${sent} (HTTP ${again.during.status}), and as before on the next request, twice`,
          `the answer GET ${asked.path} had before and has after: ${reading(again.before).slice(0, 160)}`,
          reading(again.during).slice(0, 160),
        );
      },
      {
        numRuns: Math.min(ctx.runs, MAX_CASES),
        examples: [[{ path: '/games', query: [['per_page', 47]] }, everyFlagRefused]],
      },
    );
  },
});

import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { failWith } from '../../src/core/expect.ts';
import { knownGameIds, knownReviewIds } from '../../src/core/paths.ts';
import { requestIdHeader } from '../harness/request-id-header.ts';

/** Requests in one wave: enough to overlap on a server that keeps a request's state in a shared place. */
const WAVE = 4;

/** One request of a wave, and what its 200 must name: the id of its path, or the page it asked. */
interface Asked {
  path: string;
  query: QueryPairs;
  value: number;
  /** Where a 200 names it: `data.id` of a detail, `meta.page` of a page. */
  member: 'data.id' | 'meta.page';
}

const detail = (collection: string, id: number): Asked => ({
  path: `${collection}/${id}`,
  query: [],
  value: id,
  member: 'data.id',
});

const page = (value: number): Asked => ({
  path: '/games',
  query: [
    ['per_page', 1],
    ['page', value],
  ],
  value,
  member: 'meta.page',
});

/** What a 200 names where `asked` looks. */
function named(answer: ApiResponse, asked: Asked): unknown {
  const body = answer.body as { data?: { id?: unknown }; meta?: { page?: unknown } } | undefined;
  return asked.member === 'data.id' ? body?.data?.id : body?.meta?.page;
}

/**
 * A server answers each request on its own: the detail named by the path (§4 GET /games/{gameId},
 * GET /reviews/{reviewId}: "Response 200: {data: …}" of that game or review), with an X-Request-ID
 * "identifying" that request (§7), which the error body's `request_id` repeats (§2 Error
 * response). A handler that keeps the request's game, id or context in a field of a singleton or
 * a module variable across an `await` answers requests that overlap with each other's state;
 * requests sent one at a time never show it. So the details of distinct games (then of reviews,
 * then four pages of one list) are asked at once, with a request for a game no one has beside the
 * first: each 200 must name the id its path names (a page, the page it asked), no two answers may
 * share an X-Request-ID, and an error's `request_id` must be its own header's.
 */
export const concurrentRequests = defineCheck({
  id: 'PROTOCOL-CONCURRENT-REQUESTS',
  area: 'protocol',
  source:
    '§4 GET /games/{gameId} and GET /reviews/{reviewId} (the detail of the id in the path); §2 PaginationMeta (page); §7 response headers, X-Request-ID ("identifying an authenticated request"); §2 Error response (request_id)',
  level: 'must',
  title: 'Requests sent at once are each answered as asked, each with its own request id',
  covers: ['S4.GAME.OK', 'S7.H.REQUESTID'],
  async run(ctx) {
    const games = knownGameIds(ctx.discovery);
    const reviews = knownReviewIds(ctx.discovery);
    if (games.length < 2) ctx.skip('discovery knows fewer than two games to ask for at once');
    // A wave is sent whole or not at all: never at the cost of another check's verdict.
    if (ctx.spareBudget() < WAVE) {
      ctx.postpone(
        `a wave of ${WAVE} requests sent at once would cost another check its verdict within the request budget`,
      );
    }
    // An id past every known one: a 404 answered beside the 200s.
    const unknownGame = Math.max(...games) + 1_000_003;
    const waves: Asked[][] = [
      [...games.slice(0, WAVE - 1).map((id) => detail('/games', id)), detail('/games', unknownGame)],
      reviews.slice(0, WAVE).map((id) => detail('/reviews', id)),
      // Pages of one query, each within the list (discovery saw four games at least): a handler
      // keeping the request's parameters in a shared place answers another request's page.
      ctx.discovery.games.length >= WAVE ? [1, 2, 3, 4].map(page) : [],
    ].filter((wave) => wave.length >= 2);
    await ctx.sweep(waves, async (wave) => {
      const answers = await Promise.all(
        wave.map(({ path, query }) => ctx.client.get(path, { query, fresh: true })),
      );
      const idsSeen = new Map<string, ApiResponse>();
      for (const [index, answer] of answers.entries()) {
        const asked = wave[index]!;
        const sent = new URL(answer.url).pathname + new URL(answer.url).search;
        const requestId = requestIdHeader(answer);
        const twin = requestId === undefined ? undefined : idsSeen.get(requestId);
        if (twin !== undefined) {
          failWith(
            answer,
            `${sent} and ${new URL(twin.url).pathname + new URL(twin.url).search}, sent at once, were given the same X-Request-ID`,
            'a fresh X-Request-ID for every request, however requests overlap (§7)',
            `X-Request-ID ${requestId} on both`,
          );
        }
        if (requestId !== undefined) idsSeen.set(requestId, answer);
        if (answer.status === 200) {
          const value = named(answer, asked);
          if (value !== asked.value) {
            failWith(
              answer,
              `GET ${sent}, sent at once with ${wave.length - 1} other requests, answered ${asked.member} ${String(value)}`,
              `${asked.member} ${asked.value}, what the request asked for`,
              `${asked.member} ${JSON.stringify(value)}`,
            );
          }
          continue;
        }
        const inBody = (answer.body as { request_id?: unknown } | undefined)?.request_id;
        if (requestId !== undefined && typeof inBody === 'string' && inBody !== requestId) {
          failWith(
            answer,
            `GET ${sent}, sent at once with others, carries another request's request_id`,
            `request_id ${requestId}, its own X-Request-ID`,
            `request_id ${inBody}`,
          );
        }
      }
    });
  },
});

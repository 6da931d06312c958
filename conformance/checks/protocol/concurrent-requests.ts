import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { dataOf, failWith } from '../../src/core/expect.ts';
import { knownGameIds, knownReviewIds } from '../../src/core/paths.ts';

/** X-Request-ID as sent, or undefined when missing or empty. */
function requestIdHeader(response: ApiResponse): string | undefined {
  const value = response.headers['x-request-id']?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Requests in one wave: enough to overlap on a server that keeps a request's state in a shared place. */
const WAVE = 4;

/** A wave of requests for resources named by id, each answered with the resource its path names. */
interface Wave {
  /** `/games` or `/reviews`. */
  collection: string;
  ids: number[];
}

/** The ids of `known` from `from` on, `count` of them (fewer when fewer are known). */
const idsFrom = (known: readonly number[], from: number, count: number): number[] =>
  known.slice(from, from + count);

/**
 * A server answers each request on its own: the detail named by the path (§4 GET /games/{gameId},
 * GET /reviews/{reviewId}: "Response 200: {data: …}" of that game or review), with an X-Request-ID
 * "identifying" that request (§7), which the error body's `request_id` repeats (§2 Error
 * response). A handler that keeps the request's game, id or context in a field of a singleton or
 * a module variable across an `await` answers requests that overlap with each other's state;
 * requests sent one at a time never show it. So the details of distinct games (then of reviews)
 * are asked at once, with a request for a game no one has beside them: each 200 must name the id
 * its path names, no two answers may share an X-Request-ID, and the 404's `request_id` must be
 * its own header's.
 */
export const concurrentRequests = defineCheck({
  id: 'PROTOCOL-CONCURRENT-REQUESTS',
  area: 'protocol',
  source:
    '§4 GET /games/{gameId} and GET /reviews/{reviewId} (the detail of the id in the path); §7 response headers, X-Request-ID ("identifying an authenticated request"); §2 Error response (request_id)',
  level: 'must',
  title: 'Requests sent at once are each answered as asked, each with its own request id',
  covers: ['S4.GAME.OK', 'S7.H.REQUESTID'],
  async run(ctx) {
    const games = knownGameIds(ctx.discovery);
    const reviews = knownReviewIds(ctx.discovery);
    if (games.length < 2) ctx.skip('discovery knows fewer than two games to ask for at once');
    // A wave is sent whole or not at all: never at the cost of another check's verdict.
    if (ctx.spareBudget() < WAVE) {
      ctx.skip(
        `a wave of ${WAVE} requests sent at once would cost another check its verdict within the request budget`,
      );
    }
    // An id past every known one: a 404 answered beside the 200s.
    const unknownGame = Math.max(...games) + 1_000_003;
    const waves: Wave[] = [
      { collection: '/games', ids: [...idsFrom(games, 0, WAVE - 1), unknownGame] },
      { collection: '/reviews', ids: idsFrom(reviews, 0, WAVE) },
      { collection: '/games', ids: idsFrom(games, WAVE - 1, WAVE) },
    ].filter((wave) => wave.ids.length >= 2);
    await ctx.sweep(waves, async ({ collection, ids }) => {
      const answers = await Promise.all(
        ids.map((id) => ctx.client.get(`${collection}/${id}`, { fresh: true })),
      );
      const idsSeen = new Map<string, ApiResponse>();
      for (const [index, answer] of answers.entries()) {
        const asked = ids[index]!;
        const requestId = requestIdHeader(answer);
        const twin = requestId === undefined ? undefined : idsSeen.get(requestId);
        if (twin !== undefined) {
          failWith(
            answer,
            `${collection}/${asked} and ${new URL(twin.url).pathname}, sent at once, were given the same X-Request-ID`,
            'a fresh X-Request-ID for every request, however requests overlap (§7)',
            `X-Request-ID ${requestId} on both`,
          );
        }
        if (requestId !== undefined) idsSeen.set(requestId, answer);
        if (answer.status === 200) {
          const named = dataOf<{ id?: unknown } | undefined>(answer)?.id;
          if (named !== asked) {
            failWith(
              answer,
              `GET ${collection}/${asked}, sent at once with ${ids.length - 1} other ${collection.slice(1)}, answered the detail of ${String(named)}`,
              `data.id ${asked}, the id of the path`,
              `data.id ${JSON.stringify(named)}`,
            );
          }
          continue;
        }
        const inBody = (answer.body as { request_id?: unknown } | undefined)?.request_id;
        if (requestId !== undefined && typeof inBody === 'string' && inBody !== requestId) {
          failWith(
            answer,
            `GET ${collection}/${asked}, sent at once with others, carries another request's request_id`,
            `request_id ${requestId}, its own X-Request-ID`,
            `request_id ${inBody}`,
          );
        }
      }
    });
  },
});

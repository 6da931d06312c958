import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** Other traffic on a shared key can make Remaining fall by more than one: measure again. */
const ATTEMPTS = 5;
/** A well-formed game id no directory has (GAME-DETAIL-NOT-FOUND's range). */
const UNKNOWN_GAME_ID = 2_000_000_001;

/**
 * The answers §7 says are counted ("rate-limit accounting (on 200, 404, 405, 422, 429)"): a
 * request answered with an error spends the key's budget like any other, so the request after
 * it shows one less Remaining — a limiter that refunds failed requests shows the same. Each kind
 * is also measured from the request before it: it spends exactly one, not two (a request counted
 * by two layers, an error path that counts again). That request is the run's last answer on the
 * key when its window is the same (so the minimal pass's one case, an unknown route, sends two
 * requests, as before), else one sent for it.
 */
const KINDS: ReadonlyArray<{
  what: string;
  send: (ctx: CheckContext) => Promise<ApiResponse>;
}> = [
  {
    what: 'GET /no-such-collection (404 route_not_found)',
    send: (ctx) => ctx.client.get('/no-such-collection', { unpaced: true }),
  },
  // The statistics of the game the user names as unavailable (503 for every valid query, §4): a
  // refusal after accounting that a retry behind the limiter, or a second layer, charges again.
  // Without that hint, GET /tags (a plain 200, which every kind's request after it measures too).
  {
    what: 'GET /games/{unavailable}/statistics (503), else GET /tags',
    send: (ctx) => {
      const id = ctx.hints.statisticsUnavailableGameId;
      return ctx.client.get(id === undefined ? '/tags' : `/games/${id}/statistics`, { unpaced: true });
    },
  },
  // The heaviest answer (a month of raw samples): a limiter weighing requests by their cost
  // charges it more than one (§8 counts requests).
  {
    what: 'GET /games/{id}/players?granularity=raw',
    send: (ctx) =>
      ctx.client.get(`/games/${ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id ?? 1}/players`, {
        query: [['granularity', 'raw']],
        unpaced: true,
      }),
  },
  // The same key with its scheme spelled `bearer` (RFC 9110: case-insensitive) is counted on the
  // key's own budget: a counter kept per Authorization text starts it afresh. (A server refusing
  // the spelling answers 401, which has no accounting: nothing to measure.)
  {
    what: 'GET /tags with the scheme spelled `bearer`',
    send: (ctx) => ctx.client.get('/tags', { auth: { framed: (key) => `bearer ${key}` }, unpaced: true }),
  },
  {
    what: `GET /games/${UNKNOWN_GAME_ID} (404)`,
    send: (ctx) => ctx.client.get(`/games/${UNKNOWN_GAME_ID}`, { unpaced: true }),
  },
  {
    what: 'GET /games?recently_updated=2 (422)',
    send: (ctx) => ctx.client.get('/games', { query: [['recently_updated', 2]], unpaced: true }),
  },
  {
    what: 'POST /tags (405)',
    send: (ctx) => ctx.client.request('/tags', { method: 'POST', unpaced: true }),
  },
];

export const remainingDecrements = defineCheck({
  id: 'RATE-LIMIT-REMAINING-DECREMENTS',
  area: 'rate-limit',
  source:
    '§7 response headers, X-RateLimit-Remaining; §7 ("… after … rate-limit accounting (on 200, 404, 405, 422, 429)")',
  level: 'must',
  title: 'X-RateLimit-Remaining falls by one per request within a window, an answered error included',
  covers: ['S7.H.REMAINING'],
  async run(ctx) {
    let compared = 0;
    /** The run's last answer on the primary key that carried a Remaining: what came before the next request. */
    const lastAnswer = (): ApiResponse | undefined =>
      ctx.client
        .observed()
        .findLast(
          (response) =>
            response.keyLabel === 'primary' &&
            response.status !== 429 &&
            integerHeader(response, 'x-ratelimit-remaining') !== undefined,
        );
    await ctx.sweep(KINDS, async ({ what, send }) => {
      const falls: number[] = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const before =
          (attempt === 0 ? lastAnswer() : undefined) ?? (await ctx.client.get('/tags', { unpaced: true }));
        const first = await send(ctx);
        // D37: whether a 503 is counted is tolerated either way; only a fall of more than one fails.
        const countOpen = first.status === 503;
        // Refused before any accounting (§7: the headers come after authentication).
        if (first.status === 401) return;
        const second = await ctx.client.get('/tags', { unpaced: true });
        if (first.status === 429 || second.status === 429 || before.status === 429) {
          ctx.log('the primary key is rate limited; measuring again after the window');
          await ctx.client.get('/tags'); // paced: waits for the reset
          continue;
        }
        const a = {
          remaining: integerHeader(first, 'x-ratelimit-remaining'),
          reset: integerHeader(first, 'x-ratelimit-reset'),
        };
        const b = {
          remaining: integerHeader(second, 'x-ratelimit-remaining'),
          reset: integerHeader(second, 'x-ratelimit-reset'),
        };
        // Missing (RATE-LIMIT-HEADERS-PRESENT's rule) or redacted by the client: measure again.
        if (a.remaining === undefined || b.remaining === undefined || a.reset === undefined) continue;
        // Another Reset means another window (or another binding limit): not comparable.
        if (a.reset !== b.reset) continue;
        const prior = integerHeader(before, 'x-ratelimit-remaining');
        // The request before in another window (or without the header): its own cost not measured.
        if (prior !== undefined && integerHeader(before, 'x-ratelimit-reset') === a.reset) {
          const own = prior - a.remaining;
          if (own <= 0 && !countOpen) {
            failWith(
              first,
              `X-RateLimit-Remaining did not fall with ${what} (${prior} → ${a.remaining}): that request was not counted`,
              `X-RateLimit-Remaining ${prior - 1} (one less than the request before it, same X-RateLimit-Reset ${a.reset})`,
              `X-RateLimit-Remaining ${a.remaining}`,
            );
          }
          if (own > 1) {
            falls.push(own);
            continue;
          }
        }
        const fall = a.remaining - b.remaining;
        if (fall <= 0 && !countOpen) {
          failWith(
            second,
            `X-RateLimit-Remaining did not fall after ${what} answered ${first.status} (${a.remaining} → ${b.remaining}): that request was not counted`,
            `X-RateLimit-Remaining ${a.remaining - 1} (one less than after ${what}, same X-RateLimit-Reset ${a.reset})`,
            `X-RateLimit-Remaining ${b.remaining}`,
          );
        }
        // An answer whose counting is open may be refunded (a fall of 0 after it).
        if (fall === 1 || (countOpen && fall <= 0)) {
          compared += 1;
          return;
        }
        falls.push(fall);
      }
      if (falls.length > 0) {
        ctx.fail({
          message: `X-RateLimit-Remaining fell by more than one per request after ${what}, on every attempt (${falls.join(', ')})`,
          expected: 'a fall of exactly one between two consecutive requests (at least once in five attempts)',
          received: `falls of ${falls.join(', ')} (is other traffic using the key?)`,
        });
      }
    });
    if (compared === 0) {
      ctx.skip(
        `no two consecutive responses of one window carried X-RateLimit-Remaining and -Reset (${ATTEMPTS} attempts)`,
      );
    }
  },
});

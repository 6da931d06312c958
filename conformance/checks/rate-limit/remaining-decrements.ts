import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** Other traffic on a shared key can make Remaining fall by more than one: measure again. */
const ATTEMPTS = 5;

export const remainingDecrements = defineCheck({
  id: 'RATE-LIMIT-REMAINING-DECREMENTS',
  area: 'rate-limit',
  source: '§7 response headers, X-RateLimit-Remaining',
  level: 'must',
  title: 'X-RateLimit-Remaining falls by one per request within a window',
  covers: ['S7.H.REMAINING'],
  async run(ctx) {
    const falls: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const first = await ctx.client.get('/tags', { unpaced: true });
      const second = await ctx.client.get('/tags', { unpaced: true });
      if (first.status === 429 || second.status === 429) {
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
      const fall = a.remaining - b.remaining;
      if (fall <= 0) {
        failWith(
          second,
          `X-RateLimit-Remaining did not fall between two requests in one window (${a.remaining} → ${b.remaining})`,
          `X-RateLimit-Remaining ${a.remaining - 1} (one less than the previous response, same X-RateLimit-Reset ${a.reset})`,
          `X-RateLimit-Remaining ${b.remaining}`,
        );
      }
      if (fall === 1) return;
      falls.push(fall);
    }
    if (falls.length === 0) {
      ctx.skip(
        `no two consecutive responses of one window carried X-RateLimit-Remaining and -Reset (${ATTEMPTS} attempts)`,
      );
    }
    ctx.fail({
      message: `X-RateLimit-Remaining fell by more than one per request on every attempt (${falls.join(', ')})`,
      expected: 'a fall of exactly one between two consecutive requests (at least once in five attempts)',
      received: `falls of ${falls.join(', ')} (is other traffic using the key?)`,
    });
  },
});

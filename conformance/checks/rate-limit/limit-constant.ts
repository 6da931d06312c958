import { countedKeyAnswer } from './support/counted-key.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** Every kind of counted answer; one fixed request of each runs first. */
const KINDS: RequestKind[] = ['ok', 'unknown-game', 'unknown-route', 'method', 'invalid-filter'];

/**
 * §7: X-RateLimit-Limit is the key's configured per-minute limit, so one key's answers all carry
 * the same one; when the user states the primary key's limit (`--api-key-per-minute`, as the
 * account console shows it, §5), that one — a limit stored in a narrower column, or a plan's
 * default, is constant too.
 */
export const limitConstant = defineCheck({
  id: 'RATE-LIMIT-LIMIT-CONSTANT',
  area: 'rate-limit',
  source: "§7 response headers, X-RateLimit-Limit (the key's configured per-minute limit)",
  level: 'must',
  title: 'X-RateLimit-Limit is the same on every response to one key',
  covers: ['S7.H.LIMIT'],
  async run(ctx) {
    // The limit the user states for the key, else the first one the run saw.
    const configured = ctx.hints.primaryPerMinute;
    let expected = configured ?? ctx.discovery.primaryLimit;
    let compared = 0;
    const judge = (response: ApiResponse): boolean => {
      if (!RATE_LIMITED_STATUSES.includes(response.status)) return false;
      const limit = integerHeader(response, 'x-ratelimit-limit');
      if (limit === undefined) return false;
      compared += 1;
      expected ??= limit;
      if (limit !== expected) {
        failWith(
          response,
          configured === undefined
            ? 'X-RateLimit-Limit changed between requests of one key'
            : "X-RateLimit-Limit is not the primary key's configured per-minute limit",
          `X-RateLimit-Limit ${expected} (${configured === undefined ? 'as on earlier responses' : '--api-key-per-minute'})`,
          `X-RateLimit-Limit ${limit}`,
        );
      }
      return true;
    };
    // The primary key's answers the run already has (one key's limit), then its own.
    const counted = countedKeyAnswer(ctx);
    ctx.judgeObserved((response) => counted(response) && response.keyLabel === 'primary', judge);
    await ctx.property(
      [anyRequestArbitrary(ctx, KINDS)],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      { numRuns: Math.min(ctx.runs, 30), examples: anyRequestExamples(ctx, KINDS) },
    );
    if (compared === 0)
      ctx.skip('no response carried an integer X-RateLimit-Limit (see RATE-LIMIT-HEADERS-PRESENT)');
  },
});

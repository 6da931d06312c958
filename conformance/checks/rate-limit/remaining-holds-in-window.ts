import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ObservedResponse } from '../../src/core/http-client.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { countedKeyAnswer } from './support/counted-key.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** A counted answer's figures: what it said, and when. */
interface Reading {
  response: ObservedResponse;
  remaining: number;
  /** Its Date, in whole seconds. */
  second: number;
  receivedAt: number;
}

/**
 * §7: X-RateLimit-Remaining is what is left of the key's budgets and X-RateLimit-Reset the moment
 * the binding one resets. Until that moment nothing is given back, so of two answers to one key
 * that report the same Reset, the later one — sent after the earlier one's answer came, in a
 * later second by Date — reports no more Remaining. A window that restarts its count, or
 * headers computed from another window's count (the first answer of a minute reporting the
 * minute before), show as a rise. Only answers whose Reset is the same moment across seconds are
 * compared, so a limiter whose Reset moves with every second (a sliding window reporting
 * Date + 60, which D32 allows) is not judged; requests sent while another was in flight are not
 * compared either (their order of counting is unknown). Judged on the run's traffic, per key:
 * no request of its own (RATE-LIMIT-RETRY-AFTER-HONOURED asks twice in the window it waited
 * for, a second apart, so that a run shorter than a minute has a window's first answers too).
 */
export const remainingHoldsInWindow = defineCheck({
  id: 'RATE-LIMIT-REMAINING-HOLDS-IN-WINDOW',
  area: 'rate-limit',
  source: '§7 response headers, X-RateLimit-Remaining and X-RateLimit-Reset; §8 limits',
  level: 'must',
  title: "Before its reset, a key's Remaining never rises",
  covers: ['S7.H.REMAINING', 'S7.H.RESET'],
  decisions: ['D32'],
  async run(ctx) {
    /** Per key and Reset, the answers so far. */
    const windows = new Map<string, Reading[]>();
    let compared = 0;
    ctx.judgeObserved(countedKeyAnswer(ctx), (response) => {
      if (!RATE_LIMITED_STATUSES.includes(response.status)) return false;
      const remaining = integerHeader(response, 'x-ratelimit-remaining');
      const reset = integerHeader(response, 'x-ratelimit-reset');
      const { serverDate, sentAt, receivedAt } = response;
      if (remaining === undefined || reset === undefined || serverDate === undefined) return false;
      if (sentAt === undefined || receivedAt === undefined) return false;
      const second = Math.floor(serverDate / 1000);
      const key = `${response.keyLabel ?? ''} ${reset}`;
      const earlier = windows.get(key) ?? [];
      windows.set(key, [...earlier, { response, remaining, second, receivedAt }]);
      // The lowest Remaining an answer before this one reported for the same Reset, in an earlier second.
      const before = earlier
        .filter((reading) => reading.second < second && reading.receivedAt <= sentAt)
        .reduce<Reading | undefined>(
          (lowest, reading) =>
            lowest === undefined || reading.remaining < lowest.remaining ? reading : lowest,
          undefined,
        );
      if (before === undefined) return false;
      compared += 1;
      if (remaining > before.remaining) {
        failWith(
          response,
          `X-RateLimit-Remaining rose from ${before.remaining} to ${remaining} before X-RateLimit-Reset ${reset}`,
          `Remaining ≤ ${before.remaining}: the ${response.keyLabel ?? ''} key's answer at ${before.second} (${before.response.request.method} ${before.response.url}) reported ${before.remaining} with the same Reset, which has not passed`,
          `Remaining ${remaining} at ${second} (Date), Reset ${reset}`,
        );
      }
      return true;
    });
    if (compared === 0)
      ctx.skip('no two answers of one key with the same X-RateLimit-Reset in different seconds');
  },
});

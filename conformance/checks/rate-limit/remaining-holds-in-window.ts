import { defineCheck } from '../../src/core/check.ts';
import type { KeyedReading } from '../../src/core/http-client.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { countedKeyAnswer } from './support/counted-key.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** A reading with the figures compared: its Remaining, its Reset, its Date in whole seconds. */
interface Dated {
  reading: KeyedReading;
  remaining: number;
  second: number;
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
 * compared either (their order of counting is unknown). Judged on the rate-limit figures the
 * client keeps of every answer of the run (a window's first answers come early in it, long
 * before the run ends: the whole responses `observed()` keeps are only the latest), no request of
 * its own; RATE-LIMIT-RETRY-AFTER-HONOURED asks again in the window it waited for, so that a run
 * shorter than a minute has a window's first answers too.
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
    const counted = countedKeyAnswer(ctx);
    // As a judge of the run's traffic: the runner judges it again on what comes after its pass
    // (the answers themselves are read from their readings below, which the client keeps all of).
    ctx.judgeObserved(counted, (response) => integerHeader(response, 'x-ratelimit-reset') !== undefined, {
      wholeRun: true,
    });
    /** Per key and Reset, the answers so far. */
    const windows = new Map<string, Dated[]>();
    let compared = 0;
    for (const reading of ctx.client.rateLimitReadings()) {
      const { remaining, reset, serverNow, sentAt } = reading;
      if (!counted(reading) || !RATE_LIMITED_STATUSES.includes(reading.status)) continue;
      if (remaining === undefined || reset === undefined || serverNow === undefined) continue;
      const second = Math.floor(serverNow / 1000);
      const key = `${reading.keyLabel} ${reset}`;
      let earlier = windows.get(key);
      if (earlier === undefined) windows.set(key, (earlier = []));
      // The lowest Remaining an answer before this one reported for the same Reset, in an earlier second.
      let before: Dated | undefined;
      for (const dated of earlier) {
        if (dated.second >= second || dated.reading.receivedAt > sentAt) continue;
        if (before === undefined || dated.remaining < before.remaining) before = dated;
      }
      earlier.push({ reading, remaining, second });
      if (before === undefined) continue;
      compared += 1;
      if (remaining > before.remaining) {
        const { method, url } = before.reading.request;
        ctx.fail({
          message: `X-RateLimit-Remaining rose from ${before.remaining} to ${remaining} before X-RateLimit-Reset ${reset}`,
          expected: `Remaining ≤ ${before.remaining}: the ${reading.keyLabel} key's answer at ${before.second} (${method} ${url}) reported ${before.remaining} with the same Reset, which has not passed`,
          received: `Remaining ${remaining} at ${second} (Date), Reset ${reset}`,
          request: reading.request,
        });
      }
    }
    if (compared === 0)
      ctx.skip('no two answers of one key with the same X-RateLimit-Reset in different seconds');
  },
});

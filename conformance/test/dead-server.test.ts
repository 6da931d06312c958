/**
 * A deployment that stops answering mid-run: the suite's circuit breaker ends the run within a
 * bounded time (about 20 s after the last answer with the default 10-s timeout; at once for
 * refused or reset connections) instead of spending a timeout on every request left, marks what
 * is left `notrun`, and names the failure once, with its time. Shown with a proxy in front of the
 * reference server that passes N requests and then hangs, resets every connection, or trickles
 * a byte a second.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

type Death = 'hang' | 'reset' | 'trickle';

interface Dying {
  /** When the proxy stopped answering (epoch ms), if it did. */
  diedAt?: number;
  /** Requests that reached the proxy after it died. */
  afterDeath: number;
}

/** Passes `answered` requests through, then dies the `death` way; closing it ends the trickles. */
async function dyingProxy(target: string, answered: number, death: Death, state: Dying) {
  const timers = new Set<NodeJS.Timeout>();
  let seen = 0;
  const front = await proxyInFront({
    intercept: (req, res) => {
      seen += 1;
      if (seen <= answered) return false;
      state.diedAt ??= Date.now();
      state.afterDeath += 1;
      if (death === 'reset') req.socket.destroy();
      if (death === 'trickle') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
        const timer = setInterval(() => res.write(' '), 1000);
        timers.add(timer);
        res.on('close', () => clearInterval(timer));
      }
      // 'hang': never answered; the proxy's close ends the connection.
      return true;
    },
  })(target);
  return {
    baseUrl: front.baseUrl,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      return front.close();
    },
  };
}

describe('a server that stops answering mid-run', () => {
  it.each([
    // In discovery or the first checks.
    { death: 'hang' as const, answered: 40, boundMs: 30_000 },
    { death: 'hang' as const, answered: 150, boundMs: 30_000 },
    { death: 'reset' as const, answered: 150, boundMs: 5_000 },
    { death: 'trickle' as const, answered: 150, boundMs: 30_000 },
  ])(
    'after $answered requests, then $death: exit 1 within $boundMs ms, the failure named once',
    async ({ death, answered, boundMs }) => {
      const state: Dying = { afterDeath: 0 };
      let finishedAt = 0;
      const run = await runSuiteAgainstReference({
        frontedBy: async (baseUrl) => {
          const proxy = await dyingProxy(baseUrl, answered, death, state);
          return {
            baseUrl: proxy.baseUrl,
            close: () => {
              finishedAt = Date.now();
              return proxy.close();
            },
          };
        },
      });
      expect(run.exitCode, run.output).toBe(1);
      expect(state.diedAt).toBeDefined();
      expect(finishedAt - state.diedAt!).toBeLessThanOrEqual(boundMs);
      // The breaker needs three failures in a row at most; checks running at once may add a few.
      expect(state.afterDeath).toBeLessThanOrEqual(6);
      const named = run.output.match(/the server stopped answering at \d\d:\d\d:\d\d UTC/g) ?? [];
      expect(named.length, run.output).toBe(1);
      expect(run.output).toContain('Stopped early: the server stopped answering');
      expect(run.results.filter((r) => r.status === 'notrun').length).toBeGreaterThan(20);
    },
    120_000,
  );
});

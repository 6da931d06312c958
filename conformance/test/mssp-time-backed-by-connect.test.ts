/**
 * GAMES-STATUS-MSSP-NEEDS-CONNECT beyond the blind fault that showed it (a never-reached game's
 * MSSP time filled with its last crawl): a server writing the last crawl's time as the MSSP
 * collection time of every game whose last crawl failed — reached once, hours or days before —
 * fails it too; one stamping the collection a few minutes after the connection it came on passes.
 * Each server is the reference behind a proxy rewriting the games' status.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;
const CHECK = 'GAMES-STATUS-MSSP-NEEDS-CONNECT';

type Status = {
  web_only: boolean;
  mssp_collected_at: string | null;
  last_successful_connect: string | null;
  last_crawled: string | null;
};

/** The reference behind a proxy that rewrites the status of every game of GET /games and /games/{id}. */
function statuses(rewrite: (status: Status) => void) {
  return proxyInFront({
    rewriteAnswer: (url, answer): Answer | undefined => {
      if (answer.status !== 200 || !/\/games(\/\d+)?$/.test(url.pathname)) return undefined;
      const body = JSON.parse(answer.text) as { data: unknown };
      const games = (Array.isArray(body.data) ? body.data : [body.data]) as Array<{ status: Status }>;
      for (const game of games) rewrite(game.status);
      return { ...answer, text: JSON.stringify(body) };
    },
  });
}

describe('an MSSP collection time backed by a successful connection', () => {
  it(
    'fails a server writing the last crawl there for games whose last crawl failed',
    async () => {
      const frontedBy = statuses((status) => {
        const { last_crawled: crawled, last_successful_connect: connect } = status;
        if (!status.web_only && crawled !== null && connect !== null && crawled > connect)
          status.mssp_collected_at = crawled;
      });
      const run = await runSuiteAgainstReference({ only: CHECK, frontedBy });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([CHECK]);
    },
    TIMEOUT_MS,
  );

  it(
    'passes a server stamping the collection five minutes after its connection',
    async () => {
      const frontedBy = statuses((status) => {
        if (status.mssp_collected_at !== null && status.last_successful_connect !== null)
          status.mssp_collected_at = new Date(Date.parse(status.last_successful_connect) + 300_000)
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z');
      });
      const run = await runSuiteAgainstReference({ only: CHECK, frontedBy });
      expect(run.exitCode, run.output).toBe(0);
    },
    TIMEOUT_MS,
  );
});

/**
 * The class fixes made after blind fault set 20 (what a production deployment adds around the
 * handlers): each check passes the reference server and fails against the blind fault whose escape
 * showed the class missing. Left, see the blind-faults README's measurement of set 20.
 */
import { describe, it } from 'vitest';
import { itFixesEach } from './class-fixes.ts';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

describe('class fixes after blind fault set 20', () => {
  itFixesEach([
    // A gzip answer kept by a response cache under the URL alone, served to a client refusing every coding.
    ['blind20-gzip-variant-cached-without-vary', 'PROTOCOL-CLIENT-HEADERS-IGNORED'],
    // A response cache looked up by the URL ahead of the method check.
    ['blind20-other-methods-served-from-cache', 'PROTOCOL-METHOD-NOT-ALLOWED'],
    // A breaker answering every statistics range of a game 503 pending after one long range was.
    ['blind20-statistics-503-breaker-per-game', 'STATISTICS-NOT-READY-CODES'],
    // A broken percent-escape in a path id answered by the framework's HTML 400 page.
    ['blind20-broken-path-escape-400-html', 'GAME-DETAIL-MALFORMED-ID'],
    // Links built from the Host sent, cached under the path alone: another client's Host in them.
    ['blind20-links-host-header-cache-poisoned', 'GAME-DETAIL-SELF-LINK'],
  ]);
});

/**
 * Faults planted in a handler whose answer depends on a request header: the reference's one-second
 * response cache, keyed by the URL, answers a URL asked twice within a second without reaching the
 * handler, so these run on a server without it (whether the fault showed would depend on the
 * clock second; a server without such a cache shows it at every request).
 */
describe('class fixes after blind fault set 20, header-dependent answers (no response cache)', () => {
  itFixesEach(
    [
      // An endpoint negotiating a text export for an Accept preferring text (the headers sent together).
      ['blind20-mssp-text-plain-negotiated', 'PROTOCOL-CLIENT-HEADERS-IGNORED'],
      // A byte range honoured with 206, a status §7 does not list: failed on that answer alone.
      ['blind20-tags-range-206', 'PROTOCOL-CLIENT-HEADERS-IGNORED'],
    ],
    { responseCache: false },
  );
});

/** Forty minutes past an hour, on the next hour: the crawl of hh:30 has happened since hh:00. */
const FORTY_PAST = () => Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 40 * 60_000;

describe('GAME-DETAIL-CRAWL-NEVER-OLDER (waits a minute of grace before it fails)', () => {
  // The list served from a view refreshed on the hour, read at 40 past: its games' crawls are hh:00's.
  itFixesEach([['blind20-list-status-hourly-snapshot', 'GAME-DETAIL-CRAWL-NEVER-OLDER']], { at: FORTY_PAST });

  const CHECK = 'GAME-DETAIL-CRAWL-NEVER-OLDER';

  type Status = { status: { last_crawled: string | null } };

  /**
   * The reference behind a proxy reporting, in the answers whose path matches `path`, until
   * `until()` is false, every crawl half an hour older.
   */
  function stale(path: RegExp, until: () => boolean) {
    return proxyInFront({
      rewriteAnswer: (url, answer): Answer | undefined => {
        if (answer.status !== 200 || !path.test(url.pathname) || !until()) return undefined;
        const body = JSON.parse(answer.text) as { data: Status | Status[] };
        for (const game of Array.isArray(body.data) ? body.data : [body.data]) {
          const at = game.status.last_crawled;
          if (at !== null)
            game.status.last_crawled = new Date(Date.parse(at) - 1_800_000)
              .toISOString()
              .replace('.000Z', 'Z');
        }
        return { ...answer, text: JSON.stringify(body) };
      },
    });
  }
  const staleList = (until: () => boolean) => stale(/\/games$/, until);

  // Each waits out the check's minute of grace: the three go at once (each its own proxy and server).

  it.concurrent.for([
    { behind: 'lists', only: CHECK, front: () => staleList(() => true) },
    // The details read by the schema check.
    {
      behind: 'details',
      only: `GAME-DETAIL-SCHEMA,${CHECK}`,
      front: () => stale(/\/games\/\d+$/, () => true),
    },
  ])(
    'fails a server whose $behind stay half an hour behind the others',
    { timeout: 180_000 },
    async ({ only, front }, { expect }) => {
      const run = await runSuiteAgainstReference({ only, frontedBy: front() });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([CHECK]);
    },
  );

  it.concurrent(
    'passes a server whose lists catch up within the minute of grace',
    async ({ expect }) => {
      const started = Date.now();
      const run = await runSuiteAgainstReference({
        only: CHECK,
        frontedBy: staleList(() => Date.now() - started < 30_000),
      });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(['pass']);
    },
    180_000,
  );
});

/**
 * The class fixes made after blind fault set 31 (state that leaks between requests): each check
 * passes the reference server and fails against the blind fault whose escape showed the class
 * missing. Left, see the blind-faults README's measurement of set 31.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itFixesEach } from './class-fixes.ts';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

/** The fixtures' day-limited key (3 requests a day), whose refusals are the day's. */
const DAY_LIMITED_KEY = (
  JSON.parse(readFileSync(new URL('../../fixtures/keys.json', import.meta.url), 'utf8')) as Array<{
    key: string;
    label: string;
  }>
).find((entry) => entry.label === 'day-limited')!.key;

describe('class fixes after blind fault set 31', () => {
  // Requests sent at once (the first wave: three game details and an unknown game): each detail
  // names its own game, no two answers share an X-Request-ID.
  itFixesEach(
    [
      ['blind31-detail-controller-field-overwritten', 'PROTOCOL-CONCURRENT-REQUESTS'],
      ['blind31-request-id-module-variable', 'PROTOCOL-CONCURRENT-REQUESTS'],
    ],
    { runs: 1 },
  );

  // The class beyond details: a list's parameters kept in a shared place. A proxy answers each
  // one-game page of GET /games with the page of the latest such request it received, as a
  // handler reading its parameters from a module variable after an await does.
  it("PROTOCOL-CONCURRENT-REQUESTS fails pages asked at once that answer another request's page", async () => {
    let latest: string | null = null;
    const run = await runSuiteAgainstReference({
      only: 'PROTOCOL-CONCURRENT-REQUESTS',
      frontedBy: proxyInFront({
        intercept: (req) => {
          const url = new URL(req.url ?? '/', 'http://proxy');
          if (url.searchParams.get('per_page') === '1') latest = url.searchParams.get('page');
          return false;
        },
        rewriteAnswer: (url, answer) => {
          if (url.searchParams.get('per_page') !== '1' || latest === null || answer.status !== 200)
            return undefined;
          const body = JSON.parse(answer.text) as { meta: { page: number } };
          body.meta.page = Number(latest);
          return { ...answer, text: JSON.stringify(body) };
        },
      }),
    });
    expect(run.failing, run.output).toEqual(['PROTOCOL-CONCURRENT-REQUESTS']);
    expect(run.output).toContain('meta.page');
  }, 180_000);

  // A refused request changes no later answer (the property's example: every flag with a
  // combination rule 3 refuses, between two askings of the game list).
  describe('…a request that leaves a trace', () => {
    itFixesEach([['blind31-games-flags-left-by-refused-request', 'PROTOCOL-READ-ONLY']], { runs: 1 });
  });

  // GET /tags read again after the run's tag filters lists every game's category tags. The
  // reference server's response cache answers GET /tags asked twice within a second without
  // reaching the handler, so this runs without it (a server without such a cache shows the fault
  // at every GET /tags after a tag filter).
  describe('…the taxonomy after tag filters (no response cache)', () => {
    itFixesEach(
      [['blind31-tags-taxonomy-overwritten-by-filter', 'TAGS-CATEGORY-TAGS-LISTED']],
      { runs: 4, responseCache: false },
      { 'TAGS-CATEGORY-TAGS-LISTED': 'GAMES-FILTER-TAGS' },
    );
  });

  // Right after the low-limit key's minute refusal, the day-limited key's refusal still says to
  // wait until 00:00:00Z (a wait memoised by the clock minute repeats the minute's). The day check
  // beside it spends the day-limited key's day first.
  describe("…a refusal's wait, key by key", () => {
    itFixesEach(
      [['blind31-retry-after-memoised-per-minute', 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED']],
      { hints: true },
      { 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED': 'RATE-LIMIT-DAY-LIMIT-REFUSED' },
    );
  });

  // The other order: a wait memoised by a day refusal for its clock minute, which the low-limit
  // key's next minute refusal repeats (a proxy in front of the reference server does it).
  it("RATE-LIMIT-REFUSED-WHEN-EXHAUSTED fails a minute refusal told a day refusal's wait", async () => {
    let memo: { minute: number; wait: string } | undefined;
    const run = await runSuiteAgainstReference({
      only: 'RATE-LIMIT-DAY-LIMIT-REFUSED,RATE-LIMIT-REFUSED-WHEN-EXHAUSTED',
      hints: true,
      frontedBy: proxyInFront({
        rewriteAnswer: (_url, answer, headers) => {
          const wait = answer.headers['retry-after'];
          if (answer.status !== 429 || typeof wait !== 'string') return undefined;
          const minute = Math.floor(Date.now() / 60_000);
          if (memo?.minute === minute)
            return { ...answer, headers: { ...answer.headers, 'retry-after': memo.wait } };
          // The day-limited key's refusal is the day's (its wait runs to midnight: under an hour
          // after 23:00 UTC, so the wait's length alone does not tell it then).
          if (headers.authorization === `Bearer ${DAY_LIMITED_KEY}`) memo = { minute, wait };
          return undefined;
        },
      }),
    });
    expect(run.failing, run.output).toEqual(['RATE-LIMIT-REFUSED-WHEN-EXHAUSTED']);
    expect(run.output).toContain("asked right after the day-limited key's day refusal");
  }, 180_000);
});

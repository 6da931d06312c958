/**
 * Classes the mutation run showed missing (scripts/mutation/mutation-score.ts, seed 1: mutants of
 * the reference server's domain modules the suite passed at 200 and at 600 requests): a server
 * answering one of those ways, emulated by a proxy in front of the reference server that rewrites
 * its answers, fails the check that now judges it — and only that check among those run.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;

/** A proxy rewriting the JSON body of the answers `applies` picks. */
function rewritingBody(applies: (url: URL) => boolean, rewrite: (body: Record<string, unknown>) => unknown) {
  return proxyInFront({
    rewriteAnswer: (url, answer): Answer | undefined => {
      if (answer.status !== 200 || !applies(url)) return undefined;
      return { ...answer, text: JSON.stringify(rewrite(JSON.parse(answer.text) as Record<string, unknown>)) };
    },
  });
}

/** An empty page of a collection, its envelope otherwise as answered. */
const emptied = (body: Record<string, unknown>) => {
  const meta = body.meta as Record<string, unknown>;
  const links = body.links as Record<string, unknown>;
  return { data: [], meta: { ...meta, total: 0 }, links: { self: links.self } };
};

const CASES: Array<[string, ReturnType<typeof rewritingBody>, string]> = [
  [
    'GET /games without q lists no game (an absent q searched as a text)',
    rewritingBody((url) => url.pathname.endsWith('/games') && !url.searchParams.has('q'), emptied),
    'GAMES-UNLISTED-ARE-ARCHIVED',
  ],
  [
    'GET /reviews lists no review, while reviews answer by id',
    rewritingBody((url) => url.pathname.endsWith('/reviews') && !url.searchParams.has('game_id'), emptied),
    'REVIEWS-UNLISTED-ARE-ARCHIVED',
  ],
  [
    'GET /reviews?game_id= lists none of the game’s reviews',
    rewritingBody((url) => url.pathname.endsWith('/reviews') && url.searchParams.has('game_id'), emptied),
    'REVIEWS-GAME-FILTER',
  ],
  [
    'daily statistics keep the first day only',
    rewritingBody(
      (url) => url.pathname.endsWith('/statistics') && url.searchParams.get('resolution') === 'daily',
      (body) => ({ ...body, data: (body.data as unknown[]).slice(0, 1) }),
    ),
    'STATISTICS-RESOLUTIONS-AGREE',
  ],
];

describe('classes the mutation run showed missing', () => {
  it(
    'pass on the reference server',
    async () => {
      const checks = [...new Set(CASES.map(([, , check]) => check))];
      const run = await runSuiteAgainstReference({ only: checks.join(',') });
      expect(run.exitCode, run.output).toBe(0);
    },
    TIMEOUT_MS,
  );

  it.each(CASES)(
    'a server where %s fails',
    async (_what, frontedBy, check) => {
      const run = await runSuiteAgainstReference({ only: check, frontedBy });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
    TIMEOUT_MS,
  );
});

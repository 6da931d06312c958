/**
 * An id the collection does not list, looked up under a game (GET /games/{id}, …/mssp,
 * …/players, …/statistics), answers 200 (an archived game) or 404 game_not_found — never a 410
 * for an id given out once. Blind fault set 37 put the 410 on the game detail; a server that puts
 * it on one sub-resource only, emulated by a proxy that answers 410 there for every id the run's
 * listing pages did not show, fails that resource's not-found check (harness/gap-lookups.ts) —
 * and only that check among the four.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;

/**
 * A proxy answering 410 at `/games/{id}<suffix>` for ids below the largest that no GET /games page
 * it passed listed (an id "given out once"; those past the largest, which the not-found checks' own
 * cases draw, still answer 404).
 */
function goneWhenUnlisted(suffix: string) {
  const listed = new Set<number>();
  let largest = 0;
  const under = new RegExp(`/games/(\\d+)${suffix.replace('/', '\\/')}$`);
  return proxyInFront({
    rewriteAnswer: (url, answer) => {
      if (/\/games$/.test(url.pathname)) {
        if (answer.status !== 200) return undefined;
        const body = JSON.parse(answer.text) as { data?: Array<{ id?: unknown }> };
        for (const game of body.data ?? []) {
          if (typeof game.id !== 'number') continue;
          listed.add(game.id);
          largest = Math.max(largest, game.id);
        }
        return undefined;
      }
      const id = Number(under.exec(url.pathname)?.[1]);
      if (!(id < largest) || listed.has(id)) return undefined;
      const text = JSON.stringify({ error: { code: 'game_gone', message: 'This listing was removed.' } });
      return { status: 410, headers: { 'content-type': 'application/json; charset=utf-8' }, text };
    },
  });
}

const CASES: Array<[string, string]> = [
  ['', 'GAME-DETAIL-NOT-FOUND'],
  ['/mssp', 'MSSP-NOT-FOUND'],
  ['/players', 'PLAYERS-NOT-FOUND'],
  ['/statistics', 'STATISTICS-NOT-FOUND'],
];
const CHECKS = CASES.map(([, check]) => check).join(',');

describe('a gap of the id range, looked up under a game', () => {
  it(
    'answers 200 or 404 on the reference server',
    async () => {
      const run = await runSuiteAgainstReference({ only: CHECKS, runs: 3 });
      expect(run.exitCode, run.output).toBe(0);
    },
    TIMEOUT_MS,
  );

  it.each(CASES)(
    'a server answering 410 at /games/{id}%s for ids it does not list fails %s',
    async (suffix, check) => {
      const run = await runSuiteAgainstReference({
        only: CHECKS,
        runs: 3,
        frontedBy: goneWhenUnlisted(suffix),
      });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
    TIMEOUT_MS,
  );
});

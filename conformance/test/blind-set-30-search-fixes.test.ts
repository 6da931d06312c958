/**
 * The class fixes made after blind fault set 30 for GET /games (text beyond ASCII words in `q`):
 * each check passes the reference server and fails against the blind fault whose escape showed
 * the class missing — within the cases a default run reaches (`--runs` as each case's place
 * needs). And what D21 leaves open stays open: a server splitting `q` on ASCII whitespace alone,
 * or refusing a NUL in a term, passes.
 */
import { describe, expect, it } from 'vitest';
import { itFixesEach } from './class-fixes.ts';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const SEARCH_CHECKS = ['GAMES-Q-TERMS', 'GAMES-Q-WHITESPACE', 'GAMES-Q-FINDS-SOURCE'];

describe('class fixes after blind fault set 30 (search text)', () => {
  // Terms beyond ASCII words, GAMES-Q-TERMS's last examples: a discovered word with its last vowel
  // accented (the 16th case), with a NUL inside (the 17th). Runs 40: 20 cases, half of them.
  describe('…a term as its characters', () => {
    itFixesEach(
      [
        ['blind30-q-accents-folded', 'GAMES-Q-TERMS'],
        ['blind30-q-term-cut-at-nul', 'GAMES-Q-TERMS'],
      ],
      { runs: 40 },
    );
  });

  // `q=café 日🐉` on page 1, GAMES-LINKS-PRESERVE-QUERY's fourth example: `self` names the same
  // text read as UTF-8.
  describe('…a q beyond ASCII kept by the links', () => {
    itFixesEach([['blind30-games-query-unescaped', 'GAMES-LINKS-PRESERVE-QUERY']], { runs: 6 });
  });

  describe('what D21 leaves open', () => {
    it('passes a server splitting q on ASCII whitespace alone (blind30-q-split-on-ascii-whitespace)', async () => {
      const run = await runSuiteAgainstReference({
        only: SEARCH_CHECKS.join(','),
        runs: 40,
        faults: ['blind30-q-split-on-ascii-whitespace'],
      });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(SEARCH_CHECKS.map(() => 'pass'));
    }, 180_000);

    it('passes a server refusing a NUL in q with 422 invalid_filter', async () => {
      let refused = 0;
      const refusesNul = proxyInFront({
        rewriteAnswer: (url, answer) => {
          if (!url.pathname.endsWith('/games') || !(url.searchParams.get('q') ?? '').includes('\0'))
            return undefined;
          refused += 1;
          const error = { code: 'invalid_filter', message: 'q holds a control character' };
          return { ...answer, status: 422, text: JSON.stringify({ error, request_id: 'nul' }) };
        },
      });
      const run = await runSuiteAgainstReference({ only: 'GAMES-Q-TERMS', runs: 40, frontedBy: refusesNul });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(['pass']);
      expect(refused).toBeGreaterThan(0);
    }, 180_000);
  });
});

/**
 * A GET /games answer labelled JSON that a port's library wrote almost as JSON — a byte order
 * mark, a raw control character in a string, a trailing comma, a Python repr's `True` — is the
 * server's fault for the checks to report (§1 rule 1), not a sign that the base URL is not the
 * API. A proxy in front of the reference server rewrites every page of GET /games one such way;
 * the run must get past discovery (exit 1, not 2) and fail the envelope check with the way the
 * body departs from JSON named. Before, only a bare `NaN` was read past (set 21's class fix).
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type Answer } from './proxy-in-front.ts';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

const TIMEOUT_MS = 180_000;

const DEPARTURES: Array<[name: string, rewrite: (text: string) => string, named: string]> = [
  ['a byte order mark', (text) => `\uFEFF${text}`, 'starts with a byte order mark (U+FEFF)'],
  [
    'a raw line feed in an intro',
    (text) => text.replace(/"intro":"([^"\\]{0,40}) /, '"intro":"$1\n'),
    'raw control character (U+000A) in a string',
  ],
  [
    'a trailing comma in `data`',
    (text) => text.replace(/\}\],"meta"/, '},],"meta"'),
    'a comma just before a closing ]',
  ],
  ["a Python repr's True", (text) => text.replaceAll(':true', ':True'), 'a bare True'],
];

/**
 * The envelope check run behind a proxy that rewrites every 200 page of GET /games with
 * `rewrite` (its text, and the bytes sent when `encoding` is given), and how many it rewrote.
 */
async function runWithGamesRewritten(
  rewrite: (text: string) => string,
  encoding?: 'latin1' | 'utf8',
): Promise<{ rewritten: number; run: SuiteRun }> {
  let rewritten = 0;
  const front = proxyInFront({
    rewriteAnswer: (url: URL, answer: Answer) => {
      if (!/\/games$/.test(url.pathname) || answer.status !== 200) return undefined;
      const text = rewrite(answer.text);
      if (text === answer.text) return undefined;
      rewritten += 1;
      return { ...answer, text, ...(encoding === undefined ? {} : { bytes: Buffer.from(text, encoding) }) };
    },
  });
  const run = await runSuiteAgainstReference({ frontedBy: front, only: 'GAMES-ENVELOPE-SCHEMA', runs: 5 });
  return { rewritten, run };
}

describe('discovery reads past a GET /games body that is almost JSON', () => {
  for (const [name, rewrite, named] of DEPARTURES) {
    it(
      `${name}: the envelope check fails the body, the run is not refused as "not the API"`,
      async () => {
        const { rewritten, run } = await runWithGamesRewritten(rewrite);

        expect(rewritten, 'pages rewritten').toBeGreaterThan(0);
        expect(run.output).not.toMatch(/not a Game Directory API/);
        expect(run.exitCode, run.output.slice(-2000)).toBe(1);
        expect(run.failing).toEqual(['GAMES-ENVELOPE-SCHEMA']);
        const failure = run.results.find((result) => result.id === 'GAMES-ENVELOPE-SCHEMA')?.failure;
        expect(`${failure?.message} ${failure?.received}`).toContain(named);
      },
      TIMEOUT_MS,
    );
  }
});

/** The first game name of a page, prefixed with `Café `: a character outside ASCII (the reference's data has none). */
function withAccentedName(text: string): string {
  return text.replace(/"name":"/, '"name":"Café ');
}

describe('a body that is not UTF-8 (§1 rule 1: "every response body is UTF-8 JSON")', () => {
  it(
    'a name written in ISO-8859-1 fails the envelope check, naming the byte',
    async () => {
      const { rewritten, run: result } = await runWithGamesRewritten(withAccentedName, 'latin1');
      expect(rewritten, 'pages rewritten').toBeGreaterThan(0);
      expect(result.exitCode, result.output.slice(-2000)).toBe(1);
      expect(result.failing).toEqual(['GAMES-ENVELOPE-SCHEMA']);
      const failure = result.results.find((check) => check.id === 'GAMES-ENVELOPE-SCHEMA')?.failure;
      expect(failure?.message).toMatch(/the body is not UTF-8: byte 0xE9 at offset \d+ \(é in ISO-8859-1\)/);
    },
    TIMEOUT_MS,
  );

  it(
    'the same name in UTF-8 passes: the check judges the bytes, not the character',
    async () => {
      const { rewritten, run: result } = await runWithGamesRewritten(withAccentedName, 'utf8');
      expect(rewritten, 'pages rewritten').toBeGreaterThan(0);
      expect(result.exitCode, result.output.slice(-2000)).toBe(0);
      expect(result.failing).toEqual([]);
    },
    TIMEOUT_MS,
  );
});

/**
 * The inputs set 30 of the blind faults taught the suite (dates as pasted text writes them, a
 * charset other than UTF-8 asked for) reach every endpoint and place where a validator or a
 * formatter is written on its own: each faulty reader below takes one writing on one endpoint
 * only — a proxy in front of the reference server reading the request the way that server would,
 * or answering the way it would — and the check that sends that writing there fails it.
 */
import { describe, expect, it } from 'vitest';
import { proxyInFront, type ProxyHooks } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECKS = ['PLAYERS-IMPOSSIBLE-DATES', 'STATISTICS-INVALID-DATES', 'PROTOCOL-CLIENT-HEADERS-IGNORED'];

/** Rewrites the query of the requests whose path `pattern` matches (`/players$`, `/statistics$` …). */
function onPath(pattern: RegExp, change: (query: string) => string): ProxyHooks {
  return {
    rewriteRequest: {
      path: (pathAndQuery) => {
        const [path = '', query] = pathAndQuery.split('?', 2);
        return query === undefined || !pattern.test(path) ? pathAndQuery : `${path}?${change(query)}`;
      },
    },
  };
}

/** `text`'s digits of the script whose zero is `zero`, read as ASCII digits (Python's `int()`). */
const asciiDigits = (text: string, zero: number): string =>
  text.replace(new RegExp(`[\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}]`, 'gu'), (digit) =>
    String(digit.codePointAt(0)! - zero),
  );

const FAULTY_READERS: Array<{ name: string; hooks: ProxyHooks; failing: string }> = [
  {
    // `re.match(r'…$', to)` on the history's `to` only: `$` matches before a final line feed.
    name: "a final line feed taken on the player history's to",
    hooks: onPath(/\/players$/, (query) => query.replace(/(^|&)(to=[^&]*?)%0A(?=&|$)/i, '$1$2')),
    failing: 'PLAYERS-IMPOSSIBLE-DATES',
  },
  {
    // A clean-up of spreadsheet minus signs on the history's dates.
    name: 'minus signs read as hyphens on the player history',
    hooks: onPath(/\/players$/, (query) => query.replace(/%E2%88%92/gi, '-')),
    failing: 'PLAYERS-IMPOSSIBLE-DATES',
  },
  {
    // A clean-up of en dashes on the activity pattern's dates only.
    name: 'en dashes read as hyphens on the activity pattern',
    hooks: onPath(/\/activity-pattern$/, (query) => query.replace(/%E2%80%93/gi, '-')),
    failing: 'STATISTICS-INVALID-DATES',
  },
  {
    // `int()` over Arabic-Indic digits on the statistics' dates only.
    name: 'Arabic-Indic digits read on statistics',
    hooks: onPath(/\/statistics$/, (query) =>
      new URLSearchParams(
        [...new URLSearchParams(query)].map(([name, value]): [string, string] => [
          name,
          asciiDigits(value, 0x0660),
        ]),
      ).toString(),
    ),
    failing: 'STATISTICS-INVALID-DATES',
  },
  {
    // A game detail's formatter honours Accept-Charset (GET /tags' does not).
    name: "a game's detail in UTF-16 when asked",
    hooks: {
      rewriteAnswer: (url, answer, headers) => {
        if (
          !/^\/api\/v1\/games\/\d+$/.test(url.pathname) ||
          !/utf-16/i.test(String(headers['accept-charset']))
        )
          return undefined;
        return {
          ...answer,
          headers: { ...answer.headers, 'content-type': 'application/json; charset=utf-16' },
          bytes: Buffer.from(answer.text, 'utf16le'),
        };
      },
    },
    failing: 'PROTOCOL-CLIENT-HEADERS-IGNORED',
  },
];

describe('pasted dates and charsets on every endpoint', () => {
  it('pass against the reference server behind a faithful proxy', async () => {
    const run = await runSuiteAgainstReference({ only: CHECKS.join(','), frontedBy: proxyInFront({}) });
    expect(run.failing, run.output).toEqual([]);
    expect(run.errored, run.output).toEqual([]);
    expect(run.exitCode, run.output).toBe(0);
  }, 300_000);

  it.each(FAULTY_READERS)(
    'fail against a server with $name',
    async ({ hooks, failing }) => {
      const run = await runSuiteAgainstReference({ only: failing, frontedBy: proxyInFront(hooks) });
      expect(run.failing, run.output).toEqual([failing]);
    },
    300_000,
  );
});

/**
 * The input-grammar checks (issue 20, item 3) bite and do not over-reach: each fails against
 * a server that reads one input otherwise — a deliberate fault of the reference server, or a
 * proxy in front of it that rewrites the request the way a faulty parser would read it — and
 * passes against the reference server and every legitimate variant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference-server/src/launch.ts';
import { toVariantSet, VARIANTS } from '../../reference-server/src/variants.ts';
import { loadSpecValidator } from '../../spec/src/spec-loader.ts';
import { applyKeyEdit, keyEdit } from '../checks/auth/arbitraries/key-edit.ts';
import { keyFrames } from '../checks/auth/key-frames.ts';
import { historyDate } from '../checks/players/arbitraries/history-date.ts';
import { CheckFailure, type CheckContext } from '../src/core/check.ts';
import { createCheckContext } from '../src/core/context.ts';
import type { Discovery } from '../src/core/discovery.ts';
import { HttpApiClient } from '../src/core/http-client.ts';
import { DEFAULT_PROFILE } from '../src/core/profile.ts';
import { proxyInFront, type ProxyHooks } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECKS = [
  'AUTH-MALFORMED-HEADER',
  'AUTH-UNKNOWN-KEY',
  'GAMES-Q-TERMS',
  'GAMES-Q-FINDS-SOURCE',
  'GAMES-Q-WHITESPACE',
  'GAMES-TAG-PARAM-FORMS',
  'PLAYERS-IMPOSSIBLE-DATES',
];

/** What a proxy may change in a request: its path and query, and its Authorization values. */
type Rewrite = NonNullable<ProxyHooks['rewriteRequest']>;

/** A reverse proxy that forwards every request rewritten the way a faulty server would read it. */
const rewritingProxy = (rewrite: Rewrite) => proxyInFront({ rewriteRequest: rewrite });

/** Rewrites the `q` parameter's value, leaving the rest of the query as sent. */
function rewriteQ(change: (q: string) => string) {
  return (pathAndQuery: string): string => {
    const url = new URL(pathAndQuery, 'http://proxy');
    const q = url.searchParams.get('q');
    if (q === null) return pathAndQuery;
    url.searchParams.set('q', change(q));
    return `${url.pathname}${url.search}`;
  };
}

/** Rewrites a request's Authorization values only. */
const authorization = (change: (values: string[]) => string[]): Rewrite => ({ authorization: change });

/** Readers of a request that each break one input grammar, and the checks that notice. */
const FAULTY_READERS: Array<{ name: string; rewrite: Rewrite; failing: string[] }> = [
  {
    // Splits q on spaces only: a tab or line break stays inside one term that nothing contains.
    name: 'q split on spaces only',
    rewrite: { path: rewriteQ((q) => q.replace(/[\t\n\r]/g, '\u0001')) },
    failing: ['GAMES-Q-FINDS-SOURCE', 'GAMES-Q-WHITESPACE'],
  },
  {
    // Folds accents and drops other non-ASCII letters: "Drachenhöhle" matches "Drachenhhle".
    name: 'q folded to ASCII',
    rewrite: { path: rewriteQ((q) => q.normalize('NFD').replace(/[^\p{ASCII}]/gu, '')) },
    failing: ['GAMES-Q-TERMS'],
  },
  // A query-string parser's operators read off the terms (Lucene, Elasticsearch's query_string):
  // the bare word searched. GAMES-Q-TERMS's last cases send them.
  {
    name: "q's leading + read as a required term's mark",
    rewrite: { path: rewriteQ((q) => q.replace(/(^|\s)\+(?=\S)/gu, '$1')) },
    failing: ['GAMES-Q-TERMS'],
  },
  {
    name: "q's field:word read as a term of one field",
    rewrite: { path: rewriteQ((q) => q.replace(/(^|\s)[a-z_]+:(?=\S)/gu, '$1')) },
    failing: ['GAMES-Q-TERMS'],
  },
  {
    name: "q's trailing ~ read as a fuzzy term's mark",
    rewrite: { path: rewriteQ((q) => q.replace(/~\d*(?=\s|$)/gu, '')) },
    failing: ['GAMES-Q-TERMS'],
  },
  {
    // A leap-year rule that forgets 29 February (the server refuses it as it refuses the 30th).
    name: 'leap days refused',
    rewrite: { path: (pathAndQuery) => pathAndQuery.replace(/-02-29/g, '-02-30') },
    failing: ['PLAYERS-IMPOSSIBLE-DATES'],
  },
  {
    // Does not percent-decode parameter names: `theme_tag_id%5B%5D` is an unknown, ignored name.
    name: 'encoded brackets ignored',
    rewrite: { path: (pathAndQuery) => pathAndQuery.replace(/%5B(%5D|\])=/gi, '_ignored=') },
    failing: ['GAMES-TAG-PARAM-FORMS'],
  },
  {
    // Reads an empty Authorization header as no header (authentication_required).
    name: 'an empty Authorization read as missing',
    rewrite: authorization((values) => values.filter((value) => value !== '')),
    failing: ['AUTH-MALFORMED-HEADER'],
  },
  {
    // Knows only the scheme spelled `Bearer `: any other value counts as no credentials.
    name: 'other spellings read as missing',
    rewrite: authorization((values) => values.filter((value) => value.startsWith('Bearer '))),
    failing: ['AUTH-MALFORMED-HEADER', 'AUTH-UNKNOWN-KEY'],
  },
];

/** Runs AUTH-KEY-FRAMES against the reference server (with `variants`, behind `rewrite`): its failure message, or 'pass'. */
async function runKeyFrames(options: {
  variants?: string[];
  rewrite?: (key: string) => Rewrite;
}): Promise<string> {
  const server = await startReferenceServer({
    variants: toVariantSet(options.variants ?? []),
    trustProxy: options.rewrite !== undefined,
  });
  const key = server.keyRecords.conformance!.key;
  const front = options.rewrite ? await rewritingProxy(options.rewrite(key))(server.baseUrl) : undefined;
  const inner = new HttpApiClient({ baseUrl: front?.baseUrl ?? server.baseUrl, keys: { primary: key } });
  try {
    const ctx: CheckContext = createCheckContext({
      check: keyFrames,
      client: inner,
      spec: await loadSpecValidator(),
      discovery: {} as Discovery,
      profile: DEFAULT_PROFILE,
      hints: {},
      seed: 20261126,
      runs: 100,
    });
    await keyFrames.run(ctx);
    return 'pass';
  } catch (error) {
    if (error instanceof CheckFailure) return error.failure.message;
    throw error;
  } finally {
    await inner.close();
    await front?.close();
    await server.close();
  }
}

/** Faulty readers of the Authorization header that only the key itself reveals. */
const KEY_READERS: Array<{ name: string; rewrite: (key: string) => Rewrite }> = [
  {
    name: 'the key compared by prefix',
    rewrite: (key) =>
      authorization((values) =>
        values.map((value) => {
          const token = /^Bearer +(\S+)$/i.exec(value)?.[1];
          return token !== undefined && key.startsWith(token) ? `Bearer ${key}` : value;
        }),
      ),
  },
  {
    name: 'a bare key accepted',
    rewrite: (key) =>
      authorization((values) => values.map((value) => (value === key ? `Bearer ${key}` : value))),
  },
  {
    name: 'Bearer<key> accepted',
    rewrite: () =>
      authorization((values) => values.map((value) => value.replace(/^Bearer(?=[^\s])/, 'Bearer '))),
  },
  {
    name: 'any whitespace as the separator',
    rewrite: () => authorization((values) => values.map((value) => value.replace(/^(\S+)\s+/, '$1 '))),
  },
  {
    name: 'the first of two headers taken',
    rewrite: () => authorization((values) => values.slice(0, 1)),
  },
  {
    name: 'a key with a trailing character accepted',
    rewrite: (key) =>
      authorization((values) =>
        values.map((value) =>
          value.startsWith(`Bearer ${key}`) && !/\s/.test(value.slice(7)) ? `Bearer ${key}` : value,
        ),
      ),
  },
  {
    name: 'other scheme spellings read as missing',
    rewrite: () => authorization((values) => values.filter((value) => value.startsWith('Bearer '))),
  },
  // One value listing credentials (`Bearer a, Bearer b`, RFC 9110 §5.3's join of two headers)
  // read as one of its members: the first (the suite's eighth example), or the last (its ninth).
  {
    name: "a list's first credential taken",
    rewrite: () => authorization((values) => values.map((value) => value.split(/\s*,\s*/)[0]!)),
  },
  {
    name: "a list's last credential taken",
    rewrite: () => authorization((values) => values.map((value) => value.split(/\s*,\s*/).at(-1)!)),
  },
];

describe('input-grammar checks', () => {
  it('pass against the reference server', async () => {
    const run = await runSuiteAgainstReference({ only: CHECKS.join(',') });
    expect(run.failing, run.output).toEqual([]);
    expect(run.exitCode, run.output).toBe(0);
    expect(await runKeyFrames({})).toBe('pass');
  }, 120_000);

  it.each(FAULTY_READERS)(
    'fail against a server with $name',
    async ({ rewrite, failing }) => {
      const run = await runSuiteAgainstReference({
        only: CHECKS.join(','),
        frontedBy: rewritingProxy(rewrite),
      });
      expect(run.failing.filter((id) => failing.includes(id)).sort(), run.output).toEqual(
        [...failing].sort(),
      );
    },
    120_000,
  );

  it.each(KEY_READERS)(
    'AUTH-KEY-FRAMES fails against a server with $name',
    async ({ rewrite }) => {
      expect(await runKeyFrames({ rewrite })).not.toBe('pass');
    },
    60_000,
  );

  it.each([
    ['players-invalid-date-accepted', ['PLAYERS-IMPOSSIBLE-DATES']],
    ['bracketless-tag-ignored', ['GAMES-TAG-PARAM-FORMS']],
    ['q-any-term', ['GAMES-Q-TERMS']],
    ['q-name-only', ['GAMES-Q-FINDS-SOURCE']],
    ['q-or-operator', ['GAMES-Q-TERMS']],
  ])(
    'fail against fault %s',
    async (fault, failing) => {
      const run = await runSuiteAgainstReference({ faults: [fault], only: CHECKS.join(',') });
      expect(run.failing, run.output).toEqual(expect.arrayContaining(failing));
    },
    120_000,
  );

  it('pass against every legitimate variant', async () => {
    for (const variant of VARIANTS) {
      const run = await runSuiteAgainstReference({
        variants: [variant.name],
        only: CHECKS.join(','),
        runs: 30,
      });
      expect(run.failing, `${variant.name}\n${run.output}`).toEqual([]);
      expect(run.errored, `${variant.name}\n${run.output}`).toEqual([]);
      expect(await runKeyFrames({ variants: [variant.name] }), variant.name).toBe('pass');
    }
  }, 600_000);
});

describe('input grammars', () => {
  /** An oracle independent of the grammar: the shape, then a round trip through Date. */
  const isCalendarDate = (text: string): boolean => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
    const time = Date.parse(`${text}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
  };

  it('history dates carry the verdict of the calendar', () => {
    fc.assert(
      fc.property(historyDate('2026-11-26'), ({ text, verdict }) => {
        if (verdict === 'valid') expect(isCalendarDate(text), text).toBe(true);
        if (verdict === 'invalid') expect(isCalendarDate(text), text).toBe(false);
        if (verdict === 'either') expect(text === '' || isCalendarDate(text.trim()), text).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a key edit is another key in any letter case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~+/-]{2,48}$/), keyEdit, (key, edit) => {
        expect(applyKeyEdit(edit, key).toLowerCase()).not.toBe(key.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
});

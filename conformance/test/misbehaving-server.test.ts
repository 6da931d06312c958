/**
 * The suite against a server that looks right at the door and misbehaves behind it:
 * discovery gets a plausible (partly malformed) taxonomy and directory, and every
 * other request gets malformed JSON of varying shapes. The run must end with clear
 * failures (exit 1) — no crash, and no check that breaks on the malformed data
 * itself (an `error` whose reason is a JavaScript TypeError is a suite bug).
 */
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import type { CheckResult } from '../src/core/check.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../src/testing/fake-api.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GARBAGE: unknown[] = [
  null,
  [],
  'text',
  42,
  { data: null },
  { data: 'none', meta: 'x' },
  { data: [{ id: 'one' }, null, 7], meta: { page: -1 }, links: {} },
  { error: 'nope' },
  { data: { id: null, status: 'archived', urls: [], tags: { categories: 5 } } },
];

function misbehave(app: Express): void {
  let n = 0;
  const base = (req: { protocol: string; get(name: string): string | undefined }) =>
    `${req.protocol}://${req.get('host')}/api/v1`;
  app.get('/api/v1/tags', (_req, res) => {
    res.json({
      data: [
        { id: 1, name: 'Theme', values: [{ id: 10, name: 'Fantasy' }, { id: 'x' }, null] },
        { id: 2, values: [{ id: 20, name: 'Diku' }] },
        { name: 'Codebase', values: 'none' },
        null,
      ],
    });
  });
  app.get('/api/v1/games', (req, res) => {
    if (req.query.page !== undefined && req.query.page !== '1') {
      res.status(200).send('<html>oops</html>');
      return;
    }
    res.json({
      data: [
        {
          id: 1,
          name: 'Alpha Realm',
          intro: 'An intro',
          status: { web_only: false },
          tags: { categories: { theme: { id: 10, name: 'Fantasy' } } },
        },
        { id: 2, name: null, status: null, tags: null },
        { id: 3, name: 5, intro: [], urls: 'x' },
      ],
      meta: { page: 1, per_page: 20, total: 3 },
      links: { self: `${base(req)}/games` },
    });
  });
  app.get('/api/v1/reviews', (req, res, next) => {
    if (req.query.game_id !== undefined) return next();
    res.json({
      data: [],
      meta: { page: 1, per_page: 20, total: 0 },
      links: { self: `${base(req)}/reviews` },
    });
  });
  app.use((_req, res) => {
    const body = GARBAGE[n++ % GARBAGE.length];
    res
      .status([200, 200, 404, 422, 500][n % 5]!)
      .type('application/json')
      .send(JSON.stringify(body));
  });
}

let api: FakeApi;
let reportDir: string;
let exitCode: number;
let output = '';
let results: CheckResult[];

beforeAll(async () => {
  api = await startFakeApi(misbehave);
  reportDir = mkdtempSync(join(tmpdir(), 'misbehaving-'));
  exitCode = await runCli(
    [
      '--base-url',
      api.baseUrl,
      '--runs',
      '10',
      '--seed',
      '5',
      '--report-dir',
      reportDir,
      '--quiet',
      '--time-budget',
      '120',
    ],
    {
      stdout: (t) => (output += t),
      stderr: (t) => (output += t),
      env: { GAMEDIR_API_KEY: FAKE_KEY },
      cwd: process.cwd(),
    },
  );
  results = (
    JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: CheckResult[] }
  ).results;
}, 180_000);

afterAll(async () => {
  await api?.close();
  rmSync(reportDir, { recursive: true, force: true });
});

describe('the suite against a server that answers garbage after discovery', () => {
  it('ends with exit 1 (failures), not a crash', () => {
    expect(exitCode, output).toBe(1);
  });

  it('reports failures', () => {
    expect(results.filter((r) => r.status === 'fail').length).toBeGreaterThan(20);
  });

  it('has no check that breaks on the malformed data itself', () => {
    const broken = results
      .filter(
        (r) =>
          r.status === 'error' &&
          /TypeError|Cannot read|is not a function|is not iterable|undefined/i.test(r.reason ?? ''),
      )
      .map((r) => `${r.id}: ${r.reason?.split('\n')[0]}`);
    expect(broken).toEqual([]);
  });
});

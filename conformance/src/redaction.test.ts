/**
 * A whole request → failure → report cycle with a server that echoes the key back, a check
 * that sends a truncated key, and one that errors with the key in its message: no output
 * of the suite (console, logs, JSON, JUnit, HTML, curl lines, stderr) shows a key.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { defineCheck, type CheckDefinition } from './core/check.ts';
import { expectStatus } from './core/expect.ts';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';

// Every 5-character window holds letters, so no number in the output (ports, seeds, times) can match one.
const FAKE_KEY = 'gd_live_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const LOW_KEY = 'gd_live_f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1';
const DAY_KEY = 'gd_live_c9e8a7b6f5d4e3c2a1b0f9e8d7c6b5a4';
let api: FakeApi;
let dir: string;

beforeAll(async () => {
  api = await startFakeApi((app) => {
    app.get('/api/v1/echo', (req, res) => {
      const auth = req.get('authorization') ?? '';
      res
        .status(400)
        .set('X-Echo', auth)
        .json({ error: { code: 'echo', message: `you sent ${auth}` }, request_id: auth });
    });
  });
  dir = await mkdtemp(join(tmpdir(), 'redaction-'));
});

afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const check = (id: string, run: CheckDefinition['run']): CheckDefinition =>
  defineCheck({ id, area: 'auth', source: '§5 rule 1', level: 'must', title: id, covers: ['S5.1'], run });

const checks = [
  check('AUTH-ECHO-PRIMARY', async (ctx) => {
    const res = await ctx.client.get('/echo');
    ctx.log(`got ${res.text}`);
    expectStatus(res, 200);
  }),
  check('AUTH-ECHO-LOW', async (ctx) =>
    expectStatus(await ctx.client.get('/echo', { auth: 'low-limit' }), 200),
  ),
  check('AUTH-ECHO-DAY', async (ctx) =>
    expectStatus(await ctx.client.get('/echo', { auth: 'day-limited' }), 200),
  ),
  check('AUTH-ECHO-TRUNCATED', async (ctx) =>
    expectStatus(await ctx.client.get('/echo', { auth: { raw: `Bearer ${FAKE_KEY.slice(0, -2)}` } }), 200),
  ),
  check('AUTH-ECHO-QUERY', async (ctx) =>
    expectStatus(await ctx.client.get('/echo', { query: [['api_key', FAKE_KEY]] }), 200),
  ),
  check('AUTH-THROWS-KEY', async () => {
    throw new Error(`something went wrong with ${FAKE_KEY}`);
  }),
  check('AUTH-PROPERTY-ECHO', async (ctx) => {
    const fc = (await import('fast-check')).default;
    await ctx.property([fc.integer()], async () => expectStatus(await ctx.client.get('/echo'), 200), {
      numRuns: 3,
    });
  }),
];

/** Runs of ≥ 5 characters of a key's random part (after the public `gd_live_` prefix). */
function leaks(text: string, key: string): string[] {
  const secret = key.slice('gd_live_'.length);
  const found: string[] = [];
  for (let i = 0; i + 5 <= secret.length; i += 1) {
    const run = secret.slice(i, i + 5);
    if (text.includes(run)) found.push(run);
  }
  return found;
}

describe('the key never leaves the client', () => {
  it('appears in no output of a failing run', async () => {
    let out = '';
    let err = '';
    const code = await runCli(
      [
        ...['--base-url', api.baseUrl, '--api-key', FAKE_KEY, '--low-limit-key', LOW_KEY],
        ...['--day-limited-key', DAY_KEY],
        ...['--seed', '1', '--verbose', '--report-dir', 'out'],
      ],
      { stdout: (t) => void (out += t), stderr: (t) => void (err += t), env: {}, cwd: dir, checks },
    );
    expect(code).toBe(1);
    // The server really received the keys…
    expect(api.seen.some((r) => r.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
    expect(api.seen.some((r) => r.authorization === `Bearer ${LOW_KEY}`)).toBe(true);
    expect(api.seen.some((r) => r.authorization === `Bearer ${DAY_KEY}`)).toBe(true);
    // …and every output names them only by variable.
    const reports = await Promise.all(
      (await readdir(join(dir, 'out'))).map((name) => readFile(join(dir, 'out', name), 'utf8')),
    );
    expect(reports).toHaveLength(3);
    const everything = [out, err, ...reports].join('\n');
    expect(everything).toContain('Bearer $API_KEY');
    expect(everything).toContain('Bearer $LOW_LIMIT_KEY');
    expect(everything).toContain('Bearer $DAY_LIMITED_KEY');
    expect(everything).toContain('got ');
    expect(leaks(everything, FAKE_KEY)).toEqual([]);
    expect(leaks(everything, LOW_KEY)).toEqual([]);
    expect(leaks(everything, DAY_KEY)).toEqual([]);
  });
});

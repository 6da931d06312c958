/**
 * A request the description allows, refused during discovery, is a failed check naming the rule
 * — not "not a Game Directory API" (exit 2). Shown with a proxy in front of the reference server
 * that refuses `GET /games?per_page=50` (within §8's 1..50) with 422 invalid_filter: the run goes
 * on (discovery reads the default pages), PROTOCOL-VALID-REQUESTS-ACCEPTED and the boundary check
 * fail with the rule, the other checks reach their verdicts, and the exit code is 1. A server that
 * answers nothing like the API (404 on /games) still stops the run with exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference-server/src/launch.ts';
import { runCli } from '../src/cli.ts';
import type { CheckResult } from '../src/core/check.ts';
import { FAKE_KEY, startFakeApi } from '../src/testing/fake-api.ts';
import { proxyInFront } from './proxy-in-front.ts';

/** A reverse proxy that refuses `GET /games` with `per_page=50` and forwards everything else. */
const refusingPerPage50 = proxyInFront({
  intercept: (req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (!url.pathname.endsWith('/games') || url.searchParams.get('per_page') !== '50') return false;
    res.writeHead(422, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        error: { code: 'invalid_filter', message: 'per_page must be between 1 and 49' },
        request_id: 'refusing-proxy',
      }),
    );
    return true;
  },
});

async function run(baseUrl: string, key: string, reportDir: string, extra: string[] = []) {
  let output = '';
  const code = await runCli(
    ['--base-url', baseUrl, '--report-dir', reportDir, '--seed', '7', '--quiet', ...extra],
    {
      stdout: (text) => void (output += text),
      stderr: (text) => void (output += text),
      env: { GAMEDIR_API_KEY: key },
      cwd: process.cwd(),
    },
  );
  return { code, output };
}

describe('a server that refuses GET /games?per_page=50', () => {
  let server: ReferenceServer;
  let proxy: Awaited<ReturnType<typeof refusingPerPage50>>;
  const reportDir = mkdtempSync(join(tmpdir(), 'refused-valid-'));
  let outcome: { code: number; output: string };
  let results: CheckResult[];

  beforeAll(async () => {
    server = await startReferenceServer({ trustProxy: true }); // links name the proxy (X-Forwarded-*)
    proxy = await refusingPerPage50(server.baseUrl);
    // The window-waiting rate-limit checks have nothing to do with paging.
    outcome = await run(proxy.baseUrl, server.keys.conformance!, reportDir, [
      '--budget',
      'quick',
      '--skip',
      'rate-limit',
    ]);
    results = (
      JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: CheckResult[] }
    ).results;
  }, 600_000);

  afterAll(async () => {
    await proxy.close();
    await server.close();
    rmSync(reportDir, { recursive: true, force: true });
  });

  const result = (id: string) => results.find((r) => r.id === id);

  it('is a failed run (exit 1), not a run that could not take place (exit 2)', () => {
    expect(outcome.code, outcome.output).toBe(1);
    expect(outcome.output).not.toMatch(/not a Game Directory API/);
  });

  it('fails PROTOCOL-VALID-REQUESTS-ACCEPTED naming the request and the rule that allows it', () => {
    const check = result('PROTOCOL-VALID-REQUESTS-ACCEPTED');
    expect(check?.status).toBe('fail');
    expect(check?.failure?.message).toMatch(/^GET \/games\?per_page=50 was refused/);
    expect(check?.failure?.expected).toMatch(
      /listGames.*per_page=50 satisfies per_page \(integer, minimum 1, maximum 50\)/,
    );
    expect(check?.failure?.received).toBe('HTTP 422 invalid_filter');
  });

  it('fails the boundary check at per_page=50 on /games', () => {
    const check = result('PROTOCOL-PARAMETER-EDGES-ACCEPTED');
    expect(check?.status).toBe('fail');
    expect(check?.failure?.message).toMatch(
      /GET \/games\?per_page=50: listGames query parameter per_page \(maximum 50\)/,
    );
  });

  it('goes on with what it can: the other checks reach their verdicts', () => {
    const passed = results.filter((r) => r.status === 'pass').length;
    expect(passed).toBeGreaterThan(100);
    expect(result('GAMES-WALK-COMPLETE')?.status).toBe('pass');
    expect(result('REVIEWS-COLLECTION-SCHEMA')?.status).toBe('pass');
  });
});

describe('a server that refuses GET /tags and GET /reviews in its error envelope', () => {
  it('is a failed run naming the first refusal, not exit 2', async () => {
    const refuse = (_req: unknown, res: { status(n: number): { json(body: unknown): void } }) =>
      res.status(400).json({ error: { code: 'bad_request', message: 'No.' }, request_id: 'x' });
    const fake = await startFakeApi((app) => {
      app.get('/api/v1/tags', refuse);
      app.get('/api/v1/reviews', refuse);
    });
    const reportDir = mkdtempSync(join(tmpdir(), 'refused-valid-tags-'));
    try {
      const { code, output } = await run(fake.baseUrl, FAKE_KEY, reportDir, [
        '--only',
        'PROTOCOL-VALID-REQUESTS-ACCEPTED',
      ]);
      expect(code, output).toBe(1);
      const [check] = (
        JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: CheckResult[] }
      ).results;
      expect(check?.status).toBe('fail');
      expect(check?.failure?.message).toMatch(
        /^GET \/tags was refused, though the description allows it \(and GET \/reviews\?per_page=50, GET \/reviews\)/,
      );
      expect(check?.failure?.expected).toBe('HTTP 200: GET /tags (listTags) without parameters');
    } finally {
      await fake.close();
      rmSync(reportDir, { recursive: true, force: true });
    }
  });
});

describe('a server that answers nothing like the API', () => {
  it('still stops the run with exit 2 (404 on /games)', async () => {
    const fake = await startFakeApi((app) => {
      app.get('/api/v1/games', (_req, res) =>
        res
          .status(404)
          .json({ error: { code: 'route_not_found', message: 'No such route' }, request_id: 'x' }),
      );
    });
    const reportDir = mkdtempSync(join(tmpdir(), 'refused-valid-404-'));
    try {
      const { code, output } = await run(fake.baseUrl, FAKE_KEY, reportDir);
      expect(code).toBe(2);
      expect(output).toMatch(/not a Game Directory API: GET \/games answered HTTP 404 route_not_found/);
    } finally {
      await fake.close();
      rmSync(reportDir, { recursive: true, force: true });
    }
  });
});

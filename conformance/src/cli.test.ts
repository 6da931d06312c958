import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { withApiPrefix } from './core/discovery.ts';
import type { CheckDefinition } from './core/check.ts';
import { FAKE_KEY } from './testing/fake-api.ts';

const NOBODY = 'http://127.0.0.1:9/api/v1';
let dir: string;
let hanging: Server;
let garbage: Server;
let redirecting: Server;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/v1`;

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-'));
  hanging = createServer(() => {
    // accepts, never answers
  });
  garbage = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Welcome to nginx!</body></html>');
  });
  redirecting = createServer((req, res) => {
    res.writeHead(301, { location: `https://api.example.com${req.url}` });
    res.end();
  });
  await Promise.all([listen(hanging), listen(garbage), listen(redirecting)]);
});

afterAll(async () => {
  hanging.closeAllConnections();
  garbage.closeAllConnections();
  redirecting.closeAllConnections();
  await Promise.all([
    new Promise((r) => hanging.close(r)),
    new Promise((r) => garbage.close(r)),
    new Promise((r) => redirecting.close(r)),
  ]);
  await rm(dir, { recursive: true, force: true });
});

const noChecks: CheckDefinition[] = [];

async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    env,
    cwd: dir,
    checks: noChecks,
  });
  return { code, out, err };
}

describe('the CLI', () => {
  it('exits 2 with a one-line reason when nobody listens at the base URL', async () => {
    const { code, out } = await cli(['--base-url', NOBODY, '--api-key', FAKE_KEY, '--seed', '3']);
    expect(code).toBe(2);
    expect(out).toMatch(/Could not run: cannot reach http:\/\/127\.0\.0\.1:9\/api\/v1: .*ECONNREFUSED/);
    expect(out).toContain('Seed: 3');
  });

  it('exits 2 when the server hangs', async () => {
    const { code, out } = await cli([
      '--base-url',
      urlOf(hanging),
      '--api-key',
      FAKE_KEY,
      '--timeout-ms',
      '300',
    ]);
    expect(code).toBe(2);
    expect(out).toMatch(/no complete response within 300 ms/);
  });

  it('exits 2 when the server is not a Game Directory API', async () => {
    const { code, out } = await cli(['--base-url', urlOf(garbage), '--api-key', FAKE_KEY]);
    expect(code).toBe(2);
    // An unreadable GET /tags alone is TAGS-SCHEMA's to fail; GET /games decides whether this is the API.
    expect(out).toMatch(/not a Game Directory API: GET \/games answered HTTP 200 \(the body is not JSON\)/);
  });

  it('exits 2 naming the redirect when the base URL redirects (never followed with the key)', async () => {
    const { code, out } = await cli(['--base-url', urlOf(redirecting), '--api-key', FAKE_KEY]);
    expect(code).toBe(2);
    expect(out).toMatch(
      /answered HTTP 301, a redirect to https:\/\/api\.example\.com\/api\/v1\/\S+: the suite follows no redirect .*; give https:\/\/api\.example\.com\/api\/v1 as --base-url/,
    );
    expect(out).not.toContain(FAKE_KEY);
  });

  it('exits 2 on a bad flag value, an unknown flag, or a base URL without a key', async () => {
    expect((await cli(['--runs', 'many'])).code).toBe(2);
    expect((await cli(['--frobnicate'])).code).toBe(2);
    const missingKey = await cli(['--base-url', NOBODY]);
    expect(missingKey.code).toBe(2);
    expect(missingKey.err).toMatch(/--api-key/);
  });

  it('says a key from the environment is too short without redacting the word in its own message', async () => {
    const { code, err } = await cli(['--base-url', NOBODY], { GAMEDIR_API_KEY: 'short' });
    expect(code).toBe(2);
    expect(err).toMatch(/a key of 5 characters is too short to keep out of the reports/);
  });

  it('takes the base URL and key from the environment', async () => {
    const { code, out } = await cli([], { GAMEDIR_BASE_URL: NOBODY, GAMEDIR_API_KEY: FAKE_KEY });
    expect(code).toBe(2);
    expect(out).toContain('cannot reach http://127.0.0.1:9');
  });

  it('prints no key given in the wrong place, in any letter case or in part, when it refuses the command line', async () => {
    const key = 'gd_live_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const other = 'gd_live_a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const file = join(dir, 'misplaced-key.yaml');
    await writeFile(file, `baseUrl: ${NOBODY}\nruns: ${key}\n`);
    const cases: Array<[string[], NodeJS.ProcessEnv]> = [
      [['--base-url', NOBODY, '--api-key-per-minute', key], {}],
      [['--base-url', NOBODY, '--api-key', key, other], {}],
      [['--base-url', NOBODY, `--apikey=${key}`], {}],
      [['--base-url', NOBODY, '--api-key', key, '--seed', key.toUpperCase()], {}],
      [['--base-url', NOBODY, '--budget', `x${key.slice(3)}`], { GAMEDIR_API_KEY: key }],
      [['--base-url', NOBODY, '--replay', other], {}],
      [['--config', file], {}],
    ];
    for (const [args, env] of cases) {
      const { code, out, err } = await cli(args, env);
      expect(code, args.join(' ')).toBe(2);
      expect(err, args.join(' ')).not.toBe('');
      const printed = (out + err).toLowerCase();
      for (const secret of [key, other]) {
        for (let i = 0; i + 10 <= secret.length; i += 1) {
          expect(printed.includes(secret.slice(i, i + 10)), `${args.join(' ')}: ${out}${err}`).toBe(false);
        }
      }
    }
  });

  it('refuses an unknown key in the config file', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'baseUrl: http://127.0.0.1:9/api/v1\nfrobs: 3\n');
    const { code, err } = await cli(['--config', file]);
    expect(code).toBe(2);
    expect(err).toMatch(/unknown key "frobs"/);
  });

  it('the package bin exits 2 for a down server', async () => {
    const bin = fileURLToPath(new URL('../bin/gamedir-conformance.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, '--base-url', NOBODY, '--api-key', FAKE_KEY, '--quiet'], {
      cwd: dir,
      env: { ...process.env, GAMEDIR_API_KEY: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(out).toContain('Could not run');
    expect(out).not.toContain(FAKE_KEY);
  });
});

describe('a base URL without the API prefix', () => {
  it('gets a hint naming /api/v1 when the preflight fails', async () => {
    const { code, out } = await cli(['--base-url', 'http://127.0.0.1:9', '--api-key', FAKE_KEY]);
    expect(code).toBe(2);
    expect(out).toContain('the base URL should include the API prefix: http://127.0.0.1:9/api/v1?');
  });

  it('suggests /api/v1 in place of another version or an endpoint path, keeping a proxy prefix', () => {
    expect(withApiPrefix('http://127.0.0.1:9/api/v1/games')).toBe('http://127.0.0.1:9/api/v1');
    expect(withApiPrefix('http://127.0.0.1:9/api/v2')).toBe('http://127.0.0.1:9/api/v1');
    expect(withApiPrefix('http://127.0.0.1:9/gamedir/')).toBe('http://127.0.0.1:9/gamedir/api/v1');
    expect(withApiPrefix('http://127.0.0.1:9')).toBe('http://127.0.0.1:9/api/v1');
  });
});

describe('a selection that tests nothing', () => {
  const registry = [
    {
      id: 'GAMES-TAG-OR-WITHIN',
      area: 'games',
      source: '§4',
      level: 'must',
      title: 't',
      covers: [],
      run: async () => {},
    },
    {
      id: 'TAGS-SCHEMA',
      area: 'tags',
      source: '§4',
      level: 'must',
      title: 't',
      covers: [],
      run: async () => {},
    },
  ] as CheckDefinition[];
  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      env: {},
      cwd: dir,
      checks: registry,
    });
    return { code, out, err };
  };

  it('exits 2 on an --only typo, naming the nearest id', async () => {
    const { code, err } = await run([
      '--base-url',
      NOBODY,
      '--api-key',
      FAKE_KEY,
      '--only',
      'GAMES-TAG-OR-WITHN',
    ]);
    expect(code).toBe(2);
    expect(err).toContain('--only GAMES-TAG-OR-WITHN matches no check (did you mean GAMES-TAG-OR-WITHIN');
  });

  it('exits 2 when --replay names no check', async () => {
    const { code, err } = await run(['--base-url', NOBODY, '--api-key', FAKE_KEY, '--replay', 'NOPE:1:2']);
    expect(code).toBe(2);
    expect(err).toContain('--replay NOPE: no check has this id');
  });

  it('exits 2 when --skip leaves nothing', async () => {
    const { code, err } = await run(['--base-url', NOBODY, '--api-key', FAKE_KEY, '--skip', 'games,tags']);
    expect(code).toBe(2);
    expect(err).toContain('the selection is empty');
  });

  it('warns that --replay without --seed replays under another seed', async () => {
    const { err } = await run(['--base-url', NOBODY, '--api-key', FAKE_KEY, '--replay', 'TAGS-SCHEMA:1:0']);
    expect(err).toContain('--replay without --seed replays the path under a new random seed');
  });
});

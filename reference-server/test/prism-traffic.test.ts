/**
 * Prism (Stoplight's validating proxy) checks the reference server's traffic against
 * spec/openapi.yaml independently of our own ajv validation: every request below goes
 * through `prism proxy --errors`, which answers with a violation instead of the
 * upstream response when request or response break the spec. A control upstream that
 * breaks the spec proves Prism is really validating.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PATH } from '../../spec/src/spec-loader.ts';
import { freePort, KEYS, startTestServer, type TestServer } from './harness.ts';

interface Proxy {
  url: string;
  process: ChildProcess;
}

async function startPrismOnce(upstream: string): Promise<Proxy> {
  const port = await freePort();
  const child = spawn(
    'node_modules/.bin/prism',
    ['proxy', SPEC_PATH, upstream, '--port', String(port), '--host', '127.0.0.1', '--errors', '--cors=false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${said}`)), 60_000);
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${said.slice(-2000)}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}

/**
 * Prism on a free port. The port is free when probed, not when Prism binds it: on a busy
 * machine another process may take it in between, so a start that fails is tried again.
 */
async function startPrism(upstream: string): Promise<Proxy> {
  try {
    return await startPrismOnce(upstream);
  } catch (first) {
    try {
      return await startPrismOnce(upstream);
    } catch {
      throw first;
    }
  }
}

async function stopPrism(proxy: Proxy | undefined): Promise<void> {
  if (!proxy || proxy.process.exitCode !== null) return;
  const exited = new Promise((resolve) => proxy.process.once('exit', resolve));
  proxy.process.kill('SIGTERM');
  await exited;
}

async function viaProxy(proxy: Proxy, path: string, key: string | null = KEYS.high.key) {
  const res = await request(`${proxy.url}${path}`, {
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    violations: res.headers['sl-violations'],
    contentType: res.headers['content-type'],
    text,
  };
}

describe('Prism validates the reference server traffic', () => {
  let api: TestServer;
  let prism: Proxy;

  beforeAll(async () => {
    api = await startTestServer();
    prism = await startPrism(api.baseUrl);
  }, 90_000);

  afterAll(async () => {
    await stopPrism(prism);
    await api?.close();
  });

  const paths = [
    '/games',
    '/games?per_page=5&page=2&sort=top_voted',
    '/games?q=realm&connection_type=mud_client&has_reviews=1',
    '/games?recently_updated=1&online_recently=1&sort=recently_online',
    '/games?connection_type=web_only',
    '/games?connection_type=web_only&online_recently=1',
    '/games?sort=not-a-sort',
    '/games/1',
    '/games/999999999',
    '/games/1/mssp',
    '/games/1/players',
    '/games/1/players?granularity=raw&from=2026-11-20&to=2026-11-21',
    '/games/1/players?from=2026-02-30',
    '/games/1/statistics',
    '/games/1/statistics?metric=rooms&resolution=weekly&from=2026-01-01&to=2026-11-22',
    '/games/1/statistics?resolution=hourly&from=2025-01-01&to=2026-11-22',
    '/games/1/activity-pattern?timezone=Europe/Berlin',
    '/games/1/activity-pattern?timezone=Mars/Olympus',
    '/reviews',
    '/reviews?per_page=3',
    '/reviews/1',
    '/reviews/999999999',
    '/tags',
  ];

  it.each(paths)('GET %s passes through without a violation', async (path) => {
    const direct = await api.get(path);
    const proxied = await viaProxy(prism, path);
    expect(proxied.violations, proxied.text).toBeUndefined();
    expect(proxied.status).toBe(direct.status);
  });

  it('passes a 401 without a key through without a violation', async () => {
    const proxied = await viaProxy(prism, '/games', null);
    expect(proxied.status).toBe(401);
    expect(proxied.violations, proxied.text).toBeUndefined();
  });
});

describe('Prism as a validator (control)', () => {
  let broken: Server;
  let prism: Proxy;

  beforeAll(async () => {
    // An upstream whose /tags body breaks the TagGroup schema (values is not an array).
    broken = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '1',
        'x-request-id': 'r',
      });
      res.end(JSON.stringify({ data: [{ id: 1, name: 'Theme', values: 'none' }] }));
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    prism = await startPrism(`http://127.0.0.1:${(broken.address() as AddressInfo).port}`);
  }, 90_000);

  afterAll(async () => {
    await stopPrism(prism);
    await new Promise<void>((resolve) => broken?.close(() => resolve()));
  });

  it('reports a response that breaks the spec', async () => {
    const proxied = await viaProxy(prism, '/tags');
    expect(proxied.status).toBe(500);
    expect(proxied.violations).toContain('data.0.values must be array');
  });
});

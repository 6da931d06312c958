/**
 * The server tests' one way to talk to the server: a real socket on 127.0.0.1 (port 0)
 * with a small fixed dataset and an injected clock. Every response fetched through
 * `TestServer.get`/`request` is validated against spec/openapi.yaml (status, body and
 * headers) and against the API-wide header rules before the test sees it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request as undiciRequest } from 'undici';
import { expect } from 'vitest';
import { generateDataset } from '../../fixtures/src/generate.ts';
import type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';
import { loadSpecValidator, type SpecValidator } from '../../spec/src/spec-loader.ts';
import { startReferenceServer } from '../src/launch.ts';
import { ManualClock as ServerManualClock } from '../src/manual-clock.ts';

/** 2026-11-22T12:00:00Z — the fixtures' anchor and the tests' default clock reading. */
export const ANCHOR_SECONDS = Date.UTC(2026, 10, 22, 12, 0, 0) / 1000;
export const TEST_GAMES = 300;

export const KEYS = {
  demo: { key: 'test-demo-key-0001', label: 'demo', per_minute: 60, per_day: 10_000, revoked: false },
  high: {
    key: 'test-high-key-0002',
    label: 'conformance',
    per_minute: 1_000_000,
    per_day: 1_000_000,
    revoked: false,
  },
  low: { key: 'test-low-key-0003', label: 'low-limit', per_minute: 5, per_day: 20, revoked: false },
  revoked: { key: 'test-revoked-key-0004', label: 'revoked', per_minute: 60, per_day: 10_000, revoked: true },
} satisfies Record<string, ApiKeyRecord>;

let cachedDataset: Dataset | undefined;

/** The shared test dataset (300 games, seed 1, anchored at ANCHOR_SECONDS). */
export function testDataset(): Dataset {
  cachedDataset ??= generateDataset({ seed: 1, games: TEST_GAMES, anchor: ANCHOR_SECONDS });
  return cachedDataset;
}

/** The server's hand-moved clock (src/manual-clock.ts), starting at the dataset's anchor. */
export class ManualClock extends ServerManualClock {
  constructor(ms: number = ANCHOR_SECONDS * 1000) {
    super(ms);
  }
}

/** A port free when asked (a server started just after binds it; on a busy machine, retry). */
/**
 * The server's CLI run from the sources (`node --import tsx`), once it has printed its base
 * URL: the process (the caller stops it), the URL, and what it has written to stdout so far.
 */
export async function startCli(
  args: readonly string[],
): Promise<{ cli: ChildProcess; baseUrl: string; stdout: () => string }> {
  const cli = spawn(process.execPath, ['--import', 'tsx', 'reference-server/src/cli.ts', ...args]);
  let out = '';
  let err = '';
  cli.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the CLI did not start:\n${out}${err}`)), 30_000);
    const started = () => {
      const match = /reference server: (\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      cli.stdout.off('data', started);
      resolve(match[1]!);
    };
    cli.stdout.on('data', started);
  });
  return { cli, baseUrl, stdout: () => out };
}

/**
 * Debian's redis-server (REDIS_SERVER, else /usr/bin/redis-server) on 127.0.0.1 at `port` (a free
 * one by default), once ready; `args` are extra configuration (`--appendonly`, `--dir` …).
 * Persistence is off unless asked for. The caller stops it (`process.kill`).
 */
export async function startRedisServer(
  options: { port?: number; args?: readonly string[] } = {},
): Promise<{ process: ChildProcess; port: number; url: string }> {
  const port = options.port ?? (await freePort());
  const redis = spawn(process.env.REDIS_SERVER ?? '/usr/bin/redis-server', [
    ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    ...(options.args ?? []),
  ]);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    redis.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('error', reject);
  });
  return { process: redis, port, url: `redis://127.0.0.1:${port}` };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body; undefined for HEAD. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The spec operation the path belongs to, if any. */
  operationId: string | undefined;
}

export interface RequestOptions {
  method?: string;
  /** The key to send as `Authorization: Bearer …`; null sends no Authorization header. Default: the high-limit key. */
  key?: ApiKeyRecord | null;
  /** Extra raw headers (pairs, so a header may be repeated). */
  headers?: string[];
}

export interface TestServer {
  url: string;
  baseUrl: string;
  clock: ManualClock;
  dataset: Dataset;
  /** GET a path under /api/v1 (e.g. `/games?page=2`) with the high-limit key. */
  get(path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** Any request to a path relative to the origin (e.g. `/api/v1/games`, `/json.php`). */
  request(originPath: string, options?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  clock?: ManualClock;
  dataset?: Dataset;
  keys?: ApiKeyRecord[];
  faults?: Set<string>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const validator = await loadSpecValidator();
  const clock = options.clock ?? new ManualClock();
  const dataset = options.dataset ?? testDataset();
  const running = await startReferenceServer({
    dataset,
    keys: options.keys ?? Object.values(KEYS),
    clock,
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const send = async (originPath: string, requestOptions: RequestOptions = {}): Promise<ApiResponse> => {
    const method = requestOptions.method ?? 'GET';
    const key = requestOptions.key === undefined ? KEYS.high : requestOptions.key;
    const headers = [
      ...(key ? ['authorization', `Bearer ${key.key}`] : []),
      ...(requestOptions.headers ?? []),
    ];
    const response = await undiciRequest(`${running.url}${originPath}`, { method, headers });
    const text = await response.body.text();
    const body = method === 'HEAD' ? undefined : JSON.parse(text);
    const result: ApiResponse = {
      status: response.statusCode,
      headers: response.headers,
      body,
      operationId: operationOf(validator, originPath),
    };
    assertConformsToSpec(validator, method, originPath, result);
    return result;
  };
  return {
    url: running.url,
    baseUrl: running.baseUrl,
    clock,
    dataset,
    get: (path, requestOptions) => send(`/api/v1${path}`, requestOptions),
    request: send,
    close: () => running.close(),
  };
}

function operationOf(validator: SpecValidator, originPath: string): string | undefined {
  const path = originPath.split('?')[0]!;
  if (path === '/json.php') return 'getLegacyJson';
  if (!path.startsWith('/api/v1/')) return undefined;
  const relative = path.slice('/api/v1'.length).replace(/(.)\/$/, '$1');
  // D30's /api/v1/json.php has no operation of its own in the spec (getLegacyJson is at the origin root).
  if (relative === '/json.php') return undefined;
  try {
    return validator.matchPath(relative)?.operation.operationId;
  } catch {
    // A broken escape in a path parameter: still that operation's path.
    return validator.matchPath(relative.replaceAll('%', '%25'))?.operation.operationId;
  }
}

const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
];

/** Spec conformance of one response, plus the API-wide header rules (§1.3, §7, D36, D38). */
function assertConformsToSpec(
  validator: SpecValidator,
  method: string,
  originPath: string,
  response: ApiResponse,
) {
  const where = `${method} ${originPath} → ${response.status}`;
  const { headers, body, status, operationId } = response;
  if (method !== 'HEAD') {
    expect(headers['content-type'], where).toMatch(/^application\/json/);
  }
  // No CORS, no framework fingerprints, no ETag.
  for (const name of Object.keys(headers))
    expect(name, where).not.toMatch(/^access-control-|^x-powered-by$|^etag$/);
  // D38: the header and the body name the same request.
  if (headers['x-request-id'] !== undefined && body?.request_id !== undefined) {
    expect(headers['x-request-id'], where).toBe(body.request_id);
  }
  if (status === 401) {
    expect(
      RATE_LIMIT_HEADERS.filter((h) => headers[h] !== undefined),
      where,
    ).toEqual([]);
  }

  let errors: string[];
  if (operationId !== undefined) {
    errors = validator.validateResponse(operationId, status, headers, body).errors;
  } else {
    // No operation owns this path: it must be an error envelope of a status every operation shares.
    errors = body === undefined ? [] : validator.validateComponent('Error', body).errors;
    expect([401, 404, 405, 410], where).toContain(status);
    if (status === 401) expect(headers['www-authenticate'], where).toBe('Bearer realm="Mudverse API"');
    if (status === 405) expect(headers.allow, where).toBe('GET');
    // Under the base, a 404/405 comes after authentication and accounting (§7).
    if (originPath.startsWith('/api/v1') && status !== 401) {
      expect(
        RATE_LIMIT_HEADERS.filter((h) => headers[h] === undefined),
        where,
      ).toEqual([]);
    }
  }
  // HEAD has no body to validate.
  if (method === 'HEAD') errors = errors.filter((e) => !e.startsWith('body'));
  expect(errors, where).toEqual([]);
}

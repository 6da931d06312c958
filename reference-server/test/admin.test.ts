/**
 * The control interface (issue #23) driven as a client developer's test would drive it: the
 * server's CLI in a separate process (`--admin-port 0`), the API and the control interface both
 * over plain HTTP (undici). Every answer of the control interface is validated against
 * spec/admin-openapi.yaml. Each test starts its own server (30 games) and stops it.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../fixtures/src/keys.ts';
import { SpecValidator, type OpenApiDocument } from '../../spec/src/spec-loader.ts';
import { BLIND_FAULTS } from '../src/faults.ts';
import { startCli } from './harness.ts';

const ADMIN_SPEC = fileURLToPath(new URL('../../spec/admin-openapi.yaml', import.meta.url));
const KEYS = Object.fromEntries(loadKeys().map((record) => [record.label, record.key]));
const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
afterAll(() => dispatcher.close());

let validator: Promise<SpecValidator> | undefined;
function adminSpec(): Promise<SpecValidator> {
  validator ??= SwaggerParser.validate(ADMIN_SPEC).then(
    (document) => new SpecValidator(document as unknown as OpenApiDocument),
  );
  return validator;
}

interface Controlled {
  cli: ChildProcess;
  baseUrl: string;
  adminUrl: string;
  /** A control-interface call, its answer checked against spec/admin-openapi.yaml. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** GET under /api/v1 with a key of the bundled file (by label). */
  api(
    path: string,
    label?: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: any; ms: number }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The CLI with the control interface on, for the time of `run`; stopped whatever happens. */
async function withControlledServer(args: readonly string[], run: (server: Controlled) => Promise<void>) {
  const { cli, baseUrl, stdout } = await startCli([
    '--port',
    '0',
    '--games',
    '30',
    '--admin-port',
    '0',
    ...args,
  ]);
  const exited = new Promise((resolve) => cli.once('exit', resolve));
  try {
    const adminUrl = /Control interface \(not for production\): (\S+)/.exec(stdout())?.[1];
    expect(adminUrl, stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const spec = await adminSpec();
    const server: Controlled = {
      cli,
      baseUrl,
      adminUrl: adminUrl!,
      async admin(method, path, body) {
        const response = await request(`${adminUrl}${path}`, {
          method,
          dispatcher,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.body.text();
        const parsed = text === '' ? undefined : JSON.parse(text);
        const operation = spec.operations.find(
          (op) =>
            op.method === method &&
            new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path.split('?')[0]!),
        );
        expect(operation, `${method} ${path} is in spec/admin-openapi.yaml`).toBeDefined();
        const outcome = spec.validateResponse(operation!.operationId, response.statusCode, {}, parsed);
        expect(outcome.errors, `${method} ${path} → ${response.statusCode} ${text}`).toEqual([]);
        return { status: response.statusCode, body: parsed };
      },
      async api(path, label = 'conformance') {
        const started = performance.now();
        const response = await request(`${baseUrl}${path}`, {
          dispatcher,
          headers: { authorization: `Bearer ${KEYS[label]!}` },
        });
        const body = await response.body.json();
        const headers = Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
        );
        return { status: response.statusCode, headers, body, ms: performance.now() - started };
      },
    };
    await run(server);
  } finally {
    cli.kill('SIGTERM');
    await exited;
  }
}

describe('the control interface: clock', () => {
  it('clears a 429 of the low-limit key once the clock has advanced a minute', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:30Z'], async ({ admin, api }) => {
      for (let i = 0; i < 5; i += 1) expect((await api('/tags', 'low-limit')).status).toBe(200);
      const refused = await api('/tags', 'low-limit');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');

      const advanced = await admin('POST', '/clock/advance', { seconds: 60 });
      expect(advanced.body).toEqual({
        now: '2026-11-22T12:01:30.000Z',
        now_ms: Date.parse('2026-11-22T12:01:30Z'),
        running: false,
      });

      const after = await api('/tags', 'low-limit');
      expect(after.status).toBe(200);
      expect(after.headers['x-ratelimit-remaining']).toBe('4');
      expect(after.headers.date).toBe('Sun, 22 Nov 2026 12:01:30 GMT');
    });
  }, 60_000);

  it('clears the day limit of the day-limited key (10/min, 3/day) at the next UTC midnight', async () => {
    await withControlledServer([], async ({ admin, api }) => {
      await admin('PUT', '/clock', { now: '2026-11-22T23:59:30Z', running: false });
      for (let i = 0; i < 3; i += 1) expect((await api('/tags', 'day-limited')).status).toBe(200);
      const refused = await api('/tags', 'day-limited');
      expect(refused.status).toBe(429);
      const midnight = Date.parse('2026-11-23T00:00:00Z') / 1000;
      expect(refused.headers['x-ratelimit-reset']).toBe(String(midnight));

      // Within the same day, a new minute does not help.
      await admin('POST', '/clock/advance', { seconds: 20 });
      expect((await api('/tags', 'day-limited')).status).toBe(429);

      const moved = await admin('POST', '/clock/advance', { to: 'next_utc_day' });
      expect(moved.body.now).toBe('2026-11-23T00:00:00.000Z');
      const after = await api('/tags', 'day-limited');
      expect(after.status).toBe(200);
      expect(after.headers['x-ratelimit-remaining']).toBe('2');
    });
  }, 60_000);

  it('runs from --start-at, and can be frozen and set running again', async () => {
    await withControlledServer(['--start-at', '2030-01-01T00:00:00Z'], async ({ admin, api }) => {
      const first = (await admin('GET', '/clock')).body;
      expect(first.running).toBe(true);
      expect(first.now_ms - Date.parse('2030-01-01T00:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(first.now_ms - Date.parse('2030-01-01T00:00:00Z')).toBeLessThan(30_000);
      expect(Date.parse((await api('/tags')).headers.date!)).toBeGreaterThanOrEqual(
        Date.parse('2030-01-01T00:00:00Z'),
      );

      const frozen = (await admin('PUT', '/clock', { running: false })).body;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await admin('GET', '/clock')).body).toEqual(frozen);

      await admin('PUT', '/clock', { now: '2031-06-01T00:00:00Z', running: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const running = (await admin('GET', '/clock')).body;
      expect(running.now_ms).toBeGreaterThan(Date.parse('2031-06-01T00:00:00Z'));

      expect((await admin('PUT', '/clock', { now: 'tomorrow' })).status).toBe(400);
      expect((await admin('POST', '/clock/advance', { seconds: 1, to: 'next_minute' })).status).toBe(400);
    });
  }, 60_000);
});

describe('the control interface: rate limits', () => {
  it('shows a pre-spent and a reset key in X-RateLimit-Remaining, naming the key by label or by the key', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      const spent = await admin('POST', '/rate-limits/demo/spend', { minute: 50 });
      expect(spent.body.minute).toMatchObject({ limit: 60, used: 50, remaining: 10 });
      expect((await api('/tags', 'demo')).headers['x-ratelimit-remaining']).toBe('9');

      // By the key itself: answered with the label and the last four characters only.
      const reset = await admin('POST', `/rate-limits/${KEYS.demo!}/reset`, { minute: true, day: false });
      expect(reset.body).toMatchObject({ label: 'demo', key_hint: KEYS.demo!.slice(-4) });
      expect(JSON.stringify(reset.body)).not.toContain(KEYS.demo!);
      expect((await api('/tags', 'demo')).headers['x-ratelimit-remaining']).toBe('59');

      // The day spent: 429 until the next UTC midnight.
      await admin('POST', '/rate-limits/low-limit/spend', { day: 20 });
      const refused = await api('/tags', 'low-limit');
      expect(refused.status).toBe(429);
      expect(refused.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-23T00:00:00Z') / 1000));
      await admin('POST', '/rate-limits/low-limit/reset', {});
      expect((await api('/tags', 'low-limit')).headers['x-ratelimit-remaining']).toBe('4');

      const unknown = await admin('POST', '/rate-limits/gd_live_0000000000000000000000000000dead/reset');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('unknown_key');
      expect(unknown.body.error.message).not.toContain('dead');
      expect((await admin('POST', '/rate-limits/demo/spend', { minute: -1 })).status).toBe(400);
    });
  }, 60_000);
});

describe('the control interface: faults and variants', () => {
  it('changes the answers with a fault switched on and restores them once it is off, counters kept', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      const before = await api('/games?per_page=3', 'demo');
      expect(before.body.data[0]).toHaveProperty('intro');

      expect((await admin('POST', '/faults/game-intro-omitted')).body).toEqual({
        on: ['game-intro-omitted'],
      });
      const faulty = await api('/games?per_page=3', 'demo');
      expect(faulty.body.data[0]).not.toHaveProperty('intro');
      // The counters outlive the rebuild: the demo key's third request of the minute.
      expect(faulty.headers['x-ratelimit-remaining']).toBe('58');

      expect((await admin('DELETE', '/faults/game-intro-omitted')).body).toEqual({ on: [] });
      const restored = await api('/games?per_page=3', 'demo');
      expect(restored.body).toEqual(before.body);
      expect(restored.headers['x-ratelimit-remaining']).toBe('57');
    });
  }, 60_000);

  it('switches variants and blind faults by name, refuses unknown names with 400, and lists what is on', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      await admin('PUT', '/variants', { on: ['listing-url-key-listing'] });
      expect((await api('/games?per_page=1')).body.data[0].urls).toHaveProperty('listing');
      const blind = BLIND_FAULTS[0]!.name;
      await admin('PUT', '/faults', { on: ['cors-enabled', blind] });
      expect((await api('/tags')).headers['access-control-allow-origin']).toBe('*');

      const unknown = await admin('POST', '/faults/no-such-fault');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toEqual({
        code: 'unknown_fault',
        message: 'Unknown fault: no-such-fault (GET /catalogue/faults lists them).',
      });
      expect(
        (await admin('PUT', '/variants', { on: ['nope', 'listing-url-key-listing'] })).body.error.code,
      ).toBe('unknown_variant');

      const state = (await admin('GET', '/state')).body;
      expect(state.faults.sort()).toEqual(['cors-enabled', blind].sort());
      expect(state.variants).toEqual(['listing-url-key-listing']);
      expect(state.rate_limits.map((key: { label: string }) => key.label)).toContain('day-limited');
      expect((await admin('GET', '/catalogue/faults')).body.faults.length).toBeGreaterThan(100);
      expect((await admin('GET', '/catalogue/variants')).body.variants.length).toBeGreaterThan(5);
    });
  }, 60_000);
});

describe('the control interface: chaos', () => {
  it('adds latency, fixed or uniform, on the matching routes only, for a number of requests or seconds', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      await api('/tags');
      const baseline = Math.min((await api('/tags')).ms, (await api('/tags')).ms);

      await admin('POST', '/chaos', { path: '/api/v1/tags', latency_ms: 300, requests: 2 });
      const slow = [(await api('/tags')).ms, (await api('/tags')).ms];
      for (const ms of slow) expect(ms).toBeGreaterThanOrEqual(300);
      expect((await api('/tags')).ms).toBeLessThan(300); // the rule lapsed after 2 requests
      expect((await admin('GET', '/chaos')).body.rules).toEqual([]);

      await admin('POST', '/chaos', {
        path: '/api/v1/games/*',
        latency_ms: { min: 100, max: 200 },
        duration_seconds: 1,
      });
      const uniform = [(await api('/games/1')).ms, (await api('/games/2')).ms];
      for (const ms of uniform) expect(ms).toBeGreaterThanOrEqual(100);
      expect((await api('/games/1/players')).ms).toBeLessThan(100); // `*` stays within a segment
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await api('/games/1')).ms).toBeLessThan(100); // lapsed after a second
      console.info(
        `latency: baseline ${baseline.toFixed(1)} ms; 300 ms fixed → ${slow.map((ms) => ms.toFixed(1)).join(', ')} ms; ` +
          `100..200 ms uniform → ${uniform.map((ms) => ms.toFixed(1)).join(', ')} ms`,
      );
    });
  }, 60_000);

  it('fails about the asked fraction with 500 internal_error (rate 0.5 over 200 requests: 35–65 %), reproducibly by seed', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      const run = async () => {
        const added = await admin('POST', '/chaos', { path: '/api/v1/**', error_rate: 0.5, seed: 7 });
        expect(added.status).toBe(201);
        const statuses: number[] = [];
        for (let i = 0; i < 200; i += 1) {
          const response = await api('/tags');
          statuses.push(response.status);
          if (response.status === 500) {
            expect(response.body.error.code).toBe('internal_error');
            expect(response.headers['x-request-id']).toBe(response.body.request_id);
          }
        }
        await admin('DELETE', `/chaos/${added.body.id as string}`);
        return statuses;
      };
      const first = await run();
      const failed = first.filter((status) => status === 500).length;
      console.info(`error rate 0.5 (seed 7): ${failed} of 200 answered 500 (${failed / 2} %)`);
      expect(failed).toBeGreaterThanOrEqual(70);
      expect(failed).toBeLessThanOrEqual(130);
      expect(first.filter((status) => status !== 500 && status !== 200)).toEqual([]);
      // The same seed over the same sequence of requests fails the same ones.
      expect(await run()).toEqual(first);
    });
  }, 60_000);

  it('resets the connection, then serves again once the rule is used up', async () => {
    await withControlledServer(['--now', '2026-11-22T12:00:00Z'], async ({ admin, api }) => {
      await admin('POST', '/chaos', { path: '/**', error_rate: 1, error: 'connection_reset', requests: 1 });
      await expect(api('/tags')).rejects.toThrow(/other side closed|ECONNRESET|socket/i);
      expect((await api('/tags')).status).toBe(200);

      expect((await admin('POST', '/chaos', { path: 'games', latency_ms: 10 })).body.error.code).toBe(
        'invalid_chaos_rule',
      );
      expect((await admin('POST', '/chaos', { path: '/**' })).status).toBe(400);
      expect((await admin('DELETE', '/chaos/chaos-99')).status).toBe(404);
    });
  }, 60_000);
});

describe('the control interface: reset', () => {
  it('puts the clock, counters, faults, variants and chaos back to the launch in one call', async () => {
    const launch = ['--now', '2026-11-22T12:00:30Z', '--faults', 'cors-enabled'];
    await withControlledServer(launch, async ({ admin, api }) => {
      // Arrange: a 429, a fault on, the launch's fault off, a variant on, a chaos rule, a day later.
      await admin('POST', '/rate-limits/low-limit/spend', { minute: 5 });
      expect((await api('/tags', 'low-limit')).status).toBe(429);
      await admin('PUT', '/faults', { on: ['game-intro-omitted'] });
      await admin('PUT', '/variants', { on: ['listing-url-key-listing'] });
      await admin('POST', '/chaos', { path: '/api/v1/reviews', error_rate: 1 });
      await admin('POST', '/clock/advance', { seconds: 86_400 });
      expect((await api('/reviews')).status).toBe(500);
      expect((await api('/games?per_page=1')).body.data[0]).not.toHaveProperty('intro');

      // Act
      const reset = await admin('POST', '/reset');

      // Assert: the answer is the state, as at launch…
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual((await admin('GET', '/state')).body);
      expect(reset.body).toMatchObject({
        clock: { now: '2026-11-22T12:00:30.000Z', running: false },
        faults: ['cors-enabled'],
        variants: [],
        chaos: [],
      });
      for (const key of reset.body.rate_limits) expect([key.minute.used, key.day.used]).toEqual([0, 0]);
      // …and the API answers so.
      const tags = await api('/tags', 'low-limit');
      expect(tags.status).toBe(200);
      expect(tags.headers['x-ratelimit-remaining']).toBe('4');
      expect(tags.headers.date).toBe('Sun, 22 Nov 2026 12:00:30 GMT');
      expect(tags.headers['access-control-allow-origin']).toBe('*');
      expect((await api('/reviews')).status).toBe(200);
      const game = (await api('/games?per_page=1')).body.data[0];
      expect(game).toHaveProperty('intro');
      expect(game.urls).not.toHaveProperty('listing');
      expect((await admin('POST', '/reset', { everything: true })).status).toBe(400);
    });
  }, 60_000);

  it('sets a --start-at clock running from its instant again', async () => {
    await withControlledServer(['--start-at', '2030-01-01T00:00:00Z'], async ({ admin }) => {
      await admin('PUT', '/clock', { now: '2031-06-01T00:00:00Z', running: false });

      const { clock } = (await admin('POST', '/reset')).body;

      expect(clock.running).toBe(true);
      expect(clock.now_ms - Date.parse('2030-01-01T00:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(clock.now_ms - Date.parse('2030-01-01T00:00:00Z')).toBeLessThan(5_000);
    });
  }, 60_000);
});

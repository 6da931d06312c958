/**
 * The control interface's optional token (issue #23): `--admin-token` or REFERENCE_ADMIN_TOKEN
 * makes every control request need `Authorization: Bearer TOKEN`, else 401 in the interface's
 * own error shape (validated against spec/admin-openapi.yaml); the token never reaches the log;
 * off loopback without a token the server refuses to start. The CLI runs in a separate process,
 * driven over plain HTTP; each test starts its own server and stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { SpecValidator, type OpenApiDocument } from '../../spec/src/spec-loader.ts';
import { bearerTokenMatches, isLoopbackHost } from '../src/admin/admin-app.ts';
import { startCli } from './harness.ts';

const ADMIN_SPEC = fileURLToPath(new URL('../../spec/admin-openapi.yaml', import.meta.url));
const TOKEN = 's3cret-admin-token-7f1c2b';
const CHALLENGE = 'Bearer realm="reference-server admin"';

let validator: Promise<SpecValidator> | undefined;
function adminSpec(): Promise<SpecValidator> {
  validator ??= SwaggerParser.validate(ADMIN_SPEC).then(
    (document) => new SpecValidator(document as unknown as OpenApiDocument),
  );
  return validator;
}

interface Answer {
  status: number;
  challenge: string | null;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** The CLI with a token-protected control interface (env: the token from the environment instead). */
async function withTokenServer(
  via: 'option' | 'env',
  run: (call: (method: string, path: string, authorization?: string) => Promise<Answer>) => Promise<void>,
): Promise<string> {
  const args = ['--port', '0', '--games', '30', '--admin-port', '0', '--now', '2026-11-22T12:00:00Z'];
  // startCli spawns at once, so the variable is in the child's environment and nowhere else after.
  if (via === 'env') process.env.REFERENCE_ADMIN_TOKEN = TOKEN;
  const started = startCli(via === 'option' ? [...args, '--admin-token', TOKEN] : args);
  delete process.env.REFERENCE_ADMIN_TOKEN;
  const { cli, stdout } = await started;
  const exited = new Promise((resolve) => cli.once('exit', resolve));
  try {
    const adminUrl =
      /Control interface \(not for production\): (\S+) \(Authorization: Bearer token required\)/.exec(
        stdout(),
      )?.[1];
    expect(adminUrl, stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const spec = await adminSpec();
    await run(async (method, path, authorization) => {
      const response = await fetch(`${adminUrl!}${path}`, {
        method,
        headers: authorization === undefined ? {} : { authorization },
      });
      const text = await response.text();
      const body = text === '' ? {} : (JSON.parse(text) as Answer['body']);
      const operation = spec.operations.find((op) => op.method === method && op.path === path);
      if (operation) {
        const outcome = spec.validateResponse(operation.operationId, response.status, {}, body);
        expect(outcome.errors, `${method} ${path} → ${response.status} ${text}`).toEqual([]);
      }
      return { status: response.status, challenge: response.headers.get('www-authenticate'), body };
    });
  } finally {
    cli.kill('SIGTERM');
    await exited;
  }
  return stdout();
}

/** The CLI run to its exit (for refusals at start-up): exit code and stderr. */
async function runCliToExit(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stderr: string }> {
  const cli: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'reference-server/src/cli.ts', ...args],
    {
      env,
    },
  );
  let stderr = '';
  cli.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  return { code, stderr };
}

describe('the control interface with --admin-token', () => {
  it('answers 401 with a Bearer challenge without the token or with another, and 200 with it', async () => {
    const log = await withTokenServer('option', async (call) => {
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Bearer ${TOKEN.slice(0, -1)}x`, // same length, last character differs
        `Bearer ${TOKEN}-and-more`,
        `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`,
        'Bearer ',
      ]) {
        const refused = await call('GET', '/state', authorization);
        expect(refused.status, String(authorization)).toBe(401);
        expect(refused.challenge).toBe(CHALLENGE);
        expect(refused.body.error?.code).toBe('unauthorized');
        expect(JSON.stringify(refused.body)).not.toContain(TOKEN);
      }
      // Before routing: an unknown path, or a change, is refused the same way (and changes nothing).
      expect((await call('GET', '/no-such-control')).status).toBe(401);
      expect((await call('POST', '/clock/advance')).status).toBe(401);

      const state = await call('GET', '/state', `Bearer ${TOKEN}`);
      expect(state.status).toBe(200);
      expect(state.body.clock).toMatchObject({ now: '2026-11-22T12:00:00.000Z' });
      expect((await call('POST', '/reset', `bearer ${TOKEN}`)).status).toBe(200);
    });

    expect(log).toContain('control interface: request refused');
    expect(log).toContain('"admin_auth":"bearer token"');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN.slice(0, 12));
  }, 60_000);

  it('takes the token from REFERENCE_ADMIN_TOKEN', async () => {
    const log = await withTokenServer('env', async (call) => {
      expect((await call('GET', '/clock')).status).toBe(401);
      expect((await call('GET', '/clock', `Bearer ${TOKEN}`)).status).toBe(200);
    });
    expect(log).not.toContain(TOKEN);
  }, 60_000);
});

describe('the control interface refused at start-up', () => {
  it('refuses to start on a non-loopback host without a token, saying why', async () => {
    const { code, stderr } = await runCliToExit([
      '--port',
      '0',
      '--admin-port',
      '0',
      '--admin-host',
      '0.0.0.0',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /The control interface would listen on 0\.0\.0\.0, reachable from other machines, with no token/,
    );
    expect(stderr).toContain('--admin-token');
  }, 30_000);

  it('refuses --admin-token without --admin-port', async () => {
    const { code, stderr } = await runCliToExit(['--port', '0', '--admin-token', TOKEN]);
    expect(code).toBe(1);
    expect(stderr).toContain('--admin-token protects the control interface: give --admin-port too.');
    expect(stderr).not.toContain(TOKEN);
  }, 30_000);

  it('refuses a token a Bearer header cannot carry as it is, without showing it', async () => {
    const spaced = 'two words';
    const { code, stderr } = await runCliToExit(['--port', '0', '--admin-port', '0'], {
      ...process.env,
      REFERENCE_ADMIN_TOKEN: spaced,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('REFERENCE_ADMIN_TOKEN: expected 1 to 1024 printable ASCII characters');
    expect(stderr).not.toContain(spaced);
  }, 30_000);
});

describe('bearerTokenMatches', () => {
  it('accepts exactly `Bearer <token>` (scheme in any case), nothing shorter, longer or empty', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      expect(bearerTokenMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost from every other host', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '127.0.0.1.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

/**
 * A key the deployment refuses (mistyped, revoked, another environment's): the run ends at its
 * first answer with one line saying so, exit 2 — no budget planned from a rate-limit reading
 * it never got, no discovery.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference-server/src/launch.ts';
import { runCli } from '../src/cli.ts';

describe('a refused API key', () => {
  it('ends the run at the first answer with the reason, exit 2', async () => {
    const server = await startReferenceServer();
    const reports = mkdtempSync(join(tmpdir(), 'refused-key-'));
    let requests = 0;
    server.server.on('request', () => (requests += 1));
    try {
      let out = '';
      const code = await runCli(['--base-url', server.baseUrl, '--report-dir', reports], {
        stdout: (text) => (out += text),
        stderr: (text) => (out += text),
        env: { GAMEDIR_API_KEY: `gd_live_${'0'.repeat(32)}` },
        cwd: process.cwd(),
      });
      expect(code, out).toBe(2);
      expect(out).toContain(
        'Could not run: the API key was refused: GET /tags answered HTTP 401 invalid_api_key',
      );
      expect(out).not.toMatch(/^Budget:|Minimal pass/m);
      expect(requests).toBe(1);
    } finally {
      await server.close();
      rmSync(reports, { recursive: true, force: true });
    }
  });
});

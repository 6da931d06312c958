/**
 * The CLI's log on stdout: lines are written 4 KiB at a time (cli.ts), so this pins what a
 * user watching it still sees — the start-up lines at once, request lines within the periodic
 * flush while the server runs, and every line by the time it has shut down.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startCli } from './harness.ts';

const lines = (out: string): Array<Record<string, unknown> & { msg: string }> =>
  out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

const messages = (out: string): string[] => lines(out).map((line) => line.msg);

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

describe('the CLI log', () => {
  it('shows start-up lines at once, request lines within a second, and every line at shutdown', async () => {
    const { cli, baseUrl, stdout } = await startCli(['--port', '0', '--games', '30']);
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    try {
      expect(await until(() => /Demo key \(public\): \S+/.test(stdout()), 5_000), stdout()).toBe(true);
      const authorization = `Bearer ${/Demo key \(public\): (\S+)/.exec(stdout())![1]!}`;
      expect(await until(() => messages(stdout()).includes('search index built'), 5_000), stdout()).toBe(
        true,
      );
      expect(messages(stdout())).toContain('listening');

      for (let i = 0; i < 3; i += 1) {
        const response = await request(`${baseUrl}/tags`, {
          headers: { authorization },
        });
        await response.body.dump();
      }
      // Three lines are far below the 4 KiB a write waits for: only the periodic flush writes them.
      expect(
        await until(() => messages(stdout()).filter((m) => m === 'request').length === 3, 1_000),
        stdout(),
      ).toBe(true);

      await request(`${baseUrl}/games`, { headers: { authorization } }).then((r) => r.body.dump());
      cli.kill('SIGTERM');
      expect(await exited).toBe(0);
      const said = messages(stdout());
      expect(said.filter((m) => m === 'request')).toHaveLength(4);
      expect(said.at(-1)).toBe('shutting down');
    } finally {
      cli.kill('SIGKILL');
    }
  }, 60_000);

  /** The `summaries_kept` of the CLI's `search index built` line, and the listed games (GET /games total). */
  async function keptAndListed(args: readonly string[]): Promise<{ kept: unknown; listed: number }> {
    const { cli, baseUrl, stdout } = await startCli(['--port', '0', '--games', '40', ...args]);
    try {
      expect(await until(() => messages(stdout()).includes('search index built'), 10_000), stdout()).toBe(
        true,
      );
      const built = lines(stdout()).find((line) => line.msg === 'search index built')!;
      const key = /Demo key \(public\): (\S+)/.exec(stdout())![1]!;
      const response = await request(`${baseUrl}/games`, { headers: { authorization: `Bearer ${key}` } });
      const { meta } = (await response.body.json()) as { meta: { total: number } };
      return { kept: built.summaries_kept, listed: meta.total };
    } finally {
      cli.kill('SIGKILL');
    }
  }

  it("says it kept every listed game's summary for the address it listens on", async () => {
    const { kept, listed } = await keptAndListed([]);
    expect(listed).toBeGreaterThan(0);
    expect(kept).toBe(listed);
  }, 60_000);

  it('keeps none behind a trusted proxy (the base is known only from a request) or with faults on', async () => {
    expect((await keptAndListed(['--trust-proxy'])).kept).toBe(0);
    expect((await keptAndListed(['--faults', 'error-without-request-id'])).kept).toBe(0);
  }, 60_000);
});

/**
 * The origin of every absolute link (D40, issue #22): the configured public URL; else, with
 * `trustProxy`, X-Forwarded-Proto/-Host; else the address the connection reached — never the
 * request's Host header, so a client cannot put an origin of its choosing into answers that a
 * cache keyed by URL would hand to everyone.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../src/launch.ts';
import { KEYS, ManualClock, startCli, testDataset } from './harness.ts';

const servers: ReferenceServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: { publicUrl?: string; trustProxy?: boolean } = {}): Promise<ReferenceServer> {
  const server = await startReferenceServer({
    dataset: testDataset(),
    keys: Object.values(KEYS),
    clock: new ManualClock(),
    ...options,
  });
  servers.push(server);
  return server;
}

/** Every absolute link of a /games page and a /reviews page. */
async function links(server: ReferenceServer, headers: Record<string, string> = {}): Promise<string[]> {
  const found: string[] = [];
  for (const path of ['/games?per_page=2&page=2', '/reviews?per_page=2&page=2']) {
    const response = await request(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${KEYS.high.key}`, ...headers },
    });
    const body = (await response.body.json()) as {
      links: Record<string, string>;
      data: Array<{ urls: Record<string, string | null> }>;
    };
    found.push(...Object.values(body.links));
    for (const item of body.data) found.push(item.urls.self!);
  }
  return found;
}

describe('the origin of links', () => {
  it('is the listening address by default, whatever Host says', async () => {
    const server = await start();
    const found = await links(server, { host: 'attacker.example' });
    expect(found.length).toBeGreaterThan(6);
    expect(found.every((link) => link.startsWith(`${server.baseUrl}/`))).toBe(true);
  });

  it('is the same for two requests of one second with different Host headers (nothing for a cache to keep)', async () => {
    const server = await start();
    const first = await links(server, { host: 'attacker.example' });
    const second = await links(server, { host: 'other.example:81' });
    expect(second).toEqual(first);
  });

  it('is the public URL when one is configured, whatever Host or X-Forwarded-* say', async () => {
    const server = await start({ publicUrl: 'https://api.example.com', trustProxy: true });
    const found = await links(server, {
      host: 'attacker.example',
      'x-forwarded-host': 'proxy.example',
      'x-forwarded-proto': 'http',
    });
    expect(found.every((link) => link.startsWith('https://api.example.com/api/v1/'))).toBe(true);
  });

  it('ignores X-Forwarded-Proto/-Host unless the proxy is trusted', async () => {
    const server = await start();
    const found = await links(server, { 'x-forwarded-host': 'proxy.example', 'x-forwarded-proto': 'https' });
    expect(found.every((link) => link.startsWith(`${server.baseUrl}/`))).toBe(true);
  });

  it('follows X-Forwarded-Proto/-Host behind a trusted proxy', async () => {
    const server = await start({ trustProxy: true });
    const found = await links(server, { 'x-forwarded-host': 'proxy.example', 'x-forwarded-proto': 'https' });
    expect(found.every((link) => link.startsWith('https://proxy.example/api/v1/'))).toBe(true);
  });

  it('is the public URL given to the CLI (--public-url)', async () => {
    const { cli, baseUrl } = await startCli([
      ...['--port', '0', '--games', '20', '--now', '2026-11-22T12:00:00Z'],
      ...['--public-url', 'https://games.example.org:8443'],
    ]);
    try {
      const demo = 'gd_live_475d8b19d8d608f49a4e9fef17632362'; // fixtures/keys.json, public
      const response = await request(`${baseUrl}/games?per_page=1`, {
        headers: { authorization: `Bearer ${demo}`, host: 'attacker.example' },
      });
      const body = (await response.body.json()) as { links: { self: string } };
      expect(body.links.self).toBe('https://games.example.org:8443/api/v1/games?per_page=1&page=1');
    } finally {
      cli.kill('SIGTERM');
    }
  }, 40_000);
});

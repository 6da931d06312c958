/**
 * §1 rule 3 and §5 rule 5: cross-origin browser access is not enabled. A real Chromium
 * (Debian's, driven by playwright-core) loads a page from another origin and tries to
 * read the API with a key; the browser must refuse, because the server sends no CORS
 * headers. A control request from the API's own origin proves the page and key work.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './harness.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let api: TestServer;
let otherOrigin: Server;
let otherOriginUrl: string;
let browser: Browser;

beforeAll(async () => {
  api = await startTestServer();
  otherOrigin = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another origin</title>');
  });
  await new Promise<void>((resolve) => otherOrigin.listen(0, '127.0.0.1', resolve));
  otherOriginUrl = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => otherOrigin?.close(() => resolve()));
  await api?.close();
});

/** Runs fetch() inside a page at `pageUrl`; returns the status or the browser's error. */
async function fetchFromPage(pageUrl: string, target: string): Promise<{ status?: number; error?: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(pageUrl);
    return await page.evaluate(
      async ({ url, key }) => {
        try {
          const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
          return { status: res.status };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url: target, key: KEYS.high.key },
    );
  } finally {
    await page.close();
  }
}

describe('cross-origin browser access', () => {
  it('is refused by a real browser for a page on another origin', async () => {
    const outcome = await fetchFromPage(otherOriginUrl, `${api.baseUrl}/games?per_page=1`);
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toMatch(/TypeError|Failed to fetch/);
  });

  it('works from the API origin itself (control: the key and the fetch are fine)', async () => {
    const outcome = await fetchFromPage(`${api.url}/json.php`, `${api.baseUrl}/games?per_page=1`);
    expect(outcome).toEqual({ status: 200 });
  });
});

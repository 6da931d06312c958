/**
 * The HTML report as a person reads it: a real Chromium (Debian's, via playwright-core)
 * opens the report of a failing run and shows the failure with its Expected/Received,
 * the curl line with `Bearer $API_KEY` (never the key), and working status filters.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../fixtures/src/keys.ts';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let reportDir: string;
let run: SuiteRun;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  reportDir = mkdtempSync(join(tmpdir(), 'html-report-'));
  run = await runSuiteAgainstReference({
    faults: ['reviews-oldest-first'],
    only: 'reviews',
    runs: 20,
    reportDir,
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage();
  await page.goto(pathToFileURL(join(reportDir, 'conformance.html')).href);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(reportDir, { recursive: true, force: true });
});

describe('the HTML report of a failing run, in a browser', () => {
  it('comes from a run that failed the aimed check', () => {
    expect(run.exitCode).toBe(1);
    expect(run.failing).toContain('REVIEWS-NEWEST-FIRST');
  });

  it('shows the failed check as failed', async () => {
    const row = page.locator('tr[id="REVIEWS-NEWEST-FIRST"]');
    await expect(row.locator('td').first().textContent()).resolves.toBe('fail');
  });

  it('shows Expected, Received, the curl line and the replay command of the failure', async () => {
    const detail = page.locator('tr.detail[data-status="fail"]').first();
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('Expected');
    expect(text).toContain('Received');
    expect(text).toContain('Bearer $API_KEY');
    expect(text).toMatch(/--seed \d+/);
  });

  it('never contains a key', () => {
    const html = readFileSync(join(reportDir, 'conformance.html'), 'utf8');
    for (const { key } of loadKeys()) expect(html).not.toContain(key);
  });

  it('hides passed checks when the pass filter is unticked', async () => {
    const visiblePassRows = () => page.locator('#checks tbody tr[data-status="pass"]:visible').count();
    expect(await visiblePassRows()).toBeGreaterThan(0);
    await page.locator('input[data-filter="pass"]').uncheck();
    expect(await visiblePassRows()).toBe(0);
    expect(await page.locator('tr[id="REVIEWS-NEWEST-FIRST"]:visible').count()).toBe(1);
  });
});

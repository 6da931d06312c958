/**
 * The HTML report as a person reads it, in a real Chromium (Debian's, via playwright-core) at
 * 1,280 px: the report of a failing run puts the verdict and the failures first, each with its
 * one-line why and its curl line (`Bearer $API_KEY`, never the key) visible without scrolling,
 * groups failures with a shared cause, wraps long lines (no sideways scroll), and filters by
 * status; the report of a passing run says so at the top. Screenshots of both are written to
 * reports/screenshots/ for people to look at.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../fixtures/src/keys.ts';
import { runSuiteAgainstReference, type SuiteRun } from './run-against-reference.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(process.cwd(), 'reports', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };

let failingDir: string;
let passingDir: string;
let failing: SuiteRun;
let passing: SuiteRun;
let browser: Browser;
let page: Page;
let passingPage: Page;

/** Horizontal overflow of the page, in px (0: no sideways scroll). */
const overflow = (p: Page) =>
  p.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

beforeAll(async () => {
  failingDir = mkdtempSync(join(tmpdir(), 'html-report-'));
  passingDir = mkdtempSync(join(tmpdir(), 'html-report-'));
  // A broken tag filter: several checks fail on requests that share the parameter.
  failing = await runSuiteAgainstReference({
    faults: ['or-across-categories'],
    only: 'GAMES-TAG-AND-ACROSS,GAMES-FILTER-TAGS,GAMES-FILTERS-COMBINE-AND,GAMES-TAG-PARAM-FORMS,reviews',
    runs: 20,
    reportDir: failingDir,
  });
  passing = await runSuiteAgainstReference({ only: 'reviews,tags', runs: 5, reportDir: passingDir });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(pathToFileURL(join(failingDir, 'conformance.html')).href);
  passingPage = await browser.newPage({ viewport: VIEWPORT });
  await passingPage.goto(pathToFileURL(join(passingDir, 'conformance.html')).href);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  rmSync(failingDir, { recursive: true, force: true });
  rmSync(passingDir, { recursive: true, force: true });
});

describe('the HTML report of a failing run, at 1,280 px', () => {
  it('comes from a run that failed several checks', () => {
    expect(failing.exitCode).toBe(1);
    expect(failing.failing.length).toBeGreaterThanOrEqual(2);
  });

  it('opens with the verdict and why, then the failures, before the table of checks', async () => {
    await expect(page.locator('#verdict').textContent()).resolves.toMatch(/^Failed \(exit 1\): \d+ fail/);
    const top = async (selector: string) => (await page.locator(selector).boundingBox())?.y ?? -1;
    const order = { failures: await top('#failures'), checks: await top('#checks') };
    expect(order.failures).toBeGreaterThan(0);
    expect(order.failures).toBeLessThan(order.checks);
  });

  it("shows the first failure's why and curl line without scrolling", async () => {
    const first = page.locator('article.failure').first();
    const why = await first.locator('.why').boundingBox();
    const curl = await first.locator('pre.curl').boundingBox();
    expect(why).not.toBeNull();
    expect(curl).not.toBeNull();
    expect((curl?.y ?? Infinity) + (curl?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
    await expect(first.locator('pre.curl').textContent()).resolves.toContain('Bearer $API_KEY');
  });

  it('groups the failures whose failing requests share a parameter', async () => {
    const cause = page.locator('section.group h3.cause').first();
    await expect(cause.textContent()).resolves.toMatch(/^\d+ failures share .*_tag_id.* likely one cause$/);
    expect(await page.locator('section.group article.failure').count()).toBeGreaterThanOrEqual(2);
  });

  it('wraps long lines: no sideways scroll, and a screenshot to look at', async () => {
    expect(await overflow(page)).toBe(0);
    const file = join(SCREENSHOTS, 'report-failing-1280.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });

  it('shows Expected, Received and the replay command of a failure', async () => {
    const text = (await page.locator('article.failure').first().textContent()) ?? '';
    expect(text).toContain('Expected');
    expect(text).toContain('Received');
    expect(text).toMatch(/--seed \d+/);
  });

  it('never contains a key', () => {
    const html = readFileSync(join(failingDir, 'conformance.html'), 'utf8');
    for (const { key } of loadKeys()) expect(html).not.toContain(key);
  });

  it('hides passed checks when the pass filter is unticked', async () => {
    const visiblePassRows = () => page.locator('#checks tbody tr[data-status="pass"]:visible').count();
    expect(await visiblePassRows()).toBeGreaterThan(0);
    await page.locator('input[data-filter="pass"]').uncheck();
    expect(await visiblePassRows()).toBe(0);
    const failed = failing.failing[0] as string;
    expect(await page.locator(`#checks tr[id="${failed}"]:visible`).count()).toBe(1);
  });
});

describe('the HTML report of a passing run, at 1,280 px', () => {
  it('says it passed at the top, has no failures section, and no sideways scroll', async () => {
    expect(passing.exitCode).toBe(0);
    await expect(passingPage.locator('#verdict').textContent()).resolves.toMatch(/^Passed \(exit 0\)/);
    expect(await passingPage.locator('#failures').count()).toBe(0);
    expect(await overflow(passingPage)).toBe(0);
    const file = join(SCREENSHOTS, 'report-passing-1280.png');
    await passingPage.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { defineCheck, type CheckDefinition } from '../core/check.ts';
import type { RunSummary } from '../core/events.ts';
import { expectStatus } from '../core/expect.ts';
import { HttpApiClient } from '../core/http-client.ts';
import { DEFAULT_PROFILE } from '../core/profile.ts';
import { runSuite } from '../core/runner.ts';
import { createConsoleReporter } from './console.ts';
import { createHtmlReporter, escapeHtml, HTML_REPORT_NAME } from './html.ts';
import { createJsonReporter, JSON_REPORT_NAME } from './json.ts';
import { createJunitReporter, JUNIT_REPORT_NAME } from './junit.ts';

let api: FakeApi;
let dir: string;
let consoleText = '';
let summary: RunSummary;

const check = (id: string, area: CheckDefinition['area'], run: CheckDefinition['run']): CheckDefinition =>
  defineCheck({
    id,
    area,
    source: '§4 GET /games',
    level: 'must',
    title: `<b>${id}</b> & co`,
    covers: ['S4.TAGS'],
    run,
  });

const checks = [
  check('GAMES-OK', 'games', async () => {}),
  check('GAMES-BAD', 'games', async (ctx) => expectStatus(await ctx.client.get('/games/1'), 200)),
  check('TAGS-BROKEN', 'tags', async () => {
    throw new Error('harness <broke>');
  }),
  check('TAGS-NOT-HERE', 'tags', async (ctx) => ctx.skip('no custom tags')),
  check('TAGS-OK', 'tags', async () => {}),
];

beforeAll(async () => {
  api = await startFakeApi();
  dir = await mkdtemp(join(tmpdir(), 'reporters-'));
  const client = new HttpApiClient({ baseUrl: api.baseUrl, keys: { primary: FAKE_KEY } });
  summary = await runSuite({
    checks,
    client,
    spec: await loadSpecValidator(),
    profile: DEFAULT_PROFILE,
    hints: {},
    seed: 4242,
    runs: 3,
    replayBase: `--base-url ${api.baseUrl} --api-key "$API_KEY"`,
    listeners: [
      createConsoleReporter({ write: (t) => void (consoleText += t) }),
      createJsonReporter(dir),
      createJunitReporter(dir),
      createHtmlReporter(dir),
    ],
  });
  await client.close();
});

afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

describe('reporters', () => {
  it('the console shows progress, counts, failures with Expected/Received/curl/replay, and the seed twice', () => {
    expect(consoleText).toContain('[2/5] GAMES-BAD … fail');
    expect(consoleText).toContain('Checks: 5 — 2 passed, 1 failed, 1 errors, 1 skipped');
    expect(consoleText).toMatch(/GAMES-BAD \[must\] fail — .*unexpected status 404/);
    expect(consoleText).toContain('Result: FAILED — 1 fail, 1 error');
    expect(consoleText).toContain('Expected HTTP 200');
    expect(consoleText).toContain('Received HTTP 404');
    expect(consoleText).toContain(`curl -sS -i -H "Authorization: Bearer $API_KEY" '${api.baseUrl}/games/1'`);
    expect(consoleText).toContain(
      `Replay: npm run conformance -- --base-url ${api.baseUrl} --api-key "$API_KEY" --only GAMES-BAD --seed 4242`,
    );
    expect(consoleText.match(/Seed: 4242/g)?.length).toBe(2);
  });

  it('JSON, JUnit, HTML and the console agree on counts and ids', async () => {
    const json = JSON.parse(await readFile(join(dir, JSON_REPORT_NAME), 'utf8')) as {
      counts: RunSummary['counts'];
      results: Array<{ id: string; status: string }>;
    };
    const xml = await readFile(join(dir, JUNIT_REPORT_NAME), 'utf8');
    const html = await readFile(join(dir, HTML_REPORT_NAME), 'utf8');
    const statusOf = Object.fromEntries(summary.results.map((r) => [r.id, r.status]));

    expect(json.counts).toEqual(summary.counts);
    expect(Object.fromEntries(json.results.map((r) => [r.id, r.status]))).toEqual(statusOf);

    expect(xml.match(/<testcase /g)?.length).toBe(5);
    expect(xml.match(/<failure /g)?.length).toBe(summary.counts.fail);
    expect(xml.match(/<error /g)?.length).toBe(summary.counts.error);
    expect(xml.match(/<skipped message="/g)?.length).toBe(summary.counts.skipped);
    expect(xml).toMatch(/<testsuite name="games"/);
    expect(xml).toMatch(/<testsuite name="tags"/);

    const rows = [...html.matchAll(/<tr data-status="(\w+)" id="([A-Z-]+)">/g)].map((m) => [m[2], m[1]]);
    expect(Object.fromEntries(rows)).toEqual(statusOf);

    for (const id of Object.keys(statusOf)) {
      expect(xml).toContain(id);
      expect(consoleText).toContain(id);
    }
  });

  it('HTML escapes everything from the run', async () => {
    const html = await readFile(join(dir, HTML_REPORT_NAME), 'utf8');
    expect(html).not.toContain('<b>GAMES-OK</b>');
    expect(html).toContain(escapeHtml('<b>GAMES-OK</b> & co'));
    expect(html).toContain('harness &lt;broke&gt;');
  });
});

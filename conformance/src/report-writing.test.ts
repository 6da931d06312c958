/**
 * A CI gate reads the suite's exit code and its JUnit report: a run whose reports cannot be
 * written must not exit 0. A report directory that cannot be made stops the run before its first
 * request (exit 2); a reporter failing during a passing run turns its exit code into 2.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { defineCheck, type CheckDefinition } from './core/check.ts';
import { expectStatus } from './core/expect.ts';
import { JUNIT_REPORT_NAME } from './reporters/junit.ts';
import { FAKE_KEY, startFakeApi, type FakeApi } from './testing/fake-api.ts';

let api: FakeApi;
let dir: string;

beforeAll(async () => {
  api = await startFakeApi();
  dir = await mkdtemp(join(tmpdir(), 'report-writing-'));
});

afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const passing: CheckDefinition[] = [
  defineCheck({
    id: 'TAGS-PASSING',
    area: 'tags',
    source: '§4 GET /tags',
    level: 'must',
    title: 'passes',
    covers: ['S4.TAGS'],
    run: async (ctx) => expectStatus(await ctx.client.get('/tags'), 200),
  }),
];

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(['--base-url', `${api.baseUrl}`, '--api-key', FAKE_KEY, '--seed', '1', ...args], {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    env: {},
    cwd: dir,
    checks: passing,
  });
  return { code, out, err };
}

describe('reports that cannot be written', () => {
  it('the same run exits 0 when its reports are written', async () => {
    const { code } = await cli(['--report-dir', 'fine']);
    expect(code).toBe(0);
  });

  it('a report directory that is a file stops the run before any request, exit 2', async () => {
    await writeFile(join(dir, 'a-file'), 'not a directory');
    const before = api.seen.length;
    const { code, err } = await cli(['--report-dir', 'a-file']);
    expect(code).toBe(2);
    expect(err).toMatch(/cannot write the reports to .*a-file/);
    expect(api.seen.length).toBe(before);
  });

  it('a reporter failing during a passing run makes it exit 2, saying so', async () => {
    // The JUnit file's name taken by a directory: that reporter's write fails at the end of the run.
    await mkdir(join(dir, 'later', JUNIT_REPORT_NAME), { recursive: true });
    const { code, err } = await cli(['--report-dir', 'later']);
    expect(code).toBe(2);
    expect(err).toMatch(/reporter failed: EISDIR/);
    expect(err).toMatch(/the reports are incomplete \(1 reporter error\(s\), first: EISDIR/);
  });
});

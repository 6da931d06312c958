/**
 * The packages as a user installs them: `npm pack` (which builds dist/), then
 * `npm install <tarball>` in an empty project outside the repository, and there:
 * - the reference server's bin starts (Node 24) and prints its base URL;
 * - the suite's bin passes against it on Node 24 and on Node 22 (the maintained LTS lines;
 *   Node 22 from the npm registry's `node` package), and refuses Node 20 with one clear line;
 * - `runConformance` from a plain .mjs (docs/recipes/run-conformance.mjs) returns the summary;
 * - the embedding recipe (docs/recipes/embed-reference-server.mjs) moves the server's clock
 *   across a minute and a UTC midnight;
 * - the CI recipes' suite command (docs/ci/*.yml) passes with their environment variables.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadKeys } from '../../fixtures/src/keys.ts';

const run = promisify(execFile);
const REPO = process.cwd();
const NODE24 = process.execPath;
const SYSTEM_NODE = '/usr/bin/node';

let work: string;
let app: string;
let node22: string;
let server: ChildProcess;
let baseUrl: string;
const key = (label: string) => loadKeys().find((k) => k.label === label)!.key;
const env = () => ({
  ...process.env,
  GAMEDIR_BASE_URL: baseUrl,
  GAMEDIR_API_KEY: key('conformance'),
  GAMEDIR_LOW_LIMIT_KEY: key('low-limit'),
  GAMEDIR_REVOKED_KEY: key('revoked'),
});
const bin = (name: string) => join(app, 'node_modules', '.bin', name);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gamedir-package-'));
  app = join(work, 'app');
  mkdirSync(app);
  await run('npm', ['pack', '--pack-destination', work], { cwd: REPO });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'implementer-app', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', join(work, tarball), 'node@22'], { cwd: app });
  node22 = join(app, 'node_modules', 'node', 'bin', 'node');
  for (const recipe of ['run-conformance.mjs', 'embed-reference-server.mjs']) {
    copyFileSync(join(REPO, 'docs', 'recipes', recipe), join(app, recipe));
  }
  ({ server, baseUrl } = await startServerBin(NODE24, [bin('gamedir-reference-server'), '--port', '0']));
}, 300_000);

/** Starts the reference server's bin and resolves with its base URL once it says it listens. */
async function startServerBin(
  command: string,
  args: string[],
  childEnv: NodeJS.ProcessEnv = process.env,
): Promise<{ server: ChildProcess; baseUrl: string }> {
  const child = spawn(command, args, { cwd: app, env: childEnv });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/reference server: (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
  });
  return { server: child, baseUrl: url };
}

afterAll(() => {
  server?.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

async function suite(node: string, args: string[]) {
  try {
    const { stdout } = await run(node, [bin('gamedir-conformance'), ...args], { cwd: app, env: env() });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('the installed package', () => {
  it('packs no tests, sources or scripts of the repository', () => {
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    expect(tarball).toMatch(/^game-directory-api-toolkit-\d+\.\d+\.\d+\.tgz$/);
    const installed = join(app, 'node_modules', 'game-directory-api-toolkit');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      private?: boolean;
    };
    expect(manifest.private).toBeUndefined();
    const all = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? all(join(dir, e.name)) : [join(dir, e.name).slice(installed.length + 1)],
      );
    const files = all(installed);
    expect(
      files.filter((f) => /\.test\.|\/test\/|\/testing\/|\.ts$/.test(f) && !f.endsWith('.d.ts')),
    ).toEqual([]);
    expect(files).toContain('dist/spec/openapi.yaml');
    expect(files).toContain('dist/fixtures/keys.json');
  });

  it('starts the reference server bin through its shebang, with the young generation capped and a wider growth of the old one, naming a large directory in its worker thread', async () => {
    // As a user's shell or npm script runs it: the file itself, `env -S` finding Node 24 first.
    // 25,000 games: past WORKER_FROM, so the names come from the packed worker script (a
    // missing or unloadable one fails the start).
    const started = await startServerBin(
      bin('gamedir-reference-server'),
      ['--port', '0', '--games', '25000'],
      {
        ...process.env,
        PATH: `${dirname(NODE24)}${delimiter}${process.env.PATH ?? ''}`,
      },
    );
    try {
      const argv = readFileSync(`/proc/${started.server.pid}/cmdline`, 'utf8').split('\0');
      expect(argv[0]).toMatch(/node$/);
      expect(argv).toContain('--max-semi-space-size=8');
      expect(argv).toContain('--heap-growing-percent=300');
      const response = await fetch(`${started.baseUrl}/tags`, {
        headers: { authorization: `Bearer ${key('demo')}` },
      });
      expect(response.status).toBe(200);
      const games = await fetch(`${started.baseUrl}/games?per_page=1`, {
        headers: { authorization: `Bearer ${key('demo')}` },
      });
      expect(((await games.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(20_000);
    } finally {
      started.server.kill('SIGTERM');
    }
  }, 60_000);

  it('runs the suite bin against the reference server bin on Node 24 (exit 0)', async () => {
    const { code, stdout } = await suite(NODE24, ['--only', 'tags,auth,games', '--runs', '5', '--quiet']);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain('Result: passed');
  }, 120_000);

  it('runs on Node 22 too, and refuses Node 20 with one line naming the version needed', async () => {
    const on22 = await suite(node22, ['--only', 'tags,auth', '--runs', '5', '--quiet']);
    expect(on22.code, on22.stdout).toBe(0);
    // The machine's own Node (20 on this project's machine kind) when there is one.
    const version = existsSync(SYSTEM_NODE) ? (await run(SYSTEM_NODE, ['--version'])).stdout : '';
    if (/^v2[0-1]\./.test(version)) {
      const on20 = await suite(SYSTEM_NODE, ['--help']);
      expect(on20.code).toBe(2);
      expect(on20.stdout).toMatch(/needs Node\.js 22\.19 or newer .*this is Node\.js 2[01]\./);
    }
  }, 120_000);

  it('runConformance from a plain .mjs returns the summary and the event stream', async () => {
    const { stdout } = await run(NODE24, ['run-conformance.mjs'], { cwd: app, env: env() });
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
      exitCode: number;
      checks: number;
      passed: number;
      failed: string[];
      events: string[];
    };
    expect(result).toMatchObject({ exitCode: 0, failed: [] });
    expect(result.checks).toBeGreaterThan(10);
    expect(result.events).toEqual(expect.arrayContaining(['run-start', 'budget', 'check-end', 'run-end']));
  }, 120_000);

  it('the embedding recipe moves the clock across a minute and a UTC midnight', async () => {
    const { stdout } = await run(NODE24, ['embed-reference-server.mjs'], { cwd: app });
    expect(JSON.parse(stdout.trim())).toMatchObject({ ok: true });
  }, 60_000);

  it('the CI recipes install, run the suite with the key from secrets, keep JUnit, and gate on the exit code', async () => {
    const github = parse(readFileSync(join(REPO, 'docs/ci/github-actions.yml'), 'utf8')) as {
      jobs: {
        conformance: {
          steps: Array<{
            run?: string;
            env?: Record<string, string>;
            uses?: string;
            with?: Record<string, string>;
          }>;
        };
      };
    };
    const steps = github.jobs.conformance.steps;
    expect(
      steps.some((s) => s.run?.includes('npm install') && s.run.includes('game-directory-api-toolkit')),
    ).toBe(true);
    const suiteStep = steps.find((s) => s.run?.includes('npx gamedir-conformance'))!;
    expect(suiteStep.env?.GAMEDIR_API_KEY).toMatch(/^\$\{\{ secrets\./);
    expect(steps.some((s) => s.with?.report_paths === 'reports/junit.xml')).toBe(true);

    const gitlab = parse(readFileSync(join(REPO, 'docs/ci/gitlab-ci.yml'), 'utf8')) as Record<
      string,
      { script: string[]; variables: Record<string, string>; artifacts: { reports: { junit: string } } }
    >;
    const job = gitlab['api-conformance']!;
    expect(job.variables.GAMEDIR_API_KEY).toBe('$STAGING_API_KEY');
    expect(job.artifacts.reports.junit).toBe('reports/junit.xml');
    const gitlabCommand = job.script.find((line) => line.startsWith('npx gamedir-conformance'))!;
    expect(gitlabCommand).toBe(suiteStep.run);

    // The essential command, as both recipes run it (its budget trimmed to keep this test short).
    const args = gitlabCommand.split(/\s+/).slice(2);
    const { code, stdout } = await suite(NODE24, [...args, '--only', 'tags,auth', '--quiet']);
    expect(code, stdout).toBe(0);
    expect(readFileSync(join(app, 'reports', 'junit.xml'), 'utf8')).toContain('<testsuites');
  }, 120_000);
});

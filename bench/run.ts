/**
 * `npm run bench` — figures, not pass/fail: the reference server's start-up time and
 * memory at 500 and 100,000 games (against an empty directory as the baseline), and
 * the throughput of a filtered, sorted page over 100,000 games measured with autocannon
 * from this process against the server in another process (baseline: GET /tags, which
 * does no query work, in the same run). Writes reports/bench-server.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { request } from 'undici';
import { loadKeys } from '../fixtures/src/keys.ts';

const TSX = 'node_modules/.bin/tsx';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const key = loadKeys().find((k) => k.label === 'conformance')!.key;

function startup(games: number): Record<string, number> {
  const out = execFileSync(TSX, ['--expose-gc', 'bench/startup-probe.ts', String(games)], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
}

async function startServerProcess(games: number): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(TSX, ['reference-server/src/cli.ts', '--port', '0', '--games', String(games)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /reference server: (\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout!.resume(); // request logs: drained, not kept
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: DURATION_SECONDS,
    headers: { authorization: `Bearer ${key}` },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const figures: Record<string, unknown> = {};
console.log('Start-up (fresh process each, seed 1):');
for (const games of [0, 500, 100_000]) {
  const s = startup(games);
  figures[`startup_${games}`] = s;
  console.log(
    `  ${String(games).padStart(7)} games: ${s.total_ms} ms (generate ${s.generate_ms} ms, app+listen ${s.app_and_listen_ms} ms), heap +${s.heap_used_mb} MiB, rss ${s.rss_mb} MiB`,
  );
}

const server = await startServerProcess(100_000);
try {
  const tags = (await (
    await request(`${server.baseUrl}/tags`, { headers: { authorization: `Bearer ${key}` } })
  ).body.json()) as {
    data: Array<{ values: Array<{ id: number }> }>;
  };
  const codebase = tags.data[2]!.values[0]!.id;
  const theme = tags.data[5]!.values[0]!.id;
  const theme2 = tags.data[5]!.values[1]!.id;
  const filtered = `${server.baseUrl}/games?codebase_tag_id[]=${codebase}&theme_tag_id[]=${theme}&theme_tag_id[]=${theme2}&has_reviews=1&sort=top_voted&per_page=20&page=3`;
  const search = `${server.baseUrl}/games?q=dragon%20realm&sort=newest&per_page=20`;
  console.log(`\nThroughput over 100,000 games (autocannon, 10 connections, ${DURATION_SECONDS} s each):`);
  for (const [name, url] of [
    ['baseline GET /tags', `${server.baseUrl}/tags`],
    ['filtered, sorted page', filtered],
    ['unfiltered page (default sort)', `${server.baseUrl}/games`],
    ['text search q (2 terms)', search],
  ] as const) {
    const r = await load(url);
    figures[`load_${name}`] = { url: url.replace(server.baseUrl, ''), ...r };
    console.log(
      `  ${name.padEnd(32)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}`,
    );
  }
  const base = (figures['load_baseline GET /tags'] as { rps: number }).rps;
  const filteredRps = (figures['load_filtered, sorted page'] as { rps: number }).rps;
  console.log(`\n  filtered page / baseline = ${(filteredRps / base).toFixed(2)}`);
} finally {
  server.stop();
}
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench-server.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('\nWritten reports/bench-server.json');

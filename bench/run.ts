/**
 * `npm run bench` — figures, not pass/fail. For each directory size (1k, 10k, 100k, 1M games
 * by default; BENCH_SIZES=1000,100000 to choose) it starts the reference server as users run
 * it (the package's bin on the built JavaScript, in its own process, request logging on, written
 * to a log file) and measures:
 *
 * - ready: from spawning the process to its URL line (generation and indexes built; it answers
 *   every request from then on), the time the unfiltered first page then takes, and when its
 *   log says the sort orders and q text are built (between requests after listening; the loads start then);
 * - requests per second, p50 and p99 of four pages under autocannon (10 connections): a
 *   filtered and sorted page, a two-term `q` page, the unfiltered first page and GET /tags;
 * - the same of distinct queries: GET /games paths of a fixed seed (bench/distinct-game-queries.ts,
 *   DISTINCT_PATHS of them, each asked once in turn), where the response cache rarely helps; every
 *   answer must be 200 (a 422 from a badly made path would make the figure meaningless: the bench
 *   stops);
 * - the filtered page asked the way the distinct queries are (the load generator sets each
 *   request's path), all to the one URL: for the reference a response-cache hit, so the figure of
 *   its request path alone (authentication, rate limit, request id, log, send) on the load the
 *   distinct row runs under — what bounds that row's ratio;
 * - the same bytes served precomputed, in the same run, by a bare Express 5 route and a raw
 *   `node:http` handler (bench/baseline-server.ts): the baselines the ratios are taken against
 *   (for the distinct queries, one answer of the mean size among a sample of them, served for
 *   every path);
 * - the server's RSS after the load (VmRSS of its process);
 * - each server's CPU time per request (utime + stime from /proc/PID/stat over the load, ÷ the
 *   requests answered): on a 2-core machine the load generator shares the machine, and a fast
 *   baseline is limited by it rather than by its own CPU, so req/s ratios understate the
 *   difference; the CPU ratio is what the throughput ratio would be if both were CPU-bound.
 *
 * Prism's static mock (`prism mock spec/openapi.yaml`) is measured once on GET /games.
 * The reference and the two baselines run at once, and the loads go in rounds (each round every
 * page on every server in turn); each figure is the median of the rounds (BENCH_ROUNDS, default
 * 3), so a slow spell of a shared machine falls on one round of every server alike and drops
 * out. The computed reference runs after the reference has stopped (one large process at a time).
 * Writes reports/bench-server.json. BENCH_SECONDS sets each load's length (default 3);
 * BENCH_PAGES=distinct,repeated,filtered loads only those rows (while iterating; the figures reported
 * come from a run of every row).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
import { CATEGORY_KEYS, type CategoryKey } from '../fixtures/src/model.ts';
import { cpuMicros } from './cpu-micros.ts';
import { distinctGameQueries } from './distinct-game-queries.ts';

/** The baselines run as `node --import tsx` (not the tsx CLI, which would add a parent process to the RSS reading). */
const NODE = process.execPath;
const PRISM = 'node_modules/.bin/prism';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? '3');
/** Rounds per figure; the median is reported (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number);
/** The rows loaded (BENCH_PAGES); all by default. */
const ONLY = process.env.BENCH_PAGES?.split(',');
/** Item 1 of the scale issue, item 5 of issue #21: the ratios a page must reach against a bare Express route… */
const TARGETS: Record<string, number> = { filtered: 0.5, q: 0.4, distinct: 0.5 };
/** …and the p99 (ms) the distinct queries must keep (issue #21). */
const P99_TARGETS: Record<string, number> = { distinct: 5 };
/** The distinct queries: how many paths, from which seed. */
const DISTINCT_PATHS = 50_000;
const DISTINCT_SEED = 21;
/** A key of the bench's own, limited far beyond what a run can spend (the bundled keys would answer 429). */
const key = `gd_live_${randomBytes(16).toString('hex')}`;
const auth = { authorization: `Bearer ${key}` };
const work = mkdtempSync(join(tmpdir(), 'gamedir-bench-'));
const keysFile = join(work, 'keys.json');
writeFileSync(
  keysFile,
  JSON.stringify([
    { key, label: 'bench', per_minute: 1_000_000_000, per_day: 1_000_000_000_000, revoked: false },
  ]),
);

interface Process {
  url: string;
  pid: number;
  readyMs: number;
  /** Milliseconds from the spawn to the first log line matching `line` (polled every 10 ms). */
  msUntil(line: RegExp): Promise<number>;
  stop(): Promise<void>;
}

let spawned = 0;

/**
 * Spawns a server with its output going to a log file (as a server run in the background
 * writes its request log) and resolves once the file has a line matching `ready` (its URL
 * in group 1). Readiness is polled every 10 ms.
 */
async function spawnServer(
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Process> {
  const logFile = join(work, `server-${(spawned += 1)}.log`);
  const out = openSync(logFile, 'w');
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', out, out], env });
  closeSync(out);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  let url: string | undefined;
  while (url === undefined) {
    if (exited !== undefined) {
      throw new Error(`${command} ${args.join(' ')} exited with ${exited}: ${readFileSync(logFile, 'utf8')}`);
    }
    url = ready.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    url,
    pid: child.pid!,
    readyMs,
    async msUntil(line) {
      while (!line.test(readFileSync(logFile, 'utf8'))) {
        if (exited !== undefined) throw new Error(`${command} exited before logging ${line}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Math.round(performance.now() - started);
    },
    stop: () =>
      new Promise((resolve) => {
        if (exited !== undefined) resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kib / 1024);
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 200. */
  non2xx: number;
  /**
   * The server's CPU time per request in µs (with the server's pid): unlike req/s it does not
   * depend on whether the server or the load generator, on the other core, is the bottleneck.
   */
  cpuUs?: number;
}

/** Paths asked in turn, each once before any is asked again (one cycle per server: it goes on across loads). */
class PathCycle {
  private next = 0;
  constructor(readonly paths: readonly string[]) {}

  take(): string {
    const path = this.paths[this.next]!;
    this.next = (this.next + 1) % this.paths.length;
    return path;
  }
}

/** A page: one path, or the distinct queries' paths in turn. */
type Target = string | PathCycle;

async function load(origin: string, target: Target, seconds = DURATION_SECONDS, pid?: number): Promise<Load> {
  const cpuBefore = pid === undefined ? 0 : cpuMicros(pid);
  const result = await autocannon({
    url: typeof target === 'string' ? `${origin}${target}` : origin,
    connections: 10,
    duration: seconds,
    headers: auth,
    ...(typeof target === 'string'
      ? {}
      : { requests: [{ setupRequest: (req) => ({ ...req, path: target.take() }) }] }),
  });
  const cpuUs =
    pid === undefined || result.requests.total === 0
      ? undefined
      : Math.round(((cpuMicros(pid) - cpuBefore) / result.requests.total) * 10) / 10;
  return {
    ...(cpuUs === undefined ? {} : { cpuUs }),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Not autocannon's non2xx: a 2xx other than 200 is no answer of GET either.
    non2xx: result.requests.total - (result.statusCodeStats?.['200']?.count ?? 0),
  };
}

async function getText(url: string): Promise<string> {
  const response = await request(url, { headers: auth });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${text.slice(0, 200)}`);
  return text;
}

/** The pages, as paths under the origin (the baselines serve the same paths), and the distinct queries' paths. */
async function pagesOf(baseUrl: string): Promise<{ pages: Record<string, string>; distinct: string[] }> {
  const tags = JSON.parse(await getText(`${baseUrl}/tags`)) as {
    data: Array<{ values: Array<{ id: number }> }>;
  };
  // The groups come in the generator's order, CATEGORY_KEYS's (as the pages below assume).
  const tagIds = Object.fromEntries(
    CATEGORY_KEYS.map((key, i) => [key, tags.data[i]!.values.map((tag) => tag.id)]),
  ) as Record<CategoryKey, number[]>;
  const codebase = tagIds.codebase[0]!;
  const [theme, theme2] = tagIds.theme;
  // q's words: those of the names and intros of each sort's first page.
  const words = new Set<string>();
  for (const sort of ['top_voted', 'newest', 'oldest', 'last_updated', 'most_reviewed']) {
    const page = JSON.parse(await getText(`${baseUrl}/games?sort=${sort}&per_page=50`)) as {
      data: Array<{ name: string; intro: string }>;
    };
    for (const game of page.data)
      for (const word of `${game.name} ${game.intro}`.toLowerCase().split(/[^\p{L}]+/u))
        if (word.length >= 4) words.add(word);
  }
  const pages = {
    filtered: `/api/v1/games?codebase_tag_id[]=${codebase}&theme_tag_id[]=${theme}&theme_tag_id[]=${theme2}&has_reviews=1&sort=top_voted&per_page=20&page=3`,
    q: '/api/v1/games?q=dragon%20realm&sort=newest&per_page=20',
    unfiltered: '/api/v1/games',
    tags: '/api/v1/tags',
  };
  return {
    pages,
    distinct: distinctGameQueries(DISTINCT_SEED, DISTINCT_PATHS, { tagIds, words: [...words].sort() }),
  };
}

const PAGE_NAMES: Record<string, string> = {
  filtered: 'filtered, sorted page',
  q: 'two-term q page',
  unfiltered: 'unfiltered page',
  tags: 'GET /tags',
  distinct: 'distinct queries',
  repeated: 'repeated filtered page',
};

/** How many distinct queries' answers are read to choose the baselines' body. */
const DISTINCT_SAMPLE = 500;

interface SizeFigures {
  games: number;
  /** Spawn to listening: every request answered from here on. */
  readyMs: number;
  /** Spawn to the end of the build after listening: sort orders, q text, review listing (a request needing a part before waits for it). */
  indexedMs: number;
  /** The unfiltered first page asked at once when ready, while the q text builds: its time to answer. */
  firstPageMs: number;
  /** The highest RSS read right after a load of the reference (its process, VmRSS). */
  rssAfterLoadMiB: number;
  bytes: Record<string, number>;
  reference: Record<string, Load>;
  /** The same pages with --no-response-cache. */
  computed: Record<string, Load>;
  express: Record<string, Load>;
  nodeHttp: Record<string, Load>;
}

/**
 * The reference server as installed from the package: its bin, run through its shebang (so with
 * the V8 options the bin asks for), on the compiled JavaScript of dist/ (`npm run bench` builds it).
 */
const REFERENCE_BIN = 'reference-server/bin/gamedir-reference-server.mjs';

function startReference(games: number, extra: string[] = []): Promise<Process> {
  if (!existsSync('dist/reference-server/src/cli.js')) throw new Error('no dist/: run `npm run build` first');
  const nodeOptions = [
    // Only the million needs a heap beyond V8's default limit.
    ...(games > 200_000 ? ['--max-old-space-size=16384'] : []),
    // e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (flags NODE_OPTIONS allows).
    ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  return spawnServer(
    REFERENCE_BIN,
    ['--port', '0', '--games', String(games), '--keys', keysFile, ...extra],
    /reference server: (\S+)\/api\/v1/,
    {
      ...process.env,
      // The shebang's `env` finds this run's Node first.
      PATH: `${dirname(NODE)}${delimiter}${process.env.PATH ?? ''}`,
      NODE_OPTIONS: nodeOptions.join(' '),
    },
  );
}

/** The median of each figure over the rounds (rounds are odd by default, so a measured value). */
function medianLoad(loads: readonly Load[]): Load {
  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const cpu = loads.flatMap((l) => (l.cpuUs === undefined ? [] : [l.cpuUs]));
  return {
    ...(cpu.length === 0 ? {} : { cpuUs: Math.round(median(cpu) * 10) / 10 }),
    rps: Math.round(median(loads.map((l) => l.rps))),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
  };
}

async function measureSize(games: number, work: string): Promise<SizeFigures> {
  const servers: Process[] = [];
  try {
    const server = await startReference(games);
    servers.push(server);
    const asked = performance.now();
    await getText(`${server.url}/api/v1/games`);
    const firstPageMs = Math.round(performance.now() - asked);
    // The loads measure the steady state: they start once the q text is built.
    const indexedMs = await server.msUntil(/"search index built"/);
    const { pages: allPages, distinct } = await pagesOf(`${server.url}/api/v1`);
    const pages = Object.fromEntries(
      Object.entries(allPages).filter(([name]) => ONLY === undefined || ONLY.includes(name)),
    );
    const bodies: Record<string, string> = {};
    const bytes: Record<string, number> = {};
    for (const [name, path] of Object.entries(pages)) {
      bodies[path] = await getText(`${server.url}${path}`);
      bytes[name] = Buffer.byteLength(bodies[path]);
    }
    const withDistinct = ONLY === undefined || ONLY.includes('distinct');
    // The filtered page asked as the distinct queries are (each request's path set by the load
    // generator): for the reference, a response-cache hit — the request path alone, on the load
    // the distinct row runs under.
    const withRepeated = ONLY === undefined || ONLY.includes('repeated');
    const filteredPath = allPages.filtered!;
    if (withRepeated) {
      bodies[filteredPath] ??= await getText(`${server.url}${filteredPath}`);
      bytes.repeated = Buffer.byteLength(bodies[filteredPath]);
    }
    // The baselines answer every distinct query with one body: of a sample of the answers (read
    // from the last paths, which the loads reach last if at all), the one nearest their mean size.
    let anyGamesQuery: string | undefined;
    if (withDistinct) {
      const sample: string[] = [];
      for (const path of distinct.slice(-DISTINCT_SAMPLE)) sample.push(await getText(`${server.url}${path}`));
      const mean = sample.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / sample.length;
      const distance = (body: string) => Math.abs(Buffer.byteLength(body) - mean);
      anyGamesQuery = sample.reduce((best, body) => (distance(body) < distance(best) ? body : best));
      bytes.distinct = Math.round(mean);
    }
    const bodiesFile = join(work, `bodies-${games}.json`);
    writeFileSync(bodiesFile, JSON.stringify({ bodies, anyGamesQuery }));
    const baseline = (mode: string) =>
      spawnServer(NODE, ['--import', 'tsx', 'bench/baseline-server.ts', mode, bodiesFile], /baseline: (\S+)/);
    const express = await baseline('express');
    servers.push(express);
    const nodeHttp = await baseline('node-http');
    servers.push(nodeHttp);

    type Role = 'reference' | 'computed' | 'express' | 'nodeHttp';
    const pageNames = [
      ...Object.keys(pages),
      ...(withDistinct ? ['distinct'] : []),
      ...(withRepeated ? ['repeated'] : []),
    ];
    const loads = Object.fromEntries(
      ['reference', 'computed', 'express', 'nodeHttp'].map((role) => [
        role,
        Object.fromEntries(pageNames.map((page) => [page, [] as Load[]])),
      ]),
    ) as Record<Role, Record<string, Load[]>>;
    let rssAfterLoadMiB = 0;
    /**
     * Rounds, each loading every server in turn on every page: a slow spell of the machine falls
     * on one round of all of them alike, and the median of the rounds leaves it out.
     */
    const rounds = async (running: Partial<Record<Role, Process>>) => {
      // Each server goes through the distinct paths from the first, across its loads.
      const targets = new Map(
        Object.keys(running).map((role) => [
          role,
          {
            ...pages,
            ...(withDistinct ? { distinct: new PathCycle(distinct) } : {}),
            ...(withRepeated ? { repeated: new PathCycle([filteredPath]) } : {}),
          } as Record<string, Target>,
        ]),
      );
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const page of pageNames) {
          for (const [role, serving] of Object.entries(running) as [Role, Process][]) {
            const target = targets.get(role)![page]!;
            if (round === 0) await load(serving.url, target, 1); // warm-up, not counted
            const measured = await load(serving.url, target, DURATION_SECONDS, serving.pid);
            // A distinct query answered otherwise than 200 (a 422 of a badly made path) makes the figure meaningless.
            if (
              measured.non2xx > 0 &&
              (page === 'distinct' || page === 'repeated' || role === 'express' || role === 'nodeHttp')
            ) {
              throw new Error(`${role} answered ${measured.non2xx} ${page} requests otherwise than 200`);
            }
            loads[role][page]!.push(measured);
            // The highest reading right after a load of the reference (idle, V8 gives memory back).
            if (role === 'reference') rssAfterLoadMiB = Math.max(rssAfterLoadMiB, rssMiB(server.pid));
          }
        }
      }
    };
    await rounds({ reference: server, express, nodeHttp });
    // The same pages with every answer computed: what a request costs when the cache cannot
    // help. One reference process at a time: an idle second one of a million games halved the
    // first's throughput (measured: GET /tags 15,600 req/s alone, 8,500-9,800 beside it).
    await server.stop();
    const uncached = await startReference(games, ['--no-response-cache']);
    servers.push(uncached);
    await uncached.msUntil(/"search index built"/);
    await rounds({ computed: uncached });
    const medians = (role: Role) =>
      Object.fromEntries(Object.entries(loads[role]).map(([page, measured]) => [page, medianLoad(measured)]));
    return {
      games,
      readyMs: server.readyMs,
      indexedMs,
      firstPageMs,
      rssAfterLoadMiB,
      bytes,
      reference: medians('reference'),
      computed: medians('computed'),
      express: medians('express'),
      nodeHttp: medians('nodeHttp'),
    };
  } finally {
    for (const running of servers) await running.stop();
  }
}

function ratio(figures: SizeFigures, page: string, of: 'reference' | 'computed' = 'reference'): number {
  return Math.round((figures[of][page]!.rps / figures.express[page]!.rps) * 100) / 100;
}

/** Express's CPU per request ÷ the reference's: the throughput ratio if both were CPU-bound. */
function cpuRatio(f: SizeFigures, page: string): string {
  const reference = f.reference[page]!.cpuUs;
  const express = f.express[page]!.cpuUs;
  return reference === undefined || express === undefined ? '-' : `${(express / reference).toFixed(2)}×`;
}

function printSize(f: SizeFigures): void {
  console.log(
    `\n${f.games.toLocaleString('en')} games — ready in ${f.readyMs} ms (first page answered in ${f.firstPageMs} ms), ` +
      `orders and q text built at ${f.indexedMs} ms, RSS after load ${f.rssAfterLoadMiB} MiB`,
  );
  const head = [
    'page',
    'bytes',
    'reference',
    'p50/p99',
    'computed',
    'p50/p99',
    'Express',
    'node:http',
    'ratio',
    'computed',
    'CPU µs/req',
    'Express',
    'CPU ratio',
  ];
  const widths = [22, 7, 10, 8, 9, 8, 8, 10, 6, 9, 11, 8, 10];
  const row = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ')}`;
  console.log(row(head));
  for (const page of Object.keys(f.reference)) {
    const r = f.reference[page]!;
    const c = f.computed[page]!;
    const target = TARGETS[page];
    const p99Target = P99_TARGETS[page];
    const verdict =
      (target === undefined ? '' : `  target ≥ ${target}: ${ratio(f, page) >= target ? 'met' : 'NOT met'}`) +
      (p99Target === undefined ? '' : `, p99 ≤ ${p99Target} ms: ${r.p99 <= p99Target ? 'met' : 'NOT met'}`);
    const errors = r.non2xx + c.non2xx > 0 ? `  (${r.non2xx + c.non2xx} non-2xx!)` : '';
    console.log(
      row([
        PAGE_NAMES[page]!,
        // The distinct queries' answers vary: their mean size.
        page === 'distinct' ? `~${f.bytes[page]}` : String(f.bytes[page]),
        String(r.rps),
        `${r.p50}/${r.p99}`,
        String(c.rps),
        `${c.p50}/${c.p99}`,
        String(f.express[page]!.rps),
        String(f.nodeHttp[page]!.rps),
        `${ratio(f, page).toFixed(2)}×`,
        `${ratio(f, page, 'computed').toFixed(2)}×`,
        String(r.cpuUs ?? '-'),
        String(f.express[page]!.cpuUs ?? '-'),
        cpuRatio(f, page),
      ]) +
        verdict +
        errors,
    );
  }
}

async function prismMock(): Promise<Load & { readyMs: number }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const prism = await spawnServer(
    PRISM,
    ['mock', 'spec/openapi.yaml', '--port', String(port), '--host', '127.0.0.1', '--errors', 'false'],
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    await load(prism.url, '/games', 1);
    return { ...(await load(prism.url, '/games')), readyMs: prism.readyMs };
  } finally {
    await prism.stop();
  }
}

const results: SizeFigures[] = [];
console.log(
  `Reference server vs precomputed baselines (autocannon, 10 connections, request logging on; each figure the median of ${ROUNDS} rounds of ${DURATION_SECONDS} s,\n` +
    'every server loaded in turn within a round).\n' +
    "reference = as run by default (a repeated GET within one clock second is answered from that second's bytes);\n" +
    'computed = --no-response-cache (every answer queried, represented and serialised); ratios are to bare Express.\n' +
    "CPU µs/req = the server process's CPU time (/proc) per request answered, reference and bare Express; CPU ratio = Express's ÷ the reference's\n" +
    '(what the throughput ratio would be if both servers, not the load generator, were the bottleneck).',
);
try {
  for (const games of SIZES) {
    const figures = await measureSize(games, work);
    results.push(figures);
    printSize(figures);
  }
  const prism = await prismMock();
  console.log(
    `\nPrism static mock (prism mock spec/openapi.yaml), GET /games: ${prism.rps} req/s, p50/p99 ${prism.p50}/${prism.p99} ms`,
  );

  console.log('\nScaling:');
  console.log(
    `  ${'games'.padStart(9)} ${'ready ms'.padStart(9)} ${'built ms'.padStart(8)} ${'RSS MiB'.padStart(8)}  filtered      q  unfiltered  distinct (p99 ms)  (ratios to bare Express; computed every time in brackets)`,
  );
  for (const f of results) {
    const ratios = ['filtered', 'q', 'unfiltered', 'distinct'].map((page) =>
      f.reference[page] === undefined
        ? '-'
        : `${ratio(f, page).toFixed(2)} (${ratio(f, page, 'computed').toFixed(2)})`,
    );
    const distinctP99 = f.reference.distinct === undefined ? '' : ` (${f.reference.distinct.p99})`;
    console.log(
      `  ${f.games.toLocaleString('en').padStart(9)} ${String(f.readyMs).padStart(9)} ${String(f.indexedMs).padStart(8)} ${String(f.rssAfterLoadMiB).padStart(8)}  ${ratios.join('  ')}${distinctP99}`,
    );
  }
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/bench-server.json',
    `${JSON.stringify({ durationSeconds: DURATION_SECONDS, rounds: ROUNDS, sizes: results, prism }, null, 2)}\n`,
  );
  console.log('\nWritten reports/bench-server.json');
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * `npm run bench:floor` — what the distinct row's ratio (issue #21: ≥ 0.5× of bare Express) leaves
 * a computed answer for its own work, on this machine. Under the distinct row's load (autocannon,
 * 10 connections, the bench's distinct GET /games paths, each asked in turn) it measures bare
 * Express serving one precomputed body of the row's mean size (the bench's baseline) beside the
 * same Express route that first spends N µs of CPU of its own and writes the body afresh
 * (bench/baseline-server.ts `express-busy`), for N in BENCH_FLOOR_US (default 0,10,20,30,40,60),
 * and prints each one's req/s, p99, server CPU a request and ratio to the baseline, then the
 * largest N that keeps ≥ 0.5× (interpolated). The reference server's CPU a request beyond bare
 * Express's, from `npm run bench`, is then compared with that budget. Each figure is the median
 * of BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS seconds (default 3), the servers taken in
 * turn within a round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CATEGORY_KEYS, type CategoryKey } from '../fixtures/src/model.ts';
import { cpuMicros } from './cpu-micros.ts';
import { distinctGameQueries } from './distinct-game-queries.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
const SECONDS = Number(process.env.BENCH_SECONDS ?? '3');
const BUSY_US = (process.env.BENCH_FLOOR_US ?? '0,10,20,30,40,60').split(',').map(Number);
/** The distinct row's mean answer at 100,000 games (README's performance section). */
const BODY_BYTES = 31_600;
const TARGET = 0.5;

/** The distinct row's paths, from a vocabulary like a generated directory's (no server needed). */
function paths(): string[] {
  let next = 100;
  const tagIds = Object.fromEntries(
    CATEGORY_KEYS.map((key) => [key, Array.from({ length: 12 }, () => (next += 1))]),
  ) as Record<CategoryKey, number[]>;
  const words = ['dragon', 'realm', 'iron', 'keep', 'shadow', 'forge', 'storm', 'quest', 'magic', 'blade'];
  return distinctGameQueries(21, 50_000, { tagIds, words });
}

interface Server {
  child: ChildProcess;
  url: string;
}

function start(mode: string, bodies: string, busyUs = 0): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/baseline-server.ts', mode, bodies, String(busyUs)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline exited (${code}) before listening`)));
    child.stdout!.on('data', (data: Buffer) => {
      const match = /baseline: (\S+)/.exec(String(data));
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

interface Figures {
  rps: number;
  p99: number;
  cpuUs: number;
}

const all = paths();
let taken = 0;

async function load(server: Server): Promise<Figures> {
  const before = cpuMicros(server.child.pid!);
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: all[taken++ % all.length]! }) }],
  });
  if (result.requests.total !== (result.statusCodeStats?.['200']?.count ?? 0))
    throw new Error(`${server.url}: answers other than 200`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (cpuMicros(server.child.pid!) - before) / result.requests.total,
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const work = mkdtempSync(join(tmpdir(), 'gamedir-floor-'));
const bodies = join(work, 'bodies.json');
writeFileSync(
  bodies,
  JSON.stringify({ bodies: {}, anyGamesQuery: `{"data":"${'x'.repeat(BODY_BYTES - 11)}"}` }),
);
const servers: Array<{ name: string; busyUs?: number; server: Server }> = [];
try {
  servers.push({ name: 'bare Express, precomputed body', server: await start('express', bodies) });
  for (const busyUs of BUSY_US)
    servers.push({
      name: `+ ${busyUs} µs of own work, fresh body`,
      busyUs,
      server: await start('express-busy', bodies, busyUs),
    });
  const rounds = servers.map(() => [] as Figures[]);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [i, { server }] of servers.entries()) rounds[i]!.push(await load(server));
  const figures = rounds.map((loads) => ({
    rps: median(loads.map((l) => l.rps)),
    p99: median(loads.map((l) => l.p99)),
    cpuUs: median(loads.map((l) => l.cpuUs)),
  }));
  const baseline = figures[0]!.rps;
  console.log(
    `The distinct row's load (autocannon, 10 connections, ${all.length.toLocaleString('en')} distinct paths), ` +
      `${BODY_BYTES.toLocaleString('en')}-byte answers; median of ${ROUNDS} rounds of ${SECONDS} s`,
  );
  console.log(
    `  ${'server'.padEnd(40)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'ratio'.padStart(6)}`,
  );
  for (const [i, { name }] of servers.entries()) {
    const f = figures[i]!;
    console.log(
      `  ${name.padEnd(40)} ${Math.round(f.rps).toString().padStart(8)} ${String(f.p99).padStart(7)} ${f.cpuUs.toFixed(1).padStart(11)} ${(f.rps / baseline).toFixed(2).padStart(6)}`,
    );
  }
  // The largest own work keeping the target: between the last measured N at or above it and the first below.
  const busy = servers
    .slice(1)
    .map(({ busyUs }, i) => ({ busyUs: busyUs!, ratio: figures[i + 1]!.rps / baseline }));
  const above = busy.filter((b) => b.ratio >= TARGET).at(-1);
  const below = busy.find((b) => b.ratio < TARGET && (above === undefined || b.busyUs > above.busyUs));
  if (above === undefined)
    console.log(`Below ${TARGET}× at every N measured: no budget for work of its own.`);
  else if (below === undefined)
    console.log(`At or above ${TARGET}× at every N measured (up to ${above.busyUs} µs).`);
  else {
    const budget =
      above.busyUs + ((above.ratio - TARGET) / (above.ratio - below.ratio)) * (below.busyUs - above.busyUs);
    console.log(
      `Own work a computed answer may spend and keep ${TARGET}× of bare Express: ~${Math.round(budget)} µs a request.`,
    );
  }
} finally {
  for (const { server } of servers) server.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

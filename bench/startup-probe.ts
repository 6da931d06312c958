/**
 * One start-up measurement in a fresh process: generate the directory, build the app
 * (indexes included) and listen; print JSON with the times and the memory after a GC.
 * Usage: tsx --expose-gc bench/startup-probe.ts <games>
 */
import { performance } from 'node:perf_hooks';
import { generateDataset } from '../fixtures/src/generate.ts';
import { loadKeys } from '../fixtures/src/keys.ts';
import { startServer } from '../reference-server/src/server.ts';

const games = Number(process.argv[2] ?? '500');
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
const t0 = performance.now();
const dataset = generateDataset({ seed: 1, games, anchor: Math.floor(Date.now() / 1000) });
const t1 = performance.now();
const server = await startServer({ dataset, keys: loadKeys(), clock: { now: () => Date.now() } });
const t2 = performance.now();
gc?.();
const after = process.memoryUsage();
await server.close();
process.stdout.write(
  `${JSON.stringify({
    games,
    generate_ms: Math.round(t1 - t0),
    app_and_listen_ms: Math.round(t2 - t1),
    total_ms: Math.round(t2 - t0),
    heap_used_mb: Math.round(((after.heapUsed - before.heapUsed) / 1048576) * 10) / 10,
    rss_mb: Math.round((after.rss / 1048576) * 10) / 10,
  })}\n`,
);

/**
 * The reference server as a library, for a client developer's test setup (for example a
 * vitest globalSetup): build the directory, start the server on a free port, move its clock.
 *
 *   import { startReferenceServer, ManualClock } from 'game-directory-api-toolkit/reference-server';
 *   const clock = new ManualClock(Date.parse('2026-11-22T12:00:00Z'));
 *   const server = await startReferenceServer({ clock, games: 200 });
 *   // … server.baseUrl, server.keys.demo; clock.toNextMinute(); … await server.close();
 */
import { generateDataset } from '../../fixtures/src/generate.ts';
import { loadKeys } from '../../fixtures/src/keys.ts';
import type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';
import { systemClock, type Clock } from './context.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

export interface ReferenceServerOptions extends Partial<Omit<ServerOptions, 'dataset' | 'keys'>> {
  /** Games in the generated directory (default 500). */
  games?: number;
  /** Seed of the generated directory (default 1): the same seed and clock give the same data. */
  seed?: number;
  /** The API keys (default: the bundled keys, fixtures/keys.json). */
  keys?: readonly ApiKeyRecord[];
  /** A directory of your own instead of a generated one. */
  dataset?: Dataset;
}

export interface ReferenceServer extends RunningServer {
  /** The keys by label (`demo`, `conformance`, `low-limit`, `day-limited`, `revoked` when bundled). */
  keys: Record<string, string>;
  dataset: Dataset;
}

/** Generates the directory (anchored at the clock's now), starts the server on 127.0.0.1 (a free port by default). */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { games = 500, seed = 1, keys = loadKeys(), dataset: given, ...serverOptions } = options;
  const clock: Clock = serverOptions.clock ?? systemClock;
  const dataset = given ?? generateDataset({ seed, games, anchor: Math.floor(clock.now() / 1000) });
  const server = await startServer({ port: 0, ...serverOptions, clock, dataset, keys });
  return {
    ...server,
    dataset,
    keys: Object.fromEntries(keys.map((record) => [record.label, record.key])),
  };
}

export { createApp } from './app.ts';
export { startServer, type RunningServer, type ServerOptions } from './server.ts';
export { systemClock, API_PREFIX, type AppOptions, type Clock } from './context.ts';
export { ManualClock } from './manual-clock.ts';
export { generateDataset, type GenerateOptions } from '../../fixtures/src/generate.ts';
export { loadKeys, parseKeys, BUNDLED_KEYS_PATH } from '../../fixtures/src/keys.ts';
export type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';

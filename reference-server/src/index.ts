/**
 * The reference server as a library, for a client developer's test setup (for example a
 * vitest globalSetup): build the directory, start the server on a free port, move its clock.
 *
 *   import { startReferenceServer, ManualClock } from 'game-directory-api-toolkit/reference-server';
 *   const clock = new ManualClock(Date.parse('2026-11-22T12:00:00Z'));
 *   const server = await startReferenceServer({ clock, games: 200 });
 *   // … server.baseUrl, server.keys.demo; clock.toNextMinute(); … await server.close();
 */
export { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './launch.ts';
export { createApp } from './app.ts';
export { startServer, type RunningServer, type ServerOptions } from './server.ts';
export { systemClock, API_PREFIX, type AppOptions, type Clock } from './context.ts';
export { ManualClock } from './manual-clock.ts';
export { AdjustableClock } from './admin/adjustable-clock.ts';
export { generateDataset, type GenerateOptions } from '../../fixtures/src/generate.ts';
export { loadKeys, parseKeys, BUNDLED_KEYS_PATH } from '../../fixtures/src/keys.ts';
export type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';

/**
 * Starting the reference server in a process: the directory generated from a seed and
 * anchored at the clock's now (or one given), the bundled keys (or others), the system
 * clock (or one given), listening on 127.0.0.1 at a free port unless told otherwise. The
 * one launcher behind the package's `startReferenceServer`, the server's CLI, the
 * conformance CLI's in-process mode and the test harnesses.
 */
import { generateDataset } from '../../fixtures/src/generate.ts';
import { loadKeys } from '../../fixtures/src/keys.ts';
import type { ApiKeyRecord, Dataset } from '../../fixtures/src/model.ts';
import { AdjustableClock } from './admin/adjustable-clock.ts';
import { checkAdminExposure, startAdminServer } from './admin/admin-app.ts';
import { AdminControls } from './admin/admin-controls.ts';
import { ControlledApp } from './admin/controlled-app.ts';
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
  /**
   * The control interface (admin/, spec/admin-openapi.yaml) on a port of its own: off unless
   * given; 127.0.0.1 and a free port by default. The clock must then be an AdjustableClock
   * (the system time, running, when none is given). With `token`, every control request needs
   * `Authorization: Bearer <token>`; a host other than loopback without one is refused.
   */
  admin?: { host?: string; port?: number; token?: string };
}

export interface ReferenceServer extends RunningServer {
  /** The keys by label (`demo`, `conformance`, `low-limit`, `day-limited`, `revoked` when bundled). */
  keys: Record<string, string>;
  /** The key records by label: the key with its limits and whether it is revoked. */
  keyRecords: Record<string, ApiKeyRecord>;
  dataset: Dataset;
  /** The control interface's origin (e.g. `http://127.0.0.1:8081`), when it was asked for. */
  adminUrl?: string;
}

/** Generates the directory (anchored at the clock's now), starts the server on 127.0.0.1 (a free port by default). */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { games = 500, seed = 1, keys = loadKeys(), dataset: given, admin, ...serverOptions } = options;
  if (admin) checkAdminExposure(admin.host ?? '127.0.0.1', admin.token);
  const clock: Clock = serverOptions.clock ?? (admin ? AdjustableClock.realTime() : systemClock);
  const dataset = given ?? generateDataset({ seed, games, anchor: Math.floor(clock.now() / 1000) });
  let controlled: ControlledApp | undefined;
  const server = await startServer({
    port: 0,
    ...serverOptions,
    clock,
    dataset,
    keys,
    ...(admin ? { serve: (appOptions) => (controlled = new ControlledApp(appOptions)) } : {}),
  });
  const logger = serverOptions.logger ? { logger: serverOptions.logger } : {};
  const control =
    controlled &&
    (await startAdminServer(new AdminControls(controlled, keys), { ...admin, ...logger }).catch(
      async (error: unknown) => {
        await server.close();
        throw error;
      },
    ));
  return {
    ...server,
    ...(control
      ? {
          adminUrl: control.url,
          close: () => Promise.all([server.close(), control.close()]).then(() => undefined),
        }
      : {}),
    dataset,
    keys: Object.fromEntries(keys.map((record) => [record.label, record.key])),
    keyRecords: Object.fromEntries(keys.map((record) => [record.label, record])),
  };
}

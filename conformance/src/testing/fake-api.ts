/**
 * A tiny Game Directory look-alike on a real socket (127.0.0.1, port 0) for the engine's
 * tests: an empty directory that discovery accepts, plus whatever routes a test adds.
 * Not the reference server: small, and easy to make misbehave.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express, type Request } from 'express';

export const FAKE_KEY = 'gd_live_0123456789abcdef0123456789abcdef';

export interface FakeApi {
  /** Origin, e.g. `http://127.0.0.1:1234`. */
  origin: string;
  /** `origin/api/v1`. */
  baseUrl: string;
  /** Every request seen: method, path with query, Authorization header. */
  seen: Array<{ method: string; url: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

function emptyCollection(req: Request) {
  return {
    data: [],
    meta: { page: 1, per_page: 20, total: 0 },
    links: { self: `${req.protocol}://${req.get('host')}${req.originalUrl}` },
  };
}

/** `setup` adds routes under the app before the empty directory's defaults. */
export async function startFakeApi(setup: (app: Express) => void = () => {}): Promise<FakeApi> {
  const app = express();
  const seen: FakeApi['seen'] = [];
  app.use((req, _res, next) => {
    seen.push({ method: req.method, url: req.originalUrl, authorization: req.get('authorization') });
    next();
  });
  setup(app);
  app.get('/api/v1/tags', (_req, res) => res.json({ data: [] }));
  app.get('/api/v1/games', (req, res) => res.json(emptyCollection(req)));
  app.get('/api/v1/reviews', (req, res) => res.json(emptyCollection(req)));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The control interface over HTTP (issue #23; spec/admin-openapi.yaml): JSON in and out, on a
 * port of its own, never the API's and never under /api/v1. Bodies are read as JSON whatever
 * their Content-Type (so `curl -d '{…}'` needs no header); an empty body is `{}`. Errors are
 * `{error: {code, message}}` with 400 or 404 (401 when a token is required and not given);
 * every operation is in admin-controls.ts.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { closeNow, listenOn } from '../server.ts';
import { AdminError, type AdminControls } from './admin-controls.ts';

const { createServer } = process.getBuiltinModule('node:http');

type Kind = 'fault' | 'variant';

/** The challenge of every 401 (RFC 6750 §3). */
export const ADMIN_AUTH_CHALLENGE = 'Bearer realm="reference-server admin"';

/**
 * Whether `authorization` is `Bearer <token>`, compared in constant time: both sides hashed
 * first (SHA-256), so the buffers timingSafeEqual compares are of equal length whatever was sent
 * and the time taken tells nothing of the token's length either.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(token)) && sent !== '';
}

/** 127.0.0.0/8, ::1 (bracketed or not, or IPv4-mapped 127.x) and `localhost`: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * Refuses a control interface reachable from other machines without a token: anyone who reaches
 * it could move the clock, spend keys' budgets and fail every request.
 */
export function checkAdminExposure(host: string, token: string | undefined): void {
  if (token === undefined && !isLoopbackHost(host)) {
    throw new Error(
      `The control interface would listen on ${host}, reachable from other machines, with no token: ` +
        'give --admin-token TOKEN (or REFERENCE_ADMIN_TOKEN) so that every control request needs ' +
        '`Authorization: Bearer TOKEN`, or bind it to 127.0.0.1 (--admin-host).',
    );
  }
}

export interface AdminAppOptions {
  logger?: Logger | undefined;
  /** When given, every request needs `Authorization: Bearer <token>` (else 401). */
  token?: string | undefined;
}

export function createAdminApp(controls: AdminControls, { logger, token }: AdminAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (token !== undefined) {
    // First, before the body is read: without the token nothing is parsed or answered but 401.
    // Logged without the header (the log never holds a token, right or wrong).
    app.use((req, res, next) => {
      if (bearerTokenMatches(req.headers.authorization, token)) {
        next();
        return;
      }
      const given = req.headers.authorization === undefined ? 'no' : 'a wrong';
      logger?.warn(
        { method: req.method, path: req.path, authorization: `${given} token` },
        'control interface: request refused',
      );
      res
        .status(401)
        .set('WWW-Authenticate', ADMIN_AUTH_CHALLENGE)
        .json({
          error: {
            code: 'unauthorized',
            message: `This control interface needs \`Authorization: Bearer <token>\` with the token it was started with (--admin-token or REFERENCE_ADMIN_TOKEN); ${given} token was given.`,
          },
        });
    });
  }
  app.use(express.json({ type: () => true, limit: '64kb', strict: false }));

  /** Answers the operation's result as JSON (status 200 unless said); Express 5 forwards rejections. */
  const answer =
    (operation: (req: Request) => unknown, status = 200): RequestHandler =>
    async (req, res) => {
      const result = await operation(req);
      if (result === undefined) res.status(204).end();
      else res.status(status).json(result);
    };
  const param = (req: Request, name: string): string => String(req.params[name]);

  app.get(
    '/state',
    answer(() => controls.state()),
  );

  app.post(
    '/reset',
    answer((req) => controls.reset(req.body)),
  );

  app.get(
    '/clock',
    answer(() => controls.clock()),
  );
  app.put(
    '/clock',
    answer((req) => controls.setClock(req.body)),
  );
  app.post(
    '/clock/advance',
    answer((req) => controls.advanceClock(req.body)),
  );

  app.get(
    '/rate-limits',
    answer(async () => ({ keys: await controls.rateLimits() })),
  );
  app.get(
    '/rate-limits/:key',
    answer((req) => controls.rateLimit(param(req, 'key'))),
  );
  app.post(
    '/rate-limits/:key/reset',
    answer((req) => controls.resetRateLimit(param(req, 'key'), req.body)),
  );
  app.post(
    '/rate-limits/:key/spend',
    answer((req) => controls.spendRateLimit(param(req, 'key'), req.body)),
  );

  for (const kind of ['fault', 'variant'] as const satisfies readonly Kind[]) {
    const plural = `${kind}s`;
    app.get(
      `/${plural}`,
      answer(() => (kind === 'fault' ? controls.faults() : controls.variants())),
    );
    app.put(
      `/${plural}`,
      answer((req) => controls.setSwitched(kind, req.body)),
    );
    app.post(
      `/${plural}/:name`,
      answer((req) => controls.switchOne(kind, param(req, 'name'), true)),
    );
    app.delete(
      `/${plural}/:name`,
      answer((req) => controls.switchOne(kind, param(req, 'name'), false)),
    );
    app.get(
      `/catalogue/${plural}`,
      answer(() => ({
        [plural]: kind === 'fault' ? controls.faultCatalogue() : controls.variantCatalogue(),
      })),
    );
  }

  app.get(
    '/chaos',
    answer(() => controls.chaosRules()),
  );
  app.post(
    '/chaos',
    answer((req) => controls.addChaosRule(req.body), 201),
  );
  app.delete(
    '/chaos',
    answer(() => controls.clearChaos()),
  );
  app.delete(
    '/chaos/:id',
    answer((req) => controls.removeChaosRule(param(req, 'id'))),
  );

  app.use((req, res) => {
    res.status(404).json({
      error: {
        code: 'not_found',
        message: `No control at ${req.method} ${req.path} (spec/admin-openapi.yaml lists them).`,
      },
    });
  });
  const handleErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    if (error instanceof AdminError) {
      res.status(error.status).json({ error: { code: error.code, message: error.message } });
      return;
    }
    const parseFailed = (error as { type?: string }).type;
    if (parseFailed === 'entity.parse.failed' || parseFailed === 'entity.too.large') {
      res
        .status(400)
        .json({ error: { code: 'invalid_json', message: 'The body is not JSON (or is over 64 kB).' } });
      return;
    }
    logger?.error({ err: error }, 'control interface: operation failed');
    res.status(500).json({
      error: { code: 'internal_error', message: error instanceof Error ? error.message : String(error) },
    });
  };
  app.use(handleErrors);
  return app;
}

export interface RunningAdmin {
  /** Origin, e.g. `http://127.0.0.1:8081`. */
  url: string;
  close(): Promise<void>;
}

/** The control interface listening on `host` (127.0.0.1 by default) at `port` (0 = any free one). */
export async function startAdminServer(
  controls: AdminControls,
  {
    host = '127.0.0.1',
    port = 0,
    logger,
    token,
  }: { host?: string; port?: number; logger?: Logger; token?: string | undefined },
): Promise<RunningAdmin> {
  checkAdminExposure(host, token);
  const server = createServer(createAdminApp(controls, { logger, token }));
  const url = await listenOn(server, port, host);
  return { url, close: () => closeNow(server) };
}

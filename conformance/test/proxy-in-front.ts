/**
 * A reverse proxy in front of the reference server, for the tests that need a server the
 * reference is not: one that logs what an access log would, answers some requests itself
 * (refuses one, hangs, resets), reads a request otherwise (a faulty parser), or rewrites an
 * answer (a rule broken, or another legitimate choice made, without a fault of its own).
 * Its `front(target)` is what `runSuiteAgainstReference({ frontedBy })` takes.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Sent in place of `text`'s UTF-8 when present: an answer in another encoding. */
  bytes?: Buffer;
}

/**
 * Rewrites one answer (`url` is the request's path and query, `headers` the request's), or leaves
 * it (undefined).
 */
export type Rewrite = (url: URL, answer: Answer, headers: IncomingHttpHeaders) => Answer | undefined;

export interface ProxyHooks {
  /** Sees every request first; returning true means it answered (or dropped) the request itself. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The path (with its query) and the Authorization values forwarded in place of the request's. */
  rewriteRequest?: {
    path?: (pathAndQuery: string) => string;
    authorization?: (values: string[]) => string[];
  };
  /** Rewrites the buffered answer; without it answers stream through untouched. */
  rewriteAnswer?: Rewrite;
}

export interface Front {
  baseUrl: string;
  close(): Promise<void>;
}

/** The proxy's starter: given the server's base URL, it listens on 127.0.0.1 and answers its own. */
export function proxyInFront(hooks: ProxyHooks = {}): (target: string) => Promise<Front> {
  return async (target) => {
    const upstream = new URL(target);
    const server = createServer((req, res) => {
      if (hooks.intercept?.(req, res) === true) return;
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, ...forwarded(req, hooks) },
        (answer) => {
          const rewrite = hooks.rewriteAnswer;
          if (rewrite === undefined) {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const original: Answer = {
              status: answer.statusCode ?? 502,
              headers: answer.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            };
            const url = new URL(req.url ?? '/', 'http://proxy');
            const { status, headers, text, bytes } = rewrite(url, original, req.headers) ?? original;
            const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = headers;
            const body = bytes ?? Buffer.from(text, 'utf8');
            res.writeHead(status, { ...rest, 'content-length': body.length });
            res.end(body);
          });
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  };
}

/**
 * The path and headers sent upstream: as received, or as `rewriteRequest` reads them — with
 * X-Forwarded-Host/-Proto naming the proxy, as a reverse proxy does, so a server that trusts them
 * (the reference server with trustProxy, D40) builds its links to the proxy, not to itself.
 */
function forwarded(req: IncomingMessage, hooks: ProxyHooks): { path: string; headers: IncomingHttpHeaders } {
  const { path, headers } = received(req, hooks);
  return {
    path,
    headers: { ...headers, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-proto': 'http' },
  };
}

function received(req: IncomingMessage, hooks: ProxyHooks): { path: string; headers: IncomingHttpHeaders } {
  const rewrite = hooks.rewriteRequest;
  const path = req.url ?? '/';
  if (rewrite === undefined) return { path, headers: req.headers };
  const headers: Record<string, string | string[]> = {};
  const authorization: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!;
    if (name === 'authorization') authorization.push(value);
    else headers[name] = value;
  }
  const values = rewrite.authorization ? rewrite.authorization(authorization) : authorization;
  if (values.length > 0) headers.authorization = values.length === 1 ? values[0]! : values;
  return { path: rewrite.path ? rewrite.path(path) : path, headers };
}

/**
 * Methods Node's HTTP parser does not know (`curl -X FOO`): §4 says any method other than GET
 * gets 405 `method_not_allowed` with `Allow: GET`, but Node rejects an unknown method token
 * before the app sees the request and answers a bare `400` with no body. Here such a request
 * is read from the bytes the parser rejected (its request line and headers) and handed to the
 * app like any other, so it is authenticated, counted against its key and answered as every
 * non-GET method is (401 without a valid key, D28; 405 with the rate-limit headers after). The
 * connection is closed after the answer: the parser that would read the next request is gone.
 * Anything else the parser rejects (a malformed request line or header, a head too large, a
 * head not received whole) keeps Node's bare answer.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const http = process.getBuiltinModule('node:http');

/** RFC 9110 token characters: what a method may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const REQUEST_LINE = /^(\S+) (\S+) HTTP\/1\.([01])$/;
/** Headers of which Node keeps the first and drops repeats (as its parser does for these). */
const FIRST_ONLY = new Set([
  'authorization',
  'host',
  'content-type',
  'content-length',
  'user-agent',
  'referer',
  'if-modified-since',
  'if-unmodified-since',
  'from',
  'location',
  'max-forwards',
  'proxy-authorization',
  'retry-after',
  'server',
  'age',
  'expires',
  'etag',
  'last-modified',
]);

/** The status Node answers a parser or timeout error with, by its code (400 for any other). */
const NODE_STATUS_LINES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

interface RequestHead {
  method: string;
  url: string;
  minor: number;
  rawHeaders: string[];
  headers: Record<string, string>;
}

/** The request line and headers of a request head received whole, or undefined. */
export function parseRequestHead(bytes: Buffer): RequestHead | undefined {
  const text = bytes.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line, ...fields] = text.slice(0, end).split('\r\n');
  const match = REQUEST_LINE.exec(line!);
  if (!match || !TOKEN.test(match[1]!)) return undefined;
  const [, method, url, minor] = match;
  if (!url!.startsWith('/') && url !== '*') return undefined;
  const rawHeaders: string[] = [];
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) return undefined;
    const name = field.slice(0, colon);
    if (!TOKEN.test(name)) return undefined;
    const value = field.slice(colon + 1).trim();
    rawHeaders.push(name, value);
    const key = name.toLowerCase();
    const before = headers[key];
    if (before === undefined) headers[key] = value;
    else if (!FIRST_ONLY.has(key)) headers[key] = `${before}, ${value}`;
  }
  return { method: method!, url: url!, minor: Number(minor), rawHeaders, headers };
}

/** Hands requests with a method Node's parser rejects to `listener` (see above). */
export function answerUnknownMethods(server: Server, listener: RequestListener): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    // A socket still writing an earlier response (pipelined requests) keeps Node's answer: a
    // response cannot be assigned to it until that one is done.
    const inFlight = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } | null })._httpMessage;
    const busy = inFlight != null;
    const head =
      error.code === 'HPE_INVALID_METHOD' && error.rawPacket !== undefined && socket.writable && !busy
        ? parseRequestHead(error.rawPacket)
        : undefined;
    if (head === undefined) {
      // Node's own answer when a server has no clientError listener (node:_http_server's
      // socketOnError): 431 for a head too large, 413 for chunk extensions too large, 408 for a
      // request that timed out, else 400 — unless a response in flight has begun.
      if (socket.writable && inFlight?._headerSent !== true) {
        socket.end(
          `HTTP/1.1 ${NODE_STATUS_LINES[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`,
        );
      } else socket.destroy();
      return;
    }
    const req: IncomingMessage = new http.IncomingMessage(socket);
    req.method = head.method;
    req.url = head.url;
    req.httpVersionMajor = 1;
    req.httpVersionMinor = head.minor;
    req.httpVersion = `1.${head.minor}`;
    req.rawHeaders = head.rawHeaders;
    req.headers = head.headers;
    req.complete = true;
    req.push(null);
    const res: ServerResponse = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => {
      res.detachSocket(socket);
      socket.destroySoon();
    });
    listener(req, res);
  });
}

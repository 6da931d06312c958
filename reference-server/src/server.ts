/** Listening: the app of app.ts on a real socket (127.0.0.1 by default; port 0 picks a free port). */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from './app.ts';
import type { AppContext } from './context.ts';
import { keepSummaries } from './domain/game-summary-json.ts';
import { writesKeptSummaries } from './operations.ts';
import { answerUnknownMethods } from './unknown-method.ts';
import { blindFault } from './blind-faults/set-1.ts';
import { apiPrefixOf } from './blind-variants/set-4-behaviour.ts';
import { NGINX_KEEPALIVE_MS } from './blind-variants/set-5-behaviour.ts';

// Not `import { createServer } from 'node:http'`: an ES module import of node:http builds its
// module facade, which reads every export, and the WebSocket ones load Node's bundled undici
// (measured: 35-45 ms of start-up, against 4 ms for the module itself).
const { createServer } = process.getBuiltinModule('node:http');

/**
 * Largest request head (request line + headers) Node accepts. Node's default is 16 KiB;
 * 64 KiB lets a 20 kB query string reach the app and get the API's envelope. A request
 * head beyond it is refused by Node itself with a bare 431 (no JSON body) before the
 * app sees it.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** What answers the requests, and when the work it leaves for after listening is done. */
export interface ServedApp {
  listener: RequestListener;
  warm: Promise<void>;
  /**
   * Once warm, keeps the game summaries' JSON for the API base the server is reached at
   * (game-summary-json.ts keepSummaries); resolves with how many it kept.
   */
  keepSummaries?: (apiBase: string) => Promise<number>;
}

export interface ServerOptions extends AppOptions {
  host?: string;
  port?: number;
  maxHeaderSize?: number;
  /**
   * Builds what answers the requests: `createApp` by default; the control interface's
   * rebuildable app (admin/controlled-app.ts) when the server is driven from outside.
   */
  serve?: (appOptions: AppOptions) => ServedApp;
}

function servedByCreateApp(appOptions: AppOptions): ServedApp {
  const app = createApp(appOptions);
  const context = app.locals.context as AppContext;
  return {
    listener: app,
    warm: app.locals.warm as Promise<void>,
    // A server with faults or variants writes its pages otherwise: nothing to keep.
    ...(writesKeptSummaries(context)
      ? { keepSummaries: (apiBase: string) => keepSummaries(context.games, apiBase) }
      : {}),
  };
}

export interface RunningServer {
  /** Origin, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** `url` + the API's mount path: `/api/v1` (`/mudverse/api/v1` with blind variant `bv4-base-under-longer-prefix`). */
  baseUrl: string;
  server: Server;
  /**
   * Resolves once the work start-up leaves for after listening (the games' orders and q text,
   * the review listing, then the game summaries' JSON for the base the server is reached at)
   * is done, with how many games' summaries it kept: 0 when the base is not known before a
   * request (behind a trusted proxy, on every address) or pages are written otherwise (faults,
   * variants, a server driven through the control interface).
   */
  warm: Promise<number>;
  close(): Promise<void>;
}

export async function startServer({
  host = '127.0.0.1',
  port = 0,
  maxHeaderSize = MAX_HEADER_BYTES,
  serve = servedByCreateApp,
  ...appOptions
}: ServerOptions): Promise<RunningServer> {
  const served = serve(appOptions);
  const server = createServer({ maxHeaderSize }, served.listener);
  // Blind variant `bv2-keep-alive-short-idle`: an idle kept-alive connection is closed after one second.
  if (appOptions.variants?.has('bv2-keep-alive-short-idle')) server.keepAliveTimeout = 1_000;
  // Blind variant `bv5-behind-nginx`: idle connections kept as long as nginx's keepalive_timeout.
  if (appOptions.variants?.has('bv5-behind-nginx')) server.keepAliveTimeout = NGINX_KEEPALIVE_MS;
  // Blind fault `blind20-unknown-method-token-bare-400`: started without the hook, so Node answers unknown method tokens itself.
  if (!blindFault(appOptions.faults ?? new Set<string>(), 'blind20-unknown-method-token-bare-400'))
    answerUnknownMethods(server, served.listener);
  const url = await listenOn(server, port, host);
  // The base requests will have (operations.ts apiBaseOf): the public URL's, or the address
  // reached; behind a proxy whose Host is trusted, or on every address, not known before the
  // first request.
  // Blind variant `bv4-base-under-longer-prefix`: the API mounted under a longer prefix.
  const prefix = apiPrefixOf(appOptions.variants);
  const apiBase = appOptions.publicUrl
    ? `${new URL(appOptions.publicUrl).origin}${prefix}`
    : appOptions.trustProxy || host === '0.0.0.0' || host === '::'
      ? undefined
      : `${url}${prefix}`;
  const { keepSummaries: keep } = served;
  return {
    url,
    baseUrl: `${url}${prefix}`,
    server,
    warm: served.warm.then(() => (keep && apiBase !== undefined ? keep(apiBase) : 0)),
    close: () => closeNow(server),
  };
}

/** Listens on `host`:`port` (0 = any free port); resolves with the origin, e.g. `http://127.0.0.1:8080`. */
export async function listenOn(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${hostPart}:${address.port}`;
}

/** Stops listening and drops every open connection (keep-alive ones too). */
export function closeNow(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

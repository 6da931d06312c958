/**
 * The reference server as an Express application, separate from `listen` (server.ts)
 * so that tests run it in-process with an injected clock. The middleware order is
 * the API's order (§5, §7; DECISIONS D27–D30), top to bottom:
 *
 *   context on res.locals (read by respond.ts) → request log → request id →
 *   Date from the clock → legacy /json.php (no key, D30) →
 *   under /api/v1: authentication → rate-limit accounting → method check →
 *                  routes (parameter validation → handler) → JSON 404 →
 *   JSON 404 outside the API → error handler.
 *
 * The deliberate faults of faults.ts (off unless asked for) only add, drop or reorder
 * a step here; with none on, the chain is exactly the one above. The legitimate
 * variants of variants.ts (also off unless asked for) change no step's place.
 */
import { gzipSync } from 'node:zlib';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { Dataset } from '../../fixtures/src/model.ts';
import { blindFault } from './blind-faults/set-1.ts';
import { encodedSlashesDecoded, looksLikeAttack, traceEcho } from './blind-faults/set-29-hostile.ts';
import { requestIdFromModuleVariable } from './blind-faults/set-31-leaks.ts';
import { createContext, serveDataset, type AppContext, type AppOptions } from './context.ts';
import type { FaultSet } from './faults.ts';
import { accountRateLimit } from './middleware/rate-limit.ts';
import { allowOnlyGet } from './middleware/method-check.ts';
import { assignRequestId, dateFromClock } from './middleware/request-id.ts';
import { authenticate, readCredentials } from './middleware/authenticate.ts';
import { handleErrors } from './middleware/error-handler.ts';
import { logRequests } from './middleware/request-log.ts';
import { MovingData } from './moving-data.ts';
import {
  chunkedBodies,
  connectionHandling,
  delayedAnswers,
  liveDirectory,
  SkewedInstances,
  twoRequestIdGenerators,
} from './blind-variants/set-2-behaviour.ts';
import { parseQueryString } from './query-parser.ts';
import type { RateLimitDecision } from './rate-limiter.ts';
import { parsePositiveInteger } from './domain/strict-integer.ts';
import { parseGameQuery } from './domain/game-query.ts';
import { gameQueryRules } from './deviations/games.ts';
import { isErrorCode } from './errors.ts';
import { onAnswer, sendError, sendJsonBytes } from './respond.ts';
import { apiBaseOf, legacyJson } from './operations.ts';
import { answerRewriter, prefixedRequestIds } from './blind-variants/set-1-behaviour.ts';
import { notStored, strictlyUnrouted, unknownPathNotFound } from './blind-variants/set-3-behaviour.ts';
import {
  apiPrefixOf,
  DEPLOYMENT_ROOT,
  ietfRateLimitHeaders,
  leadingZerosDropped,
  newlineEnded,
  securityHeaders,
} from './blind-variants/set-4-behaviour.ts';
import {
  answerHeaders,
  goCanonicalHeaders,
  jsonRespelled,
  kestrelTraceIdentifiers,
  queryNamesMatchedIgnoringCase,
  springVary,
} from './blind-variants/set-5-behaviour.ts';
import { matchRoute, routeOperations } from './routes.ts';

export type { AppOptions, Clock } from './context.ts';

/** §1.6, §9.3, D30: the retired endpoint at the origin root answers 410 to anyone, whatever the method. */
function retiredLegacyEndpoint(context: AppContext): RequestHandler {
  return (req, res, next) => {
    // Variant `legacy-json-under-base-only`: paths are relative to {base_url}, so only /api/v1/json.php is gone.
    // Blind fault `blind7-json-php-with-query-not-gone` (routes.ts): matched on the URL as sent, query included.
    const withQuery =
      blindFault(context.faults, 'blind7-json-php-with-query-not-gone') && req.originalUrl.includes('?');
    // A trailing slash names the same resource, as under the base (where routing ignores it).
    // Blind variant `bv4-base-under-longer-prefix`: the deployment's root has the retired endpoint too.
    const root = context.variants.has('bv4-base-under-longer-prefix') ? DEPLOYMENT_ROOT : '';
    const legacy =
      req.path === '/json.php' ||
      req.path === '/json.php/' ||
      (root !== '' && (req.path === `${root}/json.php` || req.path === `${root}/json.php/`));
    if (!legacy || withQuery || context.variants.has('legacy-json-under-base-only')) {
      next();
      return;
    }
    legacyJson(req, res, {}, context);
  };
}

/** First for every request: the context goes on `res.locals`, where the response writer (respond.ts) reads it. */
function attachContext(context: AppContext): RequestHandler {
  return (_req, res, next) => {
    res.locals.context = context;
    next();
  };
}

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** §4: an unknown path answers 404 `route_not_found` (as JSON, never Express's HTML page). */
function routeNotFound(faults: FaultSet): RequestHandler {
  return (_req, res, next) => {
    if (faults.has('errors-as-html')) {
      next(); // on to Express's default 404 page
      return;
    }
    // §7: the rate-limit headers appear on 404 too.
    if (faults.has('rate-limit-headers-missing-on-404')) {
      for (const header of RATE_LIMIT_HEADERS) res.removeHeader(header);
    }
    sendError(res, 'route_not_found');
  };
}

/** Fault `route-404-before-auth`: unknown paths answered before authentication (D29 wants the 401). */
function unknownRouteBeforeAuth(): RequestHandler {
  return (req, res, next) => {
    if (matchRoute(req.path)) next();
    else sendError(res, 'route_not_found');
  };
}

/** Fault `cors-enabled`: §1.3 and §5.5 say cross-origin browser access is not enabled. */
function allowAnyOrigin(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  };
}

/** Blind fault `blind6-cors-origin-reflected`: the request's Origin allowed back, whatever it is. */
function reflectOrigin(): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    next();
  };
}

/**
 * Blind fault `blind8-trailing-slash-skips-auth`: a path with a trailing slash is normalised and
 * dispatched to its endpoint here, ahead of authentication and the rate-limit accounting.
 */
function trailingSlashDispatched(context: AppContext): RequestHandler {
  const dispatch = routeOperations(context);
  return (req, res, next) => {
    if (req.method !== 'GET' || req.path.length < 2 || !req.path.endsWith('/') || !matchRoute(req.path)) {
      next();
      return;
    }
    dispatch(req, res, next);
  };
}

/**
 * Blind fault `blind9-revoked-key-rate-limit-headers`: the key looked up and counted ahead of the
 * revoked check, so a revoked key's refusal carries its rate-limit headers.
 */
function revokedKeyCounted(context: AppContext): RequestHandler {
  return (req, res, next) => {
    const credentials = readCredentials(req.rawHeaders);
    const record = credentials.kind === 'token' ? context.keys.get(credentials.token) : undefined;
    if (!record?.revoked) {
      next();
      return;
    }
    const limits = { perMinute: record.per_minute, perDay: record.per_day };
    const counted = (decision: RateLimitDecision) => {
      res.setHeader('X-RateLimit-Limit', String(decision.limit));
      res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
      res.setHeader('X-RateLimit-Reset', String(decision.reset));
      next();
    };
    const pending = context.limiter.consume(record.key, limits, context.clock.now());
    if (pending instanceof Promise) pending.then(counted, () => next());
    else counted(pending);
  };
}

/** Blind fault `blind13-cached-answer-served-without-key`: per server, the clock second and the 200 bodies of its GETs by URL. */
const bodiesAheadOfAuth = new WeakMap<
  AppContext,
  { second: number; bodies: Map<string, { type: string; body: Buffer }> }
>();

/**
 * Blind fault `blind13-cached-answer-served-without-key`: a response cache mounted ahead of
 * authentication; a GET of a URL answered 200 within the clock second is answered with that body,
 * whatever credentials the request has (none included).
 */
function cacheAheadOfAuth(context: AppContext): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET') {
      next();
      return;
    }
    const second = Math.floor(context.clock.now() / 1000);
    let kept = bodiesAheadOfAuth.get(context);
    if (kept?.second !== second) bodiesAheadOfAuth.set(context, (kept = { second, bodies: new Map() }));
    const key = req.originalUrl;
    const hit = kept.bodies.get(key);
    if (hit !== undefined) {
      res.statusCode = 200;
      res.setHeader('Content-Type', hit.type);
      res.end(hit.body);
      return;
    }
    const { bodies } = kept;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    (res as unknown as { end: (...args: unknown[]) => typeof res }).end = (...args) => {
      const [chunk] = args;
      if (res.statusCode === 200 && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        const type = res.getHeader('Content-Type');
        bodies.set(key, {
          type: typeof type === 'string' ? type : 'application/json; charset=utf-8',
          body: Buffer.from(chunk),
        });
      }
      return end(...args);
    };
    next();
  };
}

/**
 * Blind fault `blind14-unknown-game-404-before-auth`: the game of a `/games/{gameId}…` path loaded by a
 * path-parameter hook that runs ahead of authentication; an id naming no game is answered 404 there.
 */
function gameLoadedBeforeAuth(context: AppContext): RequestHandler {
  return (req, res, next) => {
    const gameId = matchRoute(req.path)?.params.gameId;
    const id = gameId === undefined ? undefined : parsePositiveInteger(gameId);
    if (gameId !== undefined && (id === undefined || context.games.game(id) === undefined)) {
      sendError(res, 'game_not_found');
      return;
    }
    next();
  };
}

/** Blind fault `blind18-subresource-404-before-accounting`: the routes whose game a parameter hook loads. */
const SUB_RESOURCE_OPERATIONS: ReadonlySet<string> = new Set([
  'getGameMssp',
  'getGamePlayers',
  'getGameStatistics',
  'getGameActivityPattern',
]);

/**
 * Blind fault `blind18-subresource-404-before-accounting`: the game of a sub-resource GET route loaded
 * by a route parameter hook that runs after authentication but ahead of the rate-limit accounting; an
 * id naming no game is answered 404 there, uncounted and without the rate-limit headers.
 */
function subResourceGameLoaded(context: AppContext): RequestHandler {
  return (req, res, next) => {
    const match = req.method === 'GET' ? matchRoute(req.path) : undefined;
    if (match === undefined || !SUB_RESOURCE_OPERATIONS.has(match.route.operationId)) {
      next();
      return;
    }
    const { gameId } = match.params;
    const id = gameId === undefined ? undefined : parsePositiveInteger(gameId);
    if (id === undefined || context.games.game(id) === undefined) {
      sendError(res, 'game_not_found');
      return;
    }
    next();
  };
}

/**
 * Blind fault `blind14-accept-not-json-406`: the handlers answer through content negotiation with a
 * JSON branch only (Express's res.format), so an Accept header without JSON gets 406 Not Acceptable.
 */
function jsonOnlyNegotiation(): RequestHandler {
  return (req, res, next) => {
    if (req.headers.accept === undefined || !matchRoute(req.path) || req.accepts('application/json')) {
      next();
      return;
    }
    res.status(406).type('text/plain').send('Not Acceptable');
  };
}

/** An answer a blind fault of set 20 keeps under its URL until a clock time. */
interface KeptAnswer {
  until: number;
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** Answers `req` with the answer kept under its URL when there is one fresh at `nowMs`: whether it did. */
function replayedKept(kept: Map<string, KeptAnswer>, req: Request, res: Response, nowMs: number): boolean {
  const hit = kept.get(req.originalUrl);
  if (hit === undefined || hit.until <= nowMs) return false;
  res.statusCode = hit.status;
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  res.setHeader('Content-Length', hit.body.length);
  res.end(hit.body);
  return true;
}

/** The headers of `res` by name, as they stand. */
function headersOf(res: Response, names: readonly string[]): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const name of names) {
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return headers;
}

/**
 * Blind fault `blind20-429-cached-for-url`: an edge cache in front of the API keeps a 429 under the
 * URL for its Retry-After seconds, and answers every request for that URL with it meanwhile.
 */
function refusalsKeptAtEdge(context: AppContext): RequestHandler {
  const kept = new Map<string, KeptAnswer>();
  return (req, res, next) => {
    if (req.method !== 'GET') {
      next();
      return;
    }
    const nowMs = context.clock.now();
    if (replayedKept(kept, req, res, nowMs)) return;
    onAnswer(res, (body) => {
      const retryAfter = Number(res.getHeader('Retry-After'));
      if (res.statusCode === 429 && retryAfter > 0) {
        kept.set(req.originalUrl, {
          until: nowMs + retryAfter * 1000,
          status: 429,
          headers: headersOf(res, [
            'Content-Type',
            'Retry-After',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'X-Request-ID',
          ]),
          body,
        });
      }
      return undefined;
    });
    next();
  };
}

/**
 * Blind fault `blind20-gzip-variant-cached-without-vary`: a compression middleware gzips for gzip
 * clients, and the cache inside it keeps the gzip bytes for 60 s under the URL alone, no Vary.
 */
function gzipVariantCached(context: AppContext): RequestHandler {
  const kept = new Map<string, KeptAnswer>();
  return (req, res, next) => {
    const nowMs = context.clock.now();
    if (replayedKept(kept, req, res, nowMs)) return;
    if (!/\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''))) {
      next();
      return;
    }
    onAnswer(res, (body) => {
      if (res.statusCode !== 200) return undefined;
      const compressed = gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', compressed.length);
      kept.set(req.originalUrl, {
        until: nowMs + 60_000,
        status: 200,
        headers: headersOf(res, ['Content-Type', 'Content-Encoding']),
        body: compressed,
      });
      return compressed;
    });
    next();
  };
}

/**
 * Blind fault `blind20-other-methods-served-from-cache`: the response cache looked up by the URL
 * alone, ahead of the method check, so another method gets a cached GET's 200.
 */
function cacheLookupBeforeMethodCheck(context: AppContext): RequestHandler {
  return (req, res, next) => {
    const { responses } = context;
    if (req.method === 'GET' || responses === undefined) {
      next();
      return;
    }
    const second = Math.floor(context.clock.now() / 1000);
    const body = responses.get(second, `${apiBaseOf(req)} ${req.originalUrl}`);
    if (body === undefined) {
      next();
      return;
    }
    sendJsonBytes(res, body);
  };
}

/**
 * Blind fault `blind20-validation-before-authentication`: the request validator of GET /games mounted
 * ahead of authentication refuses invalid filters with 422 before the key is checked.
 */
function gamesValidatedBeforeAuth(context: AppContext): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || matchRoute(req.path)?.route.operationId !== 'listGames') {
      next();
      return;
    }
    const on = { faults: context.faults, variants: context.variants, index: context.games };
    const parsed = parseGameQuery(
      req.query as Record<string, string | string[] | undefined>,
      gameQueryRules(on),
    );
    if (!('error' in parsed) || !isErrorCode(parsed.error.code)) {
      next();
      return;
    }
    sendError(res, parsed.error.code, parsed.error.message, parsed.error.details);
  };
}

/**
 * Blind fault `blind20-non-json-content-type-415`: a body-type guard written for the write methods,
 * mounted for every request: a Content-Type other than JSON is refused 415.
 */
function jsonContentTypeOnly(): RequestHandler {
  return (req, res, next) => {
    const type = req.headers['content-type'];
    if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) {
      next();
      return;
    }
    res.status(415).json({
      error: {
        code: 'unsupported_media_type',
        message: 'Request bodies must be sent as application/json.',
      },
      request_id: res.locals.requestId,
    });
  };
}

/** Blind fault `blind20-double-slashes-merged`: the front proxy's `merge_slashes`, runs of slashes in the path made one. */
function mergeSlashes(): RequestHandler {
  return (req, _res, next) => {
    const at = req.url.indexOf('?');
    const path = at < 0 ? req.url : req.url.slice(0, at);
    if (path.includes('//')) req.url = `${path.replace(/\/{2,}/g, '/')}${at < 0 ? '' : req.url.slice(at)}`;
    next();
  };
}

/** Blind fault `blind29-trace-echoed`: TRACE answered 200 with the request echoed as `message/http`. */
function tracedBack(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'TRACE') {
      next();
      return;
    }
    res
      .status(200)
      .type('message/http')
      .send(traceEcho(req.method, req.originalUrl, req.httpVersion, req.rawHeaders));
  };
}

/** Blind fault `blind29-encoded-slash-decoded`: each `%2F` of the path decoded before routing. */
function slashesDecoded(): RequestHandler {
  return (req, _res, next) => {
    req.url = encodedSlashesDecoded(req.url);
    next();
  };
}

/** Blind fault `blind29-scanner-filter-before-accounting`: a request that looks like an attack answered 404 before authentication. */
function scannerFilter(): RequestHandler {
  return (req, res, next) => {
    if (looksLikeAttack(req.originalUrl)) sendError(res, 'route_not_found');
    else next();
  };
}

/**
 * Data that moves while it is read: each request asks `step` for the data at the clock's time and,
 * when it moved (a dataset, not undefined), the app serves it from this request on.
 */
function followData(context: AppContext, step: (nowMs: number) => Dataset | undefined): RequestHandler {
  return (_req, _res, next) => {
    const moved = step(context.clock.now());
    if (moved !== undefined) serveDataset(context, moved);
    next();
  };
}

export function createApp(options: AppOptions): Express {
  const context = createContext(options);
  const { faults, variants } = context;
  // The clock the rate-limit store counts on: the app's, unless the instances' clocks differ.
  const accountingClock = context.clock;
  // Blind variant `bv2-instance-clocks-skewed`: two instances in turn, the second's clock 750 ms behind.
  const skewed = variants.has('bv2-instance-clocks-skewed') ? new SkewedInstances(context.clock) : undefined;
  if (skewed !== undefined) context.clock = skewed.clock;
  // Blind variants `bv2-votes-counted-every-request` …: the directory moves with each request.
  const live = liveDirectory(options.dataset, variants);
  // Blind variants of a live directory: no body is kept for the second (the data moves within it).
  if (live !== undefined) context.responses = undefined;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true); // D46
  app.set('strict routing', false); // D46: /games/ is /games
  app.set('query parser', parseQueryString);
  app.set('trust proxy', options.trustProxy === true);

  app.use(attachContext(context));
  // Blind variant `bv5-header-names-go-canonical`: first, so that it renames every header any layer sets.
  if (variants.has('bv5-header-names-go-canonical')) app.use(goCanonicalHeaders());
  // Blind variants of set 5 on the head of every answer (status line, Content-Type, nginx, X-Runtime).
  const heads = answerHeaders(variants);
  if (heads) app.use(heads);
  // Blind variant `bv5-vary-spring-cors-lines`: Spring's three Vary field lines.
  if (variants.has('bv5-vary-spring-cors-lines')) app.use(springVary());
  // Blind variant `bv3-cache-control-no-store`: every answer marked not to be stored.
  if (variants.has('bv3-cache-control-no-store')) app.use(notStored());
  // Blind variant `bv4-helmet-security-headers`: helmet's default headers on every answer.
  if (variants.has('bv4-helmet-security-headers')) app.use(securityHeaders());
  // Blind variants of set 1 on how answers are written (JSON text, Content-Type, framing, connection, gzip, messages).
  const rewriter = answerRewriter(variants);
  if (rewriter) app.use(rewriter);
  // Blind variant `bv4-json-trailing-newline`: JSON bodies end with a newline (before any coding above).
  if (variants.has('bv4-json-trailing-newline')) app.use(newlineEnded());
  // Blind variants of set 5 on how JSON is spelled (escaping, separators, averages): before the layers above.
  const respelled = jsonRespelled(variants);
  if (respelled) app.use(respelled);
  // Blind variant `bv4-ietf-ratelimit-headers`: the IETF draft's rate-limit headers beside X-RateLimit-*.
  if (variants.has('bv4-ietf-ratelimit-headers')) app.use(ietfRateLimitHeaders(accountingClock));
  if (skewed !== undefined) app.use(skewed.balance());
  // Blind variants `bv2-connection-close`, `bv2-keep-alive-max-requests`: when a connection is closed.
  const connections = connectionHandling(variants);
  if (connections !== undefined) app.use(connections);
  // Blind variant `bv2-chunked-body-writes`: bodies sent in several chunked writes.
  if (variants.has('bv2-chunked-body-writes')) app.use(chunkedBodies());
  // Blind variants `bv2-slow-statistics`, `bv2-latency-jitter`: answers held back before they leave.
  const delays = delayedAnswers(variants);
  if (delays !== undefined) app.use(delays);
  app.use(logRequests(context.logger));
  app.use(assignRequestId(faults));
  // Blind fault `blind31-request-id-module-variable`: the id kept in a module-level variable across the awaited key lookup.
  if (blindFault(faults, 'blind31-request-id-module-variable')) app.use(requestIdFromModuleVariable(faults));
  // Blind variant `bv1-request-id-prefixed`: request ids `req_` and 24 hex digits.
  if (variants.has('bv1-request-id-prefixed')) app.use(prefixedRequestIds());
  // Blind variant `bv2-request-ids-two-generators`: every second request's id from the other instance's generator.
  if (variants.has('bv2-request-ids-two-generators')) app.use(twoRequestIdGenerators(context.clock));
  // Blind variant `bv5-request-id-aspnet-trace-identifier`: ASP.NET Core's TraceIdentifier as the request id.
  if (variants.has('bv5-request-id-aspnet-trace-identifier')) app.use(kestrelTraceIdentifiers(context.clock));
  app.use(dateFromClock(context.clock));
  // Blind fault `blind16-post-malformed-json-500`: a JSON body parser for the whole application, its parse errors left to the error handler.
  if (blindFault(faults, 'blind16-post-malformed-json-500')) app.use(express.json());
  // AppOptions.movingData: the first request of each period serves the data's next step.
  if (options.movingData) {
    const moving = new MovingData(options.dataset, options.movingData);
    // The first reading starts the steps: from the app's creation, not its first request.
    moving.at(context.clock.now());
    app.use(followData(context, (nowMs) => moving.at(nowMs)));
  }
  // Blind variants of set 2 that move the data: each request takes the directory's next step.
  if (live !== undefined) app.use(followData(context, (nowMs) => live.onRequest(nowMs)));
  if (faults.has('cors-enabled')) app.use(allowAnyOrigin());
  // Blind fault `blind6-cors-origin-reflected`: a CORS middleware set to `origin: true` for the console's tryout.
  if (blindFault(faults, 'blind6-cors-origin-reflected')) app.use(reflectOrigin());
  // Blind fault `blind20-double-slashes-merged`: the front proxy merges runs of slashes in the path.
  if (blindFault(faults, 'blind20-double-slashes-merged')) app.use(mergeSlashes());
  // Blind fault `blind29-trace-echoed`: a diagnostics middleware answers TRACE with the request as received.
  if (blindFault(faults, 'blind29-trace-echoed')) app.use(tracedBack());
  // Blind fault `blind29-encoded-slash-decoded`: the front proxy decodes `%2F` in the path before routing.
  if (blindFault(faults, 'blind29-encoded-slash-decoded')) app.use(slashesDecoded());
  app.use(retiredLegacyEndpoint(context));

  const api = express.Router({ caseSensitive: true });
  // Blind fault `blind8-trailing-slash-skips-auth`: a trailing-slash normaliser ahead of authentication dispatches itself.
  if (blindFault(faults, 'blind8-trailing-slash-skips-auth')) api.use(trailingSlashDispatched(context));
  if (faults.has('method-before-auth')) api.use(allowOnlyGet(faults));
  if (faults.has('route-404-before-auth')) api.use(unknownRouteBeforeAuth());
  // Blind fault `blind9-revoked-key-rate-limit-headers`: the key counted before its revoked flag is checked.
  if (blindFault(faults, 'blind9-revoked-key-rate-limit-headers')) api.use(revokedKeyCounted(context));
  if (blindFault(faults, 'blind13-cached-answer-served-without-key')) api.use(cacheAheadOfAuth(context));
  // Blind fault `blind14-unknown-game-404-before-auth`: the game loaded by a path-parameter hook ahead of authentication.
  if (blindFault(faults, 'blind14-unknown-game-404-before-auth')) api.use(gameLoadedBeforeAuth(context));
  // Blind fault `blind20-429-cached-for-url`: an edge cache keeping 429 answers for their Retry-After seconds.
  if (blindFault(faults, 'blind20-429-cached-for-url')) api.use(refusalsKeptAtEdge(context));
  // Blind fault `blind20-validation-before-authentication`: the games' request validator ahead of authentication.
  if (blindFault(faults, 'blind20-validation-before-authentication'))
    api.use(gamesValidatedBeforeAuth(context));
  // Blind fault `blind29-scanner-filter-before-accounting`: a request filter against scanners ahead of authentication.
  if (blindFault(faults, 'blind29-scanner-filter-before-accounting')) api.use(scannerFilter());
  api.use(authenticate(context.keys, faults, variants));
  // Blind fault `blind18-subresource-404-before-accounting`: the sub-resources' game loaded ahead of the accounting.
  if (blindFault(faults, 'blind18-subresource-404-before-accounting'))
    api.use(subResourceGameLoaded(context));
  api.use(accountRateLimit(context.limiter, accountingClock, faults, context.logger));
  // Blind fault `blind17-json-body-parsed-before-method-check`: a JSON body parser mounted ahead of the method check.
  if (blindFault(faults, 'blind17-json-body-parsed-before-method-check')) api.use(express.json());
  // Blind fault `blind20-non-json-content-type-415`: the write methods' body-type guard, mounted for every request.
  if (blindFault(faults, 'blind20-non-json-content-type-415')) api.use(jsonContentTypeOnly());
  // Blind fault `blind20-other-methods-served-from-cache`: the cache lookup, by URL alone, ahead of the method check.
  if (blindFault(faults, 'blind20-other-methods-served-from-cache'))
    api.use(cacheLookupBeforeMethodCheck(context));
  // Blind variant `bv3-unknown-path-404-any-method`: an unknown path is 404 whatever the method, ahead of the 405.
  if (variants.has('bv3-unknown-path-404-any-method')) {
    api.use(
      unknownPathNotFound((path) => {
        const match = matchRoute(path);
        return match !== undefined && !strictlyUnrouted(path, match.params, variants);
      }),
    );
  }
  api.use(allowOnlyGet(faults));
  // Blind variant `bv4-leading-zeros-read-as-integers`: integers and ids read without their leading zeros.
  if (variants.has('bv4-leading-zeros-read-as-integers')) api.use(leadingZerosDropped());
  // Blind variant `bv5-query-names-case-insensitive`: query names matched ignoring case.
  if (variants.has('bv5-query-names-case-insensitive')) api.use(queryNamesMatchedIgnoringCase());
  // Blind fault `blind20-gzip-variant-cached-without-vary`: compression, and a cache inside it keyed by the URL alone.
  if (blindFault(faults, 'blind20-gzip-variant-cached-without-vary')) api.use(gzipVariantCached(context));
  // Blind fault `blind14-accept-not-json-406`: content negotiation with a JSON branch only.
  if (blindFault(faults, 'blind14-accept-not-json-406')) api.use(jsonOnlyNegotiation());
  api.use(routeOperations(context));
  // Blind fault `blind8-unknown-route-counted-twice`: the accounting mounted on the 404 fallback as well.
  if (blindFault(faults, 'blind8-unknown-route-counted-twice'))
    api.use(accountRateLimit(context.limiter, context.clock, faults, context.logger));
  api.use(routeNotFound(faults));
  // Blind variant `bv4-base-under-longer-prefix`: the API under `/mudverse/api/v1`.
  app.use(apiPrefixOf(variants), api);
  // Blind fault `blind6-api-without-version-served`: the API also mounted at `/api`, an unversioned "latest" alias.
  if (blindFault(faults, 'blind6-api-without-version-served')) app.use('/api', api);

  app.use(routeNotFound(faults));
  app.use(handleErrors(context.logger));
  // The server answers from here on; the games' orders and q text (game-index.ts), then the
  // review listing, build between requests. `warm` resolves once all is built.
  app.locals.context = context;
  app.locals.warm = context.games.buildInBackground().then(
    () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          context.reviews.build();
          resolve();
        }),
      ),
  );
  return app;
}

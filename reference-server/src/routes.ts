/**
 * The route table under /api/v1 (paths of spec/openapi.yaml). Matching is done here,
 * not by Express's router, so that a path parameter with a broken escape (`/games/%zz`)
 * reaches its handler as "no such id" (D17) instead of a decoding error. Literal
 * segments are case-sensitive and one trailing slash is ignored (D46).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from './context.ts';
import {
  apiBaseOf,
  getGame,
  getGameActivityPattern,
  getGameMssp,
  getGamePlayers,
  getGameStatistics,
  getReview,
  legacyJson,
  listGames,
  listReviews,
  listTags,
  type OperationHandler,
  type PathParams,
} from './operations.ts';
import { blindFault } from './blind-faults/set-1.ts';
import { pythonInt, springErrorBody } from './blind-faults/set-21-ports.ts';
import { sendError, sendJson, sendJsonBytes } from './respond.ts';
import { strictlyUnrouted } from './blind-variants/set-3-behaviour.ts';

interface Route {
  operationId: string;
  segments: string[];
  handler: OperationHandler;
}

function route(operationId: string, template: string, handler: OperationHandler): Route {
  return { operationId, segments: template.split('/').slice(1), handler };
}

export const ROUTES: readonly Route[] = [
  route('listGames', '/games', listGames),
  route('getGame', '/games/{gameId}', getGame),
  route('getGameMssp', '/games/{gameId}/mssp', getGameMssp),
  route('getGamePlayers', '/games/{gameId}/players', getGamePlayers),
  route('getGameStatistics', '/games/{gameId}/statistics', getGameStatistics),
  route('getGameActivityPattern', '/games/{gameId}/activity-pattern', getGameActivityPattern),
  route('listReviews', '/reviews', listReviews),
  route('getReview', '/reviews/{reviewId}', getReview),
  route('listTags', '/tags', listTags),
  // D30: the legacy endpoint also answers under the base, after authentication.
  route('getLegacyJson', '/json.php', legacyJson),
];

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function matchRoute(path: string): { route: Route; params: PathParams } | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/').slice(1);
  for (const candidate of ROUTES) {
    if (candidate.segments.length !== segments.length) continue;
    const params: PathParams = {};
    const matches = candidate.segments.every((template, i) => {
      const segment = segments[i]!;
      if (template.startsWith('{')) {
        params[template.slice(1, -1)] = decodeSegment(segment);
        return segment.length > 0;
      }
      return template === segment;
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}

/** Blind fault `blind8-request-id-replayed-from-cache`: per server, the clock second and the ids of its 200 answers. */
const keptRequestIds = new WeakMap<AppContext, { second: number; ids: Map<string, string> }>();

/**
 * Blind fault `blind8-request-id-replayed-from-cache`: a GET answered 200 before within the clock
 * second gets that answer's X-Request-ID; a first 200 keeps its own for the rest of the second.
 */
function replayRequestId(req: Request, res: Response, context: AppContext): void {
  const second = Math.floor(context.clock.now() / 1000);
  let kept = keptRequestIds.get(context);
  if (kept?.second !== second) keptRequestIds.set(context, (kept = { second, ids: new Map() }));
  const key = `${apiBaseOf(req)} ${req.originalUrl}`;
  const replayed = kept.ids.get(key);
  if (replayed !== undefined) {
    res.setHeader('X-Request-ID', replayed);
    return;
  }
  const { ids } = kept;
  res.on('finish', () => {
    const id = res.getHeader('X-Request-ID');
    if (res.statusCode === 200 && typeof id === 'string') ids.set(key, id);
  });
}

/** Blind fault `blind12-cache-replays-rate-limit-headers`: per server, the clock second and the rate-limit headers of its 200 answers. */
const keptRateLimitHeaders = new WeakMap<
  AppContext,
  { second: number; headers: Map<string, Array<[string, string]>> }
>();

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/**
 * Blind fault `blind12-cache-replays-rate-limit-headers`: a GET of a URL answered 200 before within
 * the clock second gets that answer's rate-limit headers, whatever key it was sent with.
 */
function replayRateLimitHeaders(req: Request, res: Response, context: AppContext): void {
  const second = Math.floor(context.clock.now() / 1000);
  let kept = keptRateLimitHeaders.get(context);
  if (kept?.second !== second) keptRateLimitHeaders.set(context, (kept = { second, headers: new Map() }));
  const key = `${apiBaseOf(req)} ${req.originalUrl}`;
  const replayed = kept.headers.get(key);
  if (replayed !== undefined) {
    for (const [name, value] of replayed) res.setHeader(name, value);
    return;
  }
  const { headers } = kept;
  res.on('finish', () => {
    if (res.statusCode !== 200) return;
    const values: Array<[string, string]> = [];
    for (const name of RATE_LIMIT_HEADERS) {
      const value = res.getHeader(name);
      if (typeof value === 'string') values.push([name, value]);
    }
    headers.set(key, values);
  });
}

/** Blind fault `blind20-cache-key-truncated-250`: the longest key the memcached-style store takes. */
const CACHE_KEY_LIMIT = 250;

/**
 * Blind fault `blind20-broken-path-escape-400-html`: what Express's default error handler
 * (finalhandler) sends for the router's "Failed to decode param" error, a 400 HTML page.
 */
function brokenEscapePage(req: Request, res: Response): void {
  const segment = req.path.split('/').find((part) => decodeSegment(part) === undefined) ?? '';
  const escaped = segment.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res.statusCode = 400;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>URIError: Failed to decode param &#39;${escaped}&#39;</pre>\n</body>\n</html>\n`,
  );
}

/** The operations that define no query parameter (fault `undefined-param-refused` refuses any). */
const STRICT_QUERY_OPERATIONS: ReadonlySet<string> = new Set([
  'getGame',
  'getGameMssp',
  'getReview',
  'listTags',
]);

/** Dispatches to the operation's handler; an unmatched path falls through to the JSON 404. */
export function routeOperations(context: AppContext): RequestHandler {
  return (req, res, next) => {
    let match = matchRoute(req.path);
    // Blind variants `bv3-trailing-slash-route-not-found`, `bv3-non-numeric-id-route-not-found`: stricter patterns.
    if (match && context.variants.size > 0 && strictlyUnrouted(req.path, match.params, context.variants))
      match = undefined;
    // Blind fault `blind13-format-suffix-routes`: a `.json` format suffix accepted on every route.
    if (blindFault(context.faults, 'blind13-format-suffix-routes') && req.path.endsWith('.json')) {
      match = matchRoute(req.path.slice(0, -'.json'.length)) ?? match;
    }
    // Blind fault `blind7-route-prefix-match`: route patterns not anchored at their end, the most specific tried first.
    if (!match && blindFault(context.faults, 'blind7-route-prefix-match')) {
      const segments = req.path.split('/').filter((segment, i) => i === 0 || segment.length > 0);
      for (let n = segments.length - 1; n > 1 && !match; n--)
        match = matchRoute(segments.slice(0, n).join('/'));
    }
    // Blind fault `blind12-routes-case-insensitive`: routes matched ignoring letter case (Express's default).
    if (!match && blindFault(context.faults, 'blind12-routes-case-insensitive')) {
      match = matchRoute(req.path.toLowerCase());
    }
    // Blind fault `blind8-api-root-index-served`: the base address answered with an index of the collections.
    if (!match && req.path === '/' && blindFault(context.faults, 'blind8-api-root-index-served')) {
      const base = apiBaseOf(req);
      sendJson(res, 200, {
        data: { games: `${base}/games`, reviews: `${base}/reviews`, tags: `${base}/tags` },
      });
      return;
    }
    if (!match) {
      // Blind fault `blind3-game-subpath-game-not-found`: the games router's own 404 answers below a game.
      if (
        blindFault(context.faults, 'blind3-game-subpath-game-not-found') &&
        /^\/games\/[^/]+\/./.test(req.path)
      ) {
        sendError(res, 'game_not_found');
        return;
      }
      next();
      return;
    }
    // Blind fault `blind7-json-php-with-query-not-gone`: the retired endpoint matched on the URL as sent, query included.
    if (
      blindFault(context.faults, 'blind7-json-php-with-query-not-gone') &&
      match.route.operationId === 'getLegacyJson' &&
      req.originalUrl.includes('?')
    ) {
      next();
      return;
    }
    // Blind fault `blind20-broken-path-escape-400-html`: the framework's router decodes the parameters, its error page answers.
    if (
      blindFault(context.faults, 'blind20-broken-path-escape-400-html') &&
      Object.values(match.params).some((value) => value === undefined)
    ) {
      brokenEscapePage(req, res);
      return;
    }
    if (context.faults.size > 0 && portedPathIds(req, res, match.params, context)) return;
    res.locals.operationId = match.route.operationId;
    // Fault `undefined-param-refused`: one strict query validator for every operation, refusing what it does not define.
    if (
      context.faults.has('undefined-param-refused') &&
      STRICT_QUERY_OPERATIONS.has(match.route.operationId) &&
      new URL(req.originalUrl, 'http://x').searchParams.size > 0
    ) {
      sendError(res, 'invalid_filter', 'This operation takes no query parameters.');
      return;
    }
    // Blind fault `blind8-request-id-replayed-from-cache`: a 200's X-Request-ID kept with its body for the clock second.
    if (
      context.faults.size > 0 &&
      blindFault(context.faults, 'blind8-request-id-replayed-from-cache') &&
      req.method === 'GET'
    ) {
      replayRequestId(req, res, context);
    }
    // Blind fault `blind12-cache-replays-rate-limit-headers`: a 200's headers kept with its body, keyed by the URL alone.
    if (
      context.faults.size > 0 &&
      blindFault(context.faults, 'blind12-cache-replays-rate-limit-headers') &&
      req.method === 'GET'
    ) {
      replayRateLimitHeaders(req, res, context);
    }
    const { responses } = context;
    if (responses === undefined || req.method !== 'GET') {
      match.route.handler(req, res, match.params, context);
      return;
    }
    // One clock reading for the whole request: the body is a function of its second (response-cache.ts).
    const nowMs = context.clock.now();
    const second = Math.floor(nowMs / 1000);
    let key = `${apiBaseOf(req)} ${req.originalUrl}`;
    // Blind fault `blind20-links-host-header-cache-poisoned`: the cache keyed by the URL's path and query alone.
    if (blindFault(context.faults, 'blind20-links-host-header-cache-poisoned')) key = req.originalUrl;
    // Blind fault `blind20-cache-key-truncated-250`: the key cut to the store's 250-byte limit instead of hashed.
    if (blindFault(context.faults, 'blind20-cache-key-truncated-250')) key = key.slice(0, CACHE_KEY_LIMIT);
    const body = responses.get(second, key);
    if (body !== undefined) {
      sendJsonBytes(res, body);
      return;
    }
    res.locals.cacheSlot = { cache: responses, second, key };
    match.route.handler(req, res, match.params, { ...context, clock: { now: () => nowMs } });
  };
}

/**
 * Blind faults `blind21-path-id-python-int` (ids read by Python's `int()`) and
 * `blind21-non-numeric-id-400` (Spring's type mismatch answered by its default error handler).
 * True when the request was answered.
 */
function portedPathIds(req: Request, res: Response, params: PathParams, context: AppContext): boolean {
  if (blindFault(context.faults, 'blind21-path-id-python-int')) {
    for (const name of ['gameId', 'reviewId']) {
      const text = params[name];
      const read = text === undefined ? undefined : pythonInt(text);
      if (read !== undefined) params[name] = read;
    }
  }
  if (blindFault(context.faults, 'blind21-non-numeric-id-400')) {
    const mismatch = ['gameId', 'reviewId'].some((name) => {
      const text = params[name];
      return text !== undefined && !/^[+-]?\d+$/.test(text);
    });
    if (mismatch) {
      res
        .status(400)
        .json(springErrorBody(400, 'Bad Request', req.originalUrl.split('?')[0]!, context.clock.now()));
      return true;
    }
  }
  return false;
}

/**
 * The reference server as an Express application, separate from `listen` (server.ts)
 * so that tests run it in-process with an injected clock. The middleware order is
 * the API's order (§5, §7; DECISIONS D27–D30), top to bottom:
 *
 *   request log → request id → Date from the clock → legacy /json.php (no key, D30) →
 *   under /api/v1: authentication → rate-limit accounting → method check →
 *                  routes (parameter validation → handler) → JSON 404 →
 *   JSON 404 outside the API → error handler.
 */
import express, { type Express, type RequestHandler } from 'express';
import { API_PREFIX, createContext, type AppOptions } from './context.ts';
import { accountRateLimit } from './middleware/rate-limit.ts';
import { allowOnlyGet } from './middleware/method-check.ts';
import { assignRequestId, dateFromClock } from './middleware/request-id.ts';
import { authenticate } from './middleware/authenticate.ts';
import { handleErrors } from './middleware/error-handler.ts';
import { logRequests } from './middleware/request-log.ts';
import { parseQueryString } from './query-parser.ts';
import { sendError } from './respond.ts';
import { routeOperations } from './routes.ts';

export type { AppOptions, Clock } from './context.ts';

/** §1.6, §9.3, D30: the retired endpoint at the origin root answers 410 to anyone, whatever the method. */
function retiredLegacyEndpoint(): RequestHandler {
  return (req, res, next) => {
    if (req.path !== '/json.php') {
      next();
      return;
    }
    sendError(res, 'endpoint_retired');
  };
}

/** §4: an unknown path answers 404 `route_not_found` (as JSON, never Express's HTML page). */
function routeNotFound(): RequestHandler {
  return (_req, res) => sendError(res, 'route_not_found');
}

export function createApp(options: AppOptions): Express {
  const context = createContext(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true); // D46
  app.set('strict routing', false); // D46: /games/ is /games
  app.set('query parser', parseQueryString);
  app.set('trust proxy', options.trustProxy === true);

  app.use(logRequests(context.logger));
  app.use(assignRequestId());
  app.use(dateFromClock(context.clock));
  app.use(retiredLegacyEndpoint());

  const api = express.Router({ caseSensitive: true });
  api.use(authenticate(context.keys));
  api.use(accountRateLimit(context.limiter, context.clock));
  api.use(allowOnlyGet());
  api.use(routeOperations(context));
  api.use(routeNotFound());
  app.use(API_PREFIX, api);

  app.use(routeNotFound());
  app.use(handleErrors(context.logger));
  return app;
}

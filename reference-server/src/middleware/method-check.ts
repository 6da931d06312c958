import type { RequestHandler } from 'express';
import { blindFault } from '../blind-faults/set-1.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';
import { errorEnvelope } from '../errors.ts';
import { sendError, sendJson } from '../respond.ts';

/**
 * §4: "Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`" —
 * HEAD and OPTIONS included (D27; Node then sends no body for HEAD). It runs after
 * authentication and accounting (D28), before routing, so it answers every path.
 */
export function allowOnlyGet(faults: FaultSet = NO_FAULTS): RequestHandler {
  return (req, res, next) => {
    // Blind fault `blind14-method-override-honoured`: a method-override middleware reads X-HTTP-Method-Override on POSTs.
    if (
      blindFault(faults, 'blind14-method-override-honoured') &&
      req.method === 'POST' &&
      String(req.headers['x-http-method-override'] ?? '').toUpperCase() === 'GET'
    ) {
      req.method = 'GET';
      next();
      return;
    }
    // Blind fault `blind27-statistics-other-methods-served`: the statistics router's `router.all`, ahead of this guard.
    if (
      blindFault(faults, 'blind27-statistics-other-methods-served') &&
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) &&
      /^\/games\/[^/]+\/(statistics|activity-pattern)\/?$/.test(req.path)
    ) {
      next();
      return;
    }
    if (req.method === 'GET' || (req.method === 'HEAD' && faults.has('head-answered-200'))) {
      next();
      return;
    }
    // Blind fault `blind7-patch-answered-as-get`: a list of refused methods instead of GET only; PATCH is not on it.
    if (
      blindFault(faults, 'blind7-patch-answered-as-get') &&
      !['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'].includes(req.method)
    ) {
      next();
      return;
    }
    if (req.method === 'OPTIONS' && faults.has('options-answered-204')) {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(204).end();
      return;
    }
    // Blind fault `blind32-delete-route-not-found`: DELETE missing from the guard's list, so routed (no route: 404).
    if (blindFault(faults, 'blind32-delete-route-not-found') && req.method === 'DELETE') {
      sendError(res, 'route_not_found');
      return;
    }
    if (faults.has('post-404-instead-of-405')) {
      sendError(res, 'route_not_found');
      return;
    }
    if (!faults.has('method-not-allowed-without-allow')) {
      // Blind fault `blind-405-allow-get-head`: HEAD listed as allowed, as frameworks do for GET routes.
      res.setHeader('Allow', blindFault(faults, 'blind-405-allow-get-head') ? 'GET, HEAD' : 'GET');
    }
    // Blind fault `blind3-405-without-rate-limit-headers`: the 405 answered from a handler that resets the headers.
    if (blindFault(faults, 'blind3-405-without-rate-limit-headers')) {
      for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
        res.removeHeader(header);
      }
    }
    // Blind fault `blind15-405-empty-body`: the refusal answered with `res.status(405).end()`, no JSON body.
    if (blindFault(faults, 'blind15-405-empty-body')) {
      res.status(405).end();
      return;
    }
    // Blind fault `blind35-405-code-of-route-not-found`: the refusal copied from the unknown route's, its code kept.
    if (blindFault(faults, 'blind35-405-code-of-route-not-found')) {
      sendJson(res, 405, errorEnvelope('route_not_found', res.locals.requestId));
      return;
    }
    sendError(res, 'method_not_allowed');
  };
}

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { blindFault } from '../blind-faults/set-1.ts';
import type { Clock } from '../context.ts';
import { NO_FAULTS, type FaultSet } from '../faults.ts';

/**
 * A fresh UUID per request (D38; a client-sent X-Request-ID is ignored). It goes into
 * every error body at once; the X-Request-ID header is only set once the request is
 * authenticated and counted (§7), see rate-limit.ts.
 */
export function assignRequestId(faults: FaultSet = NO_FAULTS): RequestHandler {
  const startupId = randomUUID();
  // Blind fault `blind6-request-id-counter-number`: ids from an integer sequence (respond.ts writes them as numbers).
  const sequence = blindFault(faults, 'blind6-request-id-counter-number');
  let issued = 0;
  // Blind fault `blind16-request-id-per-connection`: the id made with the connection's logger context, once per socket.
  const perConnection = blindFault(faults, 'blind16-request-id-per-connection');
  const idsOfConnections = new WeakMap<object, string>();
  const echoed = blindFault(faults, 'blind26-request-id-echoes-client');
  return (_req, res, next) => {
    // Blind fault `blind26-request-id-echoes-client`: a caller's own X-Request-ID propagated as the id.
    if (echoed) {
      const sent = _req.headers['x-request-id'];
      if (typeof sent === 'string' && sent !== '') {
        res.locals.requestId = sent;
        next();
        return;
      }
    }
    if (perConnection) {
      let id = idsOfConnections.get(_req.socket);
      if (id === undefined) idsOfConnections.set(_req.socket, (id = randomUUID()));
      res.locals.requestId = id;
      next();
      return;
    }
    if (sequence) res.locals.requestId = String((issued += 1));
    else res.locals.requestId = faults.has('request-id-generated-once') ? startupId : randomUUID();
    next();
  };
}

/**
 * The Date header from the injected clock, so that a client comparing X-RateLimit-Reset
 * or the time windows against Date (D32, D48) sees one consistent time even when the
 * clock is frozen (`--now`) or driven by a test.
 */
export function dateFromClock(clock: Clock): RequestHandler {
  // The header has whole seconds: formatted once per second of the clock (as Node does for its own).
  let second = Number.NaN;
  let formatted = '';
  return (_req, res, next) => {
    const now = Math.floor(clock.now() / 1000);
    if (now !== second) {
      second = now;
      formatted = new Date(now * 1000).toUTCString();
    }
    res.setHeader('Date', formatted);
    next();
  };
}

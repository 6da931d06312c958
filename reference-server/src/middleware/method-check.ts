import type { RequestHandler } from 'express';
import { sendError } from '../respond.ts';

/**
 * §4: "Any other method returns 405 (`method_not_allowed`) with header `Allow: GET`" —
 * HEAD and OPTIONS included (D27; Node then sends no body for HEAD). It runs after
 * authentication and accounting (D28), before routing, so it answers every path.
 */
export function allowOnlyGet(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET') {
      next();
      return;
    }
    res.setHeader('Allow', 'GET');
    sendError(res, 'method_not_allowed');
  };
}

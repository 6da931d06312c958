import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../respond.ts';

/**
 * Last in the chain: whatever reaches it (handlers answer their own errors) is a 500
 * `internal_error` carrying X-Request-ID (§7) — the stack goes to the log, never to
 * the client.
 */
export function handleErrors(logger: Logger | undefined): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    res.locals.requestId ??= randomUUID();
    logger?.error({ err, request_id: res.locals.requestId, path: req.path }, 'unhandled error');
    res.setHeader('X-Request-ID', res.locals.requestId);
    res.removeHeader('Retry-After');
    sendError(res, 'internal_error');
  };
}

import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * One structured log line per request once the response is finished: method, path
 * (no query string), status, duration, request id and the key's label. Never the key.
 */
export function logRequests(logger: Logger | undefined): RequestHandler {
  return (req, res, next) => {
    if (!logger) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
          request_id: res.locals.requestId,
          key_label: res.locals.apiKey?.label ?? null,
          operation: res.locals.operationId ?? null,
        },
        'request',
      );
    });
    next();
  };
}

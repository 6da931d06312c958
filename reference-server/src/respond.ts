/** Writing responses: JSON bodies and the error envelope of §7. */
import type { Response } from 'express';
import { ERRORS, errorEnvelope, type ErrorCode, type ErrorEnvelope } from './errors.ts';

export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}

export function sendError(res: Response, code: ErrorCode, message?: string, details?: unknown): void {
  const envelope: Partial<ErrorEnvelope> = errorEnvelope(code, res.locals.requestId, message, details);
  if (res.app.locals.faults?.has('error-without-request-id')) delete envelope.request_id;
  sendJson(res, ERRORS[code].status, envelope);
}

/** Writing responses: JSON bodies and the error envelope of §7. */
import type { Response } from 'express';
import { ERRORS, errorEnvelope, type ErrorCode } from './errors.ts';

export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}

export function sendError(res: Response, code: ErrorCode, message?: string, details?: unknown): void {
  sendJson(res, ERRORS[code].status, errorEnvelope(code, res.locals.requestId, message, details));
}

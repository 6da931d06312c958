/**
 * Blind variant set 4's error bodies (`bv4-error-doc-url`, `bv4-error-details-always`), apart from
 * set-4-behaviour.ts: respond.ts writes every error with them, and set-4-behaviour.ts reads
 * respond.ts (`onAnswer`), so keeping them there made an import circle.
 */
import type { Response } from 'express';

/** Variant `bv4-error-doc-url`: where each error code is documented. */
export function docUrlOf(code: string): string {
  return `https://mudverse.example/docs/api/errors#${code}`;
}

/**
 * Variant `bv4-error-details-always`: the details of an error that has none: the request's method
 * and path, with what the code adds (the allowed method, the wait, the scheme expected).
 */
export function errorContext(res: Response, code: string): Record<string, unknown> {
  const { method, originalUrl } = res.req;
  const at = originalUrl.indexOf('?');
  const details: Record<string, unknown> = { method, path: at < 0 ? originalUrl : originalUrl.slice(0, at) };
  if (code === 'method_not_allowed') details.allowed = ['GET'];
  if (code === 'authentication_required' || code === 'invalid_api_key') details.scheme = 'Bearer';
  const retryAfter = res.getHeader('Retry-After');
  if (code === 'rate_limit_exceeded' && retryAfter !== undefined) details.retry_after = Number(retryAfter);
  return details;
}

/**
 * The error registry: every error code the API answers with, its HTTP status and
 * its default message (§7 "Errors", plus DECISIONS D16 `review_not_found` and D30
 * `endpoint_retired`). Handlers raise codes, never statuses; errors.test.ts pins
 * this table against the codes that appear in spec/openapi.yaml.
 */
import type { components } from '../../spec/generated/openapi.d.ts';

export const ERRORS = {
  authentication_required: {
    status: 401,
    message: 'An Authorization header with a Bearer API key is required.',
  },
  invalid_api_key: { status: 401, message: 'The API key is malformed, unknown or revoked.' },
  route_not_found: { status: 404, message: 'No API route matches this path.' },
  game_not_found: { status: 404, message: 'No game has this id.' },
  review_not_found: { status: 404, message: 'No review has this id.' },
  method_not_allowed: { status: 405, message: 'Only GET is supported.' },
  endpoint_retired: {
    status: 410,
    message: 'This legacy endpoint is retired; use the API at /api/v1 with a key.',
  },
  invalid_filter: { status: 422, message: 'A filter value or combination is invalid.' },
  invalid_date_range: {
    status: 422,
    message: 'The granularity, a date, the date ordering or the range length is invalid.',
  },
  invalid_statistics_query: {
    status: 422,
    message: 'The metric, resolution, date range or time zone is invalid.',
  },
  rate_limit_exceeded: { status: 429, message: 'The minute or UTC-day request limit is exhausted.' },
  internal_error: { status: 500, message: 'The server could not complete the request.' },
  statistics_pending: { status: 503, message: 'The requested historical range is still being prepared.' },
  statistics_unavailable: { status: 503, message: 'Statistics are temporarily unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The error envelope of §2 "Error response": `{error: {code, message, details?}, request_id}`. */
export type ErrorEnvelope = components['schemas']['Error'];

export function errorEnvelope(
  code: ErrorCode,
  requestId: string,
  message: string = ERRORS[code].message,
  details?: unknown,
): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { code, message };
  if (details !== undefined) error.details = details;
  return { error, request_id: requestId };
}

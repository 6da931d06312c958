/**
 * Assertion helpers for checks. Each one either returns what it checked or throws a
 * CheckFailure with Expected / Received, the request (key redacted) and a response excerpt.
 */
import { CheckFailure, type Failure } from './check.ts';
import type { ApiResponse } from './http-client.ts';

const EXCERPT_CHARS = 600;

/** The first characters of a response body, for a failure report. */
export function responseExcerpt(response: ApiResponse): string {
  const text = response.text;
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** A Failure about one response (request and excerpt filled in). */
export function failureOf(
  response: ApiResponse,
  message: string,
  expected: string,
  received: string,
): Failure {
  return {
    message,
    expected,
    received,
    request: response.request,
    responseExcerpt: responseExcerpt(response),
  };
}

/** Throws a CheckFailure about one response. */
export function failWith(response: ApiResponse, message: string, expected: string, received: string): never {
  throw new CheckFailure(failureOf(response, message, expected, received));
}

function describeStatus(response: ApiResponse): string {
  const code = errorCodeOf(response);
  return code === undefined ? `HTTP ${response.status}` : `HTTP ${response.status} (${code})`;
}

function oneOf<T>(values: readonly T[]): string {
  return values.length === 1 ? String(values[0]) : `one of ${values.join(', ')}`;
}

/** The `error.code` of an error envelope, if the body has one. */
export function errorCodeOf(response: ApiResponse): string | undefined {
  const body = response.body as { error?: { code?: unknown } } | undefined;
  const code = body?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The status is `status` (or one of them). */
export function expectStatus(response: ApiResponse, status: number | readonly number[], what?: string): void {
  const allowed = typeof status === 'number' ? [status] : status;
  if (!allowed.includes(response.status)) {
    failWith(
      response,
      `${what ?? `${response.request.method} ${new URL(response.url).pathname}`}: unexpected status ${response.status}`,
      `HTTP ${oneOf(allowed)}`,
      describeStatus(response),
    );
  }
}

/** The status is `status` and the body is an error envelope whose `error.code` is `code` (or one of them). */
export function expectErrorCode(
  response: ApiResponse,
  status: number | readonly number[],
  code: string | readonly string[],
): void {
  const statuses = typeof status === 'number' ? [status] : status;
  const codes = typeof code === 'string' ? [code] : code;
  const expected = `HTTP ${oneOf(statuses)} with error.code ${oneOf(codes)}`;
  if (!statuses.includes(response.status)) {
    failWith(response, `unexpected status ${response.status}`, expected, describeStatus(response));
  }
  if (!response.isJson) {
    failWith(
      response,
      `error response is not JSON`,
      expected,
      `HTTP ${response.status} with a non-JSON body`,
    );
  }
  const actual = errorCodeOf(response);
  if (actual === undefined || !codes.includes(actual)) {
    failWith(
      response,
      actual === undefined ? 'error response has no error.code' : `unexpected error code ${actual}`,
      expected,
      describeStatus(response),
    );
  }
}

/**
 * The header is present and satisfies `test` (a RegExp, or a predicate on its value); returns
 * the value. `description` says what was expected, for the report.
 */
export function expectHeader(
  response: ApiResponse,
  name: string,
  test?: RegExp | ((value: string) => boolean),
  description?: string,
): string {
  const lower = name.toLowerCase();
  const value = response.headers[lower];
  const want = description ?? (test instanceof RegExp ? `header ${name} matching ${test}` : `header ${name}`);
  if (value === undefined) {
    failWith(response, `header ${name} is missing`, want, `no ${name} header`);
  }
  const ok = test === undefined ? true : test instanceof RegExp ? test.test(value) : test(value);
  if (!ok) {
    failWith(response, `header ${name} has an unexpected value`, want, `${name}: ${value}`);
  }
  return value;
}
